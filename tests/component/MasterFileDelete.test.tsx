import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const files = [
  { id: 41, fileName: 'bad-20261120.csv', fileDate: '2026-11-20', rowsCount: null, importedAt: null },
  { id: 40, fileName: 'MEDIS_HOT13_20261022.csv', fileDate: '2026-10-22', rowsCount: 120, importedAt: '2026-11-01T09:00:00+09:00' },
];

describe('the HOT code master file list (issue 22 item 6)', () => {
  const renderList = () => {
    const getList = vi.fn(async () => ({ data: files, total: 2, meta: { totalPages: 1, currentPage: 1 } }));
    const dataProvider = createTestDataProvider({ getList: getList as never });
    renderWithAdmin(<SchemaList />, { dataProvider, resource: 'v2/core/master_sources/medis_bases', initialEntries: ['/v2/core/master_sources/medis_bases'] });
    return dataProvider;
  };
  const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

  it('removes a downloaded file only after a confirmation that opens on キャンセル', async () => {
    const dataProvider = renderList();
    const user = userEvent.setup();
    await user.click(within(await rowOf('bad-20261120.csv')).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    // Enter on the default button cancels: nothing was sent.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(dataProvider.send).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE' }));

    await user.click(within(await rowOf('bad-20261120.csv')).getByRole('button', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(dataProvider.send).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE', path: '/api/v2/core/admin/master_files/41' })));
  });
});
