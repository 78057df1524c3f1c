import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, type GetListParams } from 'react-admin';
import PharmacyUsersTab from '../../src/resources/pharmacyUsers/PharmacyUsersTab';
import { pharmacies } from '../../src/resources/pharmacies';
import { TEXTS } from '../../src/i18n/texts';
import { createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const member = { id: 3, name: '中村 彩', email: 'nakamura.aya@pharmacy.example.jp', permission: 'read' as const };
const candidate = { id: 5, name: '小林 翔太', email: 'kobayashi.shota@pharmacy.example.jp', role: 'pharmacy' };

const renderTab = () => {
  const getPharmacyUsers = vi.fn(async (_pharmacyId: unknown, params?: { query?: string }) =>
    params?.query ? { data: [], total: 0, currentPage: 1, totalPages: 1 } : { data: [member], total: 1, currentPage: 1, totalPages: 1 },
  );
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: [candidate], total: 1, meta: { totalPages: 1, currentPage: 1 } }));
  const setPharmacyUserPermission = vi.fn(async () => undefined);
  const removePharmacyUser = vi.fn(async () => undefined);
  const dataProvider = { ...createTestDataProvider({ getList: getList as never }), getPharmacyUsers, setPharmacyUserPermission, removePharmacyUser };
  renderWithAdmin(
    <RecordContextProvider value={{ id: 2, name: 'さくら薬局 渋谷店' }}>
      <PharmacyUsersTab />
    </RecordContextProvider>,
    { dataProvider, resource: pharmacies.name, initialEntries: [`/${pharmacies.name}/2/users`] },
  );
  return { getPharmacyUsers, getList, setPharmacyUserPermission, removePharmacyUser, user: userEvent.setup() };
};

describe('PharmacyUsersTab', () => {
  it("lists the pharmacy's users with their permission and switches read to write", async () => {
    const { setPharmacyUserPermission, user } = renderTab();
    const members = await screen.findByRole('table', { name: '所属ユーザー' });
    const row = within(members).getByRole('row', { name: /中村 彩/ });
    expect(row).toHaveTextContent('閲覧のみ');
    expect(within(row).queryByRole('button', { name: '中村 彩を閲覧のみにする' })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: '中村 彩を編集可にする' }));
    await waitFor(() => expect(setPharmacyUserPermission).toHaveBeenCalledWith(2, 3, 'write'));
    expect(setPharmacyUserPermission).toHaveBeenCalledTimes(1);
  });

  it('leaves only after the confirmation, which opens on キャンセル', async () => {
    const { removePharmacyUser, user } = renderTab();
    const members = await screen.findByRole('table', { name: '所属ユーザー' });
    await user.click(within(members).getByRole('button', { name: '中村 彩を削除' }));
    expect(await screen.findByText(TEXTS.confirmDelete)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(removePharmacyUser).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(within(members).getByRole('button', { name: '中村 彩を削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(removePharmacyUser).toHaveBeenCalledWith(2, 3));
  });

  it('searches pharmacy users not in the pharmacy and adds one read-only', async () => {
    const { getList, setPharmacyUserPermission, user } = renderTab();
    await user.type(screen.getByRole('textbox', { name: 'この薬局に所属していない薬局ユーザーを検索' }), 'kobayashi');
    await user.click(within(screen.getByRole('search', { name: 'この薬局に所属していない薬局ユーザーを検索' })).getByRole('button', { name: '検索' }));
    const results = await screen.findByRole('table', { name: 'ユーザーの検索結果' });
    expect(getList.mock.calls.at(-1)?.[1].filter).toEqual({ role: 'pharmacy', withoutPharmacyId: 2, query: 'kobayashi' });
    await user.click(within(results).getByRole('button', { name: '小林 翔太を閲覧のみで追加' }));
    await waitFor(() => expect(setPharmacyUserPermission).toHaveBeenCalledWith(2, 5, 'read'));
  });

  it('says ユーザが見つかりません when a search among its users finds nothing', async () => {
    const { getPharmacyUsers, user } = renderTab();
    await screen.findByRole('table', { name: '所属ユーザー' });
    await user.type(screen.getByRole('textbox', { name: '所属ユーザーを検索' }), '該当なし');
    await user.click(within(screen.getByRole('search', { name: '所属ユーザーを検索' })).getByRole('button', { name: '検索' }));
    expect(await screen.findByText(TEXTS.noUsers)).toBeInTheDocument();
    expect(getPharmacyUsers).toHaveBeenLastCalledWith(2, expect.objectContaining({ query: '該当なし', page: 1 }));
  });
});
