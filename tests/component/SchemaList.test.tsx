import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError, type GetListParams } from 'react-admin';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const dealers = [
  { id: 1, code: 'D001', name: '東邦薬品', prefectureId: 13, prefectureName: '東京都' },
  { id: 2, code: 'D002', name: 'スズケン', prefectureId: 23, prefectureName: '愛知県' },
  { id: 3, code: 'D003', name: 'アルフレッサ', prefectureId: 27, prefectureName: '大阪府' },
];

const renderDealers = () => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: dealers, total: 60, meta: { totalPages: 3, currentPage: 1 } }));
  const dataProvider = createTestDataProvider({ getList: getList as never });
  renderWithAdmin(<SchemaList />, { dataProvider, resource: 'v2/core/dealers', initialEntries: ['/v2/core/dealers'] });
  return { getList };
};

describe('SchemaList (dealers)', () => {
  it('shows the declared columns in Japanese, the total and a row per dealer', async () => {
    const { getList } = renderDealers();
    const table = await screen.findByRole('table');
    await within(table).findByText('東邦薬品');

    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent?.trim())).toEqual([
      'ID',
      '卸コード',
      '卸名',
      '都道府県ID',
      '都道府県名',
      '操作',
    ]);
    expect(screen.getByTestId('list-total')).toHaveTextContent('全 60 件');

    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('D002')).toBeInTheDocument();
    expect(within(rows[1]).getByText('愛知県')).toBeInTheDocument();
    for (const row of rows) expect(within(row).getByRole('link', { name: /詳細/ })).toBeInTheDocument();
    // Dealers have no edit screen in the list.
    expect(within(table).queryByRole('link', { name: /編集/ })).not.toBeInTheDocument();

    // Default sort is id ascending (spec section 9), first page.
    expect(getList).toHaveBeenCalledWith(
      'v2/core/dealers',
      expect.objectContaining({ sort: { field: 'id', order: 'ASC' }, pagination: expect.objectContaining({ page: 1 }) }),
    );
    // 60 records over the server's page size: page links.
    expect(screen.getByRole('button', { name: '3ページ' })).toBeInTheDocument();
  });

  it('searches by dealer name', async () => {
    const { getList } = renderDealers();
    const search = await screen.findByPlaceholderText('卸名で検索');
    await screen.findByText('東邦薬品');
    const user = userEvent.setup();
    await user.type(search, 'スズ');
    await waitFor(
      () =>
        expect(getList).toHaveBeenLastCalledWith(
          'v2/core/dealers',
          expect.objectContaining({ filter: expect.objectContaining({ query: 'スズ' }) }),
        ),
      { timeout: 3000 },
    );
  });
});

describe('SchemaList when the list cannot load', () => {
  it('says so in the list\'s place, not as an empty result, and retries', async () => {
    const getList = vi
      .fn(async (_resource: string, _params: GetListParams) => ({ data: dealers, total: 3, meta: { totalPages: 1, currentPage: 1 } }))
      .mockRejectedValueOnce(new HttpError('サーバーでエラーが発生しました。', 500, { messages: ['サーバーでエラーが発生しました。'], errors: {} }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const dataProvider = createTestDataProvider({ getList: getList as never });
    renderWithAdmin(<SchemaList />, { dataProvider, resource: 'v2/core/dealers', initialEntries: ['/v2/core/dealers'] });
    const alert = await screen.findByText(/一覧を読み込めませんでした。/);
    expect(alert).toHaveTextContent('サーバーでエラーが発生しました。');
    expect(screen.queryByText('卸が見つかりません')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByText('東邦薬品')).toBeInTheDocument();
  });
});

describe('SchemaList sorting, for screen readers', () => {
  it('marks only the sorted column header with aria-sort', async () => {
    renderDealers();
    const table = await screen.findByRole('table');
    await within(table).findByText('東邦薬品');
    await waitFor(() => expect(within(table).getByRole('columnheader', { name: /^ID/ })).toHaveAttribute('aria-sort', 'ascending'));
    expect(within(table).getAllByRole('columnheader').filter((cell) => cell.hasAttribute('aria-sort'))).toHaveLength(1);
    for (const cell of within(table).getAllByRole('cell')) expect(cell).not.toHaveAttribute('aria-sort');
  });
});

describe('SchemaList on a narrow screen', () => {
  const screenWider = (than: boolean) =>
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: than, media: query, addEventListener: () => {}, removeEventListener: () => {}, addListener: () => {}, removeListener: () => {}, onchange: null, dispatchEvent: () => false }) as MediaQueryList,
    );
  const edges = async () => {
    const table = await screen.findByRole('table');
    await within(table).findByText('東邦薬品');
    const cells = within(within(table).getAllByRole('row')[1]).getAllByRole('cell');
    // Header cells are all sticky to the top (react-admin); a pinned column's are also held at one side.
    const header = within(table).getAllByRole('columnheader');
    const pinned = (cell: HTMLElement) => getComputedStyle(cell).position === 'sticky';
    return {
      id: [getComputedStyle(header[0]).left, pinned(cells[0])],
      actions: [getComputedStyle(header.at(-1)!).right, pinned(cells.at(-1)!)],
    };
  };

  it('pins the actions column from the sm breakpoint up', async () => {
    screenWider(true);
    renderDealers();
    expect(await edges()).toEqual({ id: ['0px', true], actions: ['0px', true] });
    vi.restoreAllMocks();
  });

  it('lets the actions scroll with the row on a phone, so they do not cover the columns', async () => {
    screenWider(false);
    renderDealers();
    expect(await edges()).toEqual({ id: ['0px', true], actions: ['', false] });
    vi.restoreAllMocks();
  });
});
