import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, type GetListParams } from 'react-admin';
import CompanyPharmaciesTab from '../../src/resources/companies/CompanyPharmaciesTab';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const company = {
  id: 7,
  name: '日本調剤ホールディングス',
  pharmacies: [
    { id: 101, name: 'さくら薬局 渋谷店', micode: '1312345678', address1: '東京都', createdAt: '2024-04-01T00:00:00+09:00' },
    { id: 102, name: 'さくら薬局 新宿店', micode: '1312345679', address1: '東京都', createdAt: '2024-05-01T00:00:00+09:00' },
  ],
};

const candidates = [
  { id: 201, name: 'ひまわり薬局', micode: '2712345678', address1: '大阪府' },
  { id: 202, name: 'ひまわり薬局 梅田店', micode: '2712345679', address1: '大阪府' },
];

const renderTab = () => {
  const send = createSendMock();
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: candidates, total: 2 }));
  const dataProvider = createTestDataProvider({ getList: getList as never, send });
  renderWithAdmin(
    <RecordContextProvider value={company}>
      <CompanyPharmaciesTab />
    </RecordContextProvider>,
    { dataProvider, resource: 'v2/core/companies', initialEntries: ['/v2/core/companies/7/pharmacies'] },
  );
  return { send, getList, user: userEvent.setup() };
};

describe('CompanyPharmaciesTab', () => {
  it('lists the member pharmacies as 所属中 with 削除 buttons, and searches nothing yet', () => {
    const { getList } = renderTab();
    const members = screen.getByRole('table', { name: '所属薬局' });
    const rows = within(members).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByText('所属中')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: '削除' })).toBeInTheDocument();
    }
    expect(within(rows[0]).getByText('さくら薬局 渋谷店')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2024年4月1日')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '検索結果' })).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });

  it('searches pharmacies without a company and adds one', async () => {
    const { send, getList, user } = renderTab();
    await user.type(screen.getByRole('textbox', { name: '会社に所属していない薬局を検索' }), 'ひまわり');
    await user.click(screen.getByRole('button', { name: '検索' }));

    const results = await screen.findByRole('table', { name: '検索結果' });
    expect(getList).toHaveBeenCalledWith(
      'v2/core/pharmacies',
      expect.objectContaining({ filter: { withoutCompany: true, query: 'ひまわり' } }),
    );
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByRole('button', { name: '追加' })).toBeInTheDocument();
      expect(within(row).queryByText('所属中')).not.toBeInTheDocument();
    }

    await user.click(within(rows[1]).getByRole('button', { name: '追加' }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({
      method: 'PATCH',
      path: '/api/v2/core/admin/companies/7/pharmacies',
      body: { pharmacyIds: [202] },
    });
  });

  it('asks before removing a pharmacy and sends DELETE on confirm', async () => {
    const { send, user } = renderTab();
    const members = screen.getByRole('table', { name: '所属薬局' });
    const row = within(members).getByRole('row', { name: /さくら薬局 新宿店/ });
    await user.click(within(row).getByRole('button', { name: '削除' }));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('削除しますが、本当によろしいですか？')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: /削除/ }));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith({
      method: 'DELETE',
      path: '/api/v2/core/admin/companies/7/pharmacies',
      body: { pharmacyIds: [102] },
    });
  });

  it('sends nothing when the removal is cancelled', async () => {
    const { send, user } = renderTab();
    const members = screen.getByRole('table', { name: '所属薬局' });
    await user.click(within(members).getAllByRole('button', { name: '削除' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /キャンセル/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(send).not.toHaveBeenCalled();
  });
});
