import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { PageLinks } from '../../src/resources/schema/list/PageLinks';
import { renderWithAdmin } from './renderWithAdmin';

const listContext = (overrides: Partial<ListControllerResult>): ListControllerResult =>
  ({
    data: [],
    total: 0,
    page: 1,
    perPage: 25,
    setPage: vi.fn(),
    setPerPage: vi.fn(),
    isPending: false,
    isLoading: false,
    isFetching: false,
    resource: 'v2/core/dealers',
    sort: { field: 'id', order: 'ASC' },
    setSort: vi.fn(),
    filterValues: {},
    displayedFilters: {},
    setFilters: vi.fn(),
    showFilter: vi.fn(),
    hideFilter: vi.fn(),
    selectedIds: [],
    onSelect: vi.fn(),
    onToggleItem: vi.fn(),
    onUnselectItems: vi.fn(),
    hasNextPage: false,
    hasPreviousPage: false,
    ...overrides,
  }) as unknown as ListControllerResult;

const renderLinks = (overrides: Partial<ListControllerResult>) => {
  const context = listContext(overrides);
  renderWithAdmin(
    <ListContextProvider value={context}>
      <PageLinks />
    </ListContextProvider>,
  );
  return context;
};

const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'ページ送り' }))
    .getAllByRole('button', { name: /^\d+ページ$/ })
    .map((button) => Number(button.textContent));

describe('PageLinks', () => {
  it('shows at most 10 page links around the current page, which is marked', () => {
    renderLinks({ total: 1000, perPage: 25, page: 20, meta: { totalPages: 40 } });
    expect(pageButtons()).toEqual([16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    const current = screen.getByRole('button', { name: '20ページ' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: '21ページ' })).not.toHaveAttribute('aria-current');
    expect(screen.getAllByRole('button').filter((button) => button.getAttribute('aria-current') === 'page')).toHaveLength(1);
  });

  it('shows every page when there are fewer than 10', () => {
    renderLinks({ total: 60, perPage: 25, page: 1, meta: { totalPages: 3 } });
    expect(pageButtons()).toEqual([1, 2, 3]);
    expect(screen.getByRole('button', { name: '最初のページ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '前のページ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '次のページ' })).toBeEnabled();
  });

  it('keeps 10 links at the last page', () => {
    renderLinks({ total: 1000, perPage: 25, page: 40, meta: { totalPages: 40 } });
    expect(pageButtons()).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(screen.getByRole('button', { name: '次のページ' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '最後のページ' })).toBeDisabled();
  });

  it('calls setPage with the clicked page', async () => {
    const context = renderLinks({ total: 1000, perPage: 25, page: 20, meta: { totalPages: 40 } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '23ページ' }));
    expect(context.setPage).toHaveBeenLastCalledWith(23);
    await user.click(screen.getByRole('button', { name: '次のページ' }));
    expect(context.setPage).toHaveBeenLastCalledWith(21);
    await user.click(screen.getByRole('button', { name: '前のページ' }));
    expect(context.setPage).toHaveBeenLastCalledWith(19);
    await user.click(screen.getByRole('button', { name: '最初のページ' }));
    expect(context.setPage).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: '最後のページ' }));
    expect(context.setPage).toHaveBeenLastCalledWith(40);
    expect(context.setPage).toHaveBeenCalledTimes(5);
  });

  it('takes the page count from the server, not from a client page size (x-total-pages)', () => {
    // The server pages by 50: 1000 records are 20 pages, whatever react-admin's perPage says.
    renderLinks({ total: 1000, perPage: 25, page: 20, meta: { totalPages: 20 } });
    expect(pageButtons()).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(screen.getByRole('button', { name: '最後のページ' })).toBeDisabled();
  });

  it('renders nothing without the server\'s page count (never a guess)', () => {
    renderLinks({ total: 1000, perPage: 25, page: 1 });
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).not.toBeInTheDocument();
  });

  it('renders nothing for a single page', () => {
    renderLinks({ total: 20, perPage: 25, page: 1, meta: { totalPages: 1 } });
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).not.toBeInTheDocument();
  });

  it('renders nothing while the list is loading', () => {
    renderLinks({ total: undefined, perPage: 25, page: 1, isPending: true });
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).not.toBeInTheDocument();
  });
});
