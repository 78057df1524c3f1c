import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, type GetListParams } from 'react-admin';
import { PharmacyMembershipTab } from '../../src/resources/schema/show/PharmacyMembershipTab';
import { companies } from '../../src/resources/companies';
import { groups } from '../../src/resources/groups';
import type { MembershipDeclaration } from '../../src/resources/types';
import { createTestDataProvider, renderWithAdmin, testRuntime } from './renderWithAdmin';

const owner = {
  id: 7,
  name: '日本調剤ホールディングス',
  pharmacies: [
    { id: 101, name: 'さくら薬局 渋谷店', micode: '1312345678', address1: '東京都', createdAt: new Date('2024-03-31T15:30:00Z') },
    { id: 102, name: 'さくら薬局 新宿店', micode: '1312345679', address1: '東京都', createdAt: new Date('2024-05-01T00:00:00+09:00') },
  ],
};

const candidates = [
  { id: 201, name: 'ひまわり薬局', micode: '2712345678', address1: '大阪府' },
  { id: 202, name: 'ひまわり薬局 梅田店', micode: '2712345679', address1: '大阪府' },
];

const membershipOf = (resource: typeof companies | typeof groups): MembershipDeclaration => {
  const tab = resource.show?.tabs.find((item) => item.membership);
  if (!tab?.membership) throw new Error('no membership tab');
  return tab.membership;
};

/** One component, two owners: companies and groups differ only by their declaration. */
describe.each([
  { resource: companies, candidateFilter: { withoutCompany: true }, searchLabel: '会社に所属していない薬局を検索' },
  { resource: groups, candidateFilter: { withoutGroupId: 7 }, searchLabel: 'このグループに所属していない薬局を検索' },
])('PharmacyMembershipTab ($resource.label)', ({ resource, candidateFilter, searchLabel }) => {
  const membership = membershipOf(resource);
  const renderTab = () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({
      data: candidates,
      total: 2,
      meta: { totalPages: 1, currentPage: 1 },
    }));
    const add = vi.fn(async () => ({}));
    const remove = vi.fn(async () => ({}));
    const dataProvider = { ...createTestDataProvider({ getList: getList as never }), [membership.add]: add, [membership.remove]: remove };
    renderWithAdmin(
      <RecordContextProvider value={owner}>
        <PharmacyMembershipTab membership={membership} />
      </RecordContextProvider>,
      { dataProvider, resource: resource.name, initialEntries: [`/${resource.name}/7/pharmacies`] },
    );
    return { getList, add, remove, user: userEvent.setup() };
  };

  it('lists the members first, as 所属中 with 削除, with Japan-time dates, and searches nothing yet', () => {
    const { getList } = renderTab();
    const members = screen.getByRole('table', { name: '所属薬局' });
    const rows = within(members).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(within(row).getByText('所属中')).toBeInTheDocument();
      expect(within(row).getByRole('button', { name: '削除' })).toBeInTheDocument();
    }
    // 2024-03-31T15:30Z is 1 April in Japan.
    expect(within(rows[0]).getByText('2024年4月1日 00:30')).toBeInTheDocument();
    const headers = within(members).getAllByRole('columnheader').map((cell) => cell.textContent?.trim());
    expect(headers).toEqual(['ID', '薬局名', '薬局コード', '都道府県', '作成日時', '状態', '操作']);
    expect(screen.queryByRole('table', { name: '検索結果' })).not.toBeInTheDocument();
    expect(getList).not.toHaveBeenCalled();
  });

  it('searches only pharmacies that may join and adds one through the named provider method', async () => {
    const { add, getList, user } = renderTab();
    await user.type(screen.getByRole('textbox', { name: searchLabel }), 'ひまわり');
    await user.click(screen.getByRole('button', { name: '検索' }));

    const results = await screen.findByRole('table', { name: '検索結果' });
    expect(getList).toHaveBeenCalledWith('v2/core/pharmacies', expect.objectContaining({ filter: { ...candidateFilter, query: 'ひまわり' } }));
    const rows = within(results).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(within(row).queryByText('所属中')).not.toBeInTheDocument();

    await user.click(within(rows[1]).getByRole('button', { name: '追加' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add).toHaveBeenCalledWith(7, 202);
    // The clicked row leaves the results: focus goes to the member list, not to <body>.
    await waitFor(() => expect(screen.getByRole('heading', { name: /所属薬局/ })).toHaveFocus());
  });

  it('asks before removing, and removes only on confirm', async () => {
    const { remove, user } = renderTab();
    const members = screen.getByRole('table', { name: '所属薬局' });
    const row = within(members).getByRole('row', { name: /さくら薬局 新宿店/ });
    await user.click(within(row).getByRole('button', { name: '削除' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('削除しますが、本当によろしいですか？')).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /削除/ }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(7, 102));
  });

  it('sends nothing when the removal is cancelled', async () => {
    const { remove, user } = renderTab();
    await user.click(within(screen.getByRole('table', { name: '所属薬局' })).getAllByRole('button', { name: '削除' })[0]);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /キャンセル/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove).not.toHaveBeenCalled();
  });
});

describe('PharmacyMembershipTab on the platform as specified (no membershipFilters)', () => {
  it.each([
    // A company's search offers no pharmacy of any company; a group's, none of its members.
    { resource: companies, offered: ['ひまわり薬局'] },
    { resource: groups, offered: ['ひまわり薬局', 'あおば薬局'] },
  ])("asks the pharmacies' own search and leaves out, in the page, those that cannot join ($resource.label)", async ({ resource, offered }) => {
    const page = [
      { id: 201, name: 'ひまわり薬局', micode: '2712345678', address1: '大阪府', companyId: null },
      { id: 203, name: 'あおば薬局', micode: '2712345670', address1: '大阪府', companyId: 9 },
      { ...owner.pharmacies[0], companyId: 7 },
    ];
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: page, total: 3, meta: { totalPages: 1, currentPage: 1 } }));
    renderWithAdmin(
      <RecordContextProvider value={owner}>
        <PharmacyMembershipTab membership={membershipOf(resource)} />
      </RecordContextProvider>,
      { dataProvider: createTestDataProvider({ getList: getList as never }), resource: resource.name, runtime: testRuntime({ capabilities: [] }), initialEntries: [`/${resource.name}/7/pharmacies`] },
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: membershipOf(resource).searchLabel }), '薬局');
    await user.click(screen.getByRole('button', { name: '検索' }));
    const results = await screen.findByRole('table', { name: '検索結果' });
    expect(getList).toHaveBeenCalledWith('v2/core/pharmacies', expect.objectContaining({ filter: { query: '薬局' } }));
    const names = within(results).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1].textContent);
    expect(names).toEqual(offered);
  });
});
