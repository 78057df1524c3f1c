import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RecordContextProvider, type DataProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import HistoryTab from '../../src/resources/history/HistoryTab';
import RecentChangesCard from '../../src/resources/history/RecentChangesCard';
import { RecordTabs } from '../../src/resources/schema/show/RecordTabs';
import { companies } from '../../src/resources/companies';
import { stockableItemFixtures } from '../../src/resources/stockableItemFixtures';
import { RecordConflictError, RECORD_CONFLICT_MESSAGE } from '../../src/dataProvider/recordConflict';
import type { Version } from '../../src/resources/history/versionState';
import { createTestDataProvider, renderWithAdmin, testRuntime } from './renderWithAdmin';

const company = { id: 5, name: '新会社', note: null, pharmaciesCount: 0, updatedAt: new Date('2026-11-29T07:00:00Z') };
const versions: Version[] = [
  {
    id: 3, itemType: 'v2/core/companies', itemId: 5, event: 'update', whodunnit: '1', whodunnitName: '管理 花子',
    createdAt: new Date('2026-11-29T07:00:00Z'), object: { name: '旧会社', note: '備考' }, objectChanges: { name: ['旧会社', '新会社'], note: ['備考', null] },
  },
  {
    id: 1, itemType: 'v2/core/companies', itemId: 5, event: 'create', whodunnit: null, whodunnitName: null,
    createdAt: new Date('2026-11-28T15:30:00Z'), object: null, objectChanges: { name: [null, '旧会社'], note: [null, '備考'] },
  },
];

const renderHistory = (overrides: Partial<DataProvider> = {}) => {
  const getList = vi.fn(async () => ({ data: versions, total: versions.length }));
  const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...company, ...params.data } }));
  const dataProvider = { ...createTestDataProvider(), getList, update, ...overrides } as unknown as DataProvider;
  renderWithAdmin(
    <RecordContextProvider value={company}>
      <HistoryTab />
    </RecordContextProvider>,
    { dataProvider, resource: 'v2/core/companies', initialEntries: ['/v2/core/companies/5/history'] },
  );
  return { getList, update };
};

describe('変更履歴 tab', () => {
  it('lists the versions newest first: when in Tokyo, who linked, each field by its label before → after, 未設定 for empty', async () => {
    const { getList } = renderHistory();
    const items = await screen.findAllByRole('listitem');
    expect(getList).toHaveBeenCalledWith('v2/core/versions', expect.objectContaining({ filter: { itemType: 'v2/core/companies', itemId: '5' }, sort: { field: 'id', order: 'DESC' } }));
    expect(items[0]).toHaveTextContent('2026年11月29日 16:00 更新');
    expect(within(items[0]).getByRole('link', { name: '管理 花子' })).toHaveAttribute('href', '/v2/core/users/1');
    const rows = within(items[0]).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('会社名旧会社新会社');
    expect(rows[2]).toHaveTextContent('備考備考未設定');
    expect(items[1]).toHaveTextContent('2026年11月29日 00:30 登録');
    expect(items[1]).toHaveTextContent('変更者: システム');
  });

  it('restores a version through the edit path after showing what changes, focus on キャンセル', async () => {
    const user = userEvent.setup();
    const { update } = renderHistory();
    await user.click(await screen.findByRole('button', { name: '2026年11月29日 00:30の版に戻す' }));
    const dialog = await screen.findByRole('dialog', { name: 'この版に戻しますか？' });
    expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toHaveFocus();
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['項目今の値戻した後', '会社名新会社旧会社', '備考未設定備考']);
    await user.click(within(dialog).getByRole('button', { name: 'この版に戻す' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('v2/core/companies', { id: 5, data: expect.objectContaining({ name: '旧会社', note: '備考', updatedAt: company.updatedAt }), previousData: company });
  });

  it('says so when the record was saved by someone else since, and when a version holds today’s values', async () => {
    const user = userEvent.setup();
    const update = vi.fn(async () => {
      throw new RecordConflictError({ ...company, name: '別の名前' }, company, company);
    });
    renderHistory({ update } as Partial<DataProvider>);
    await user.click(await screen.findByRole('button', { name: '2026年11月29日 16:00の版に戻す' }));
    expect(await screen.findByRole('status')).toHaveTextContent('今の値はこの版と同じです。');
    expect(update).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '2026年11月29日 00:30の版に戻す' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'この版に戻す' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RECORD_CONFLICT_MESSAGE);
  });

  it('compares two chosen versions', async () => {
    const user = userEvent.setup();
    renderHistory();
    await user.click(await screen.findByRole('checkbox', { name: '2026年11月29日 16:00の版を比較する' }));
    await user.click(screen.getByRole('checkbox', { name: '2026年11月29日 00:30の版を比較する' }));
    const comparison = await screen.findByRole('region', { name: '2つの版の比較' });
    expect(within(comparison).getAllByRole('row').map((row) => row.textContent)).toEqual([
      '項目2026年11月29日 00:302026年11月29日 16:00',
      '会社名旧会社新会社',
      '備考備考未設定',
    ]);
  });
});

describe('the 変更履歴 tab on every versioned detail', () => {
  const renderTabs = (capabilities: string[]) =>
    renderWithAdmin(
      <RecordContextProvider value={company}>
        <Routes>
          <Route path="/v2/core/companies/:id/*" element={<RecordTabs resource={companies} />} />
        </Routes>
      </RecordContextProvider>,
      {
        resource: 'v2/core/companies',
        initialEntries: ['/v2/core/companies/5'],
        runtime: testRuntime({ capabilities: capabilities as never }),
        authProvider: { getPermissions: async () => ({ isAdmin: true }), checkAuth: async () => {}, login: async () => {}, logout: async () => {}, checkError: async () => {}, getIdentity: async () => ({ id: 'a', roles: ['admin'] }) } as never,
      },
    );

  it('is there where the environment has versions', async () => {
    renderTabs(['versions']);
    expect(await screen.findByRole('tab', { name: '変更履歴' })).toHaveAttribute('href', '/v2/core/companies/5/history');
  });

  it('is not there where it lacks them', async () => {
    renderTabs([]);
    await screen.findByRole('tab', { name: '詳細' });
    expect(screen.queryByRole('tab', { name: '変更履歴' })).toBeNull();
  });
});

describe('最近の変更 on the home screen', () => {
  const many: Version[] = Array.from({ length: 25 }, (_, i) => ({
    ...versions[0],
    id: 100 - i,
    itemId: 100 - i,
    createdAt: new Date(Date.parse('2026-11-29T07:00:00Z') - i * 60_000),
  }));

  it('shows the newest ten, each linked to its record, and the way to all of them', async () => {
    const getList = vi.fn(async (resource: string) => (resource === 'v2/core/versions' ? { data: many, total: many.length } : { data: [], total: 0 }));
    const dataProvider = { ...createTestDataProvider(), getList } as unknown as DataProvider;
    renderWithAdmin(<RecentChangesCard />, { dataProvider });
    const table = await screen.findByRole('table', { name: '最近の変更' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toHaveTextContent('2026年11月29日 16:00管理 花子薬局会社#100更新会社名、備考');
    expect(within(rows[0]).getByRole('link', { name: '#100' })).toHaveAttribute('href', '/v2/core/companies/100');
    expect(getList).toHaveBeenCalledWith('v2/core/versions', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
    expect(screen.getByRole('link', { name: '最近の変更をすべて表示' })).toHaveAttribute('href', '/v2/core/versions');
  });

  it("merges the ordering service's newest changes (its fixtures') with core's by time", async () => {
    const fixtureChange: Version = {
      id: 100, itemType: 'v2/core/master_sources/stockable_item_fixtures', itemId: 7, event: 'update', whodunnit: '1', whodunnitName: '管理 花子',
      // Between core's second and third newest; its id is the ordering service's own (core's #100 is another record).
      createdAt: new Date(Date.parse('2026-11-29T07:00:00Z') - 90_000), object: { price: 10 }, objectChanges: { price: [10, 12] },
    };
    const getList = vi.fn(async (resource: string) => (resource === 'v2/core/versions' ? { data: many.slice(0, 10), total: many.length } : { data: [fixtureChange], total: 1 }));
    renderWithAdmin(<RecentChangesCard />, { dataProvider: { ...createTestDataProvider(), getList } as unknown as DataProvider });
    const rows = within(await screen.findByRole('table', { name: '最近の変更' })).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(rows[2]).toHaveTextContent('在庫品目補正#7更新薬価');
    expect(within(rows[2]).getByRole('link', { name: '#7' })).toHaveAttribute('href', '/v2/core/master_sources/stockable_item_fixtures/7');
    expect(getList).toHaveBeenCalledWith('v2/medorder/versions', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });
});

describe("変更履歴 of an item fixture (the ordering service's versions)", () => {
  const fixture = { id: 7, name: '補正錠', unit: '錠', price: 12, yjCode: '1124003F2230', receiptCode: null, genericId: null, generic: true, interimPeriodOn: null, disableStock: null, note: null, updatedAt: new Date('2026-11-29T07:00:00Z') };
  const fixtureVersions: Version[] = [
    {
      id: 2, itemType: 'v2/core/master_sources/stockable_item_fixtures', itemId: 7, event: 'update', whodunnit: '1', whodunnitName: '管理 花子',
      createdAt: new Date('2026-11-29T07:00:00Z'), object: { name: '補正錠', price: 10, generic: null }, objectChanges: { price: [10, 12], generic: [null, true] },
    },
    {
      id: 1, itemType: 'v2/core/master_sources/stockable_item_fixtures', itemId: 7, event: 'create', whodunnit: '1', whodunnitName: '管理 花子',
      createdAt: new Date('2026-11-28T15:30:00Z'), object: null, objectChanges: { name: [null, '補正錠'], unit: [null, '錠'], price: [null, 10], yjCode: [null, '1124003F2230'] },
    },
  ];

  it("reads the ordering service's versions, labels each field as the fixture's screens do, and restores through the fixture's edit path", async () => {
    const user = userEvent.setup();
    const getList = vi.fn(async () => ({ data: fixtureVersions, total: fixtureVersions.length }));
    const update = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { ...fixture, ...params.data } }));
    renderWithAdmin(
      <RecordContextProvider value={fixture}>
        <HistoryTab />
      </RecordContextProvider>,
      {
        dataProvider: { ...createTestDataProvider(), getList, update } as unknown as DataProvider,
        resource: 'v2/core/master_sources/stockable_item_fixtures',
        initialEntries: ['/v2/core/master_sources/stockable_item_fixtures/7/history'],
      },
    );
    const items = await screen.findAllByRole('listitem');
    expect(getList).toHaveBeenCalledWith('v2/medorder/versions', expect.objectContaining({ filter: { itemType: 'v2/core/master_sources/stockable_item_fixtures', itemId: '7' } }));
    expect(within(items[0]).getAllByRole('row').map((row) => row.textContent)).toEqual(['項目変更前変更後', '薬価1012', '後発品未設定はい']);
    await user.click(screen.getByRole('button', { name: '2026年11月29日 00:30の版に戻す' }));
    const dialog = await screen.findByRole('dialog', { name: 'この版に戻しますか？' });
    expect(within(dialog).getAllByRole('row').map((row) => row.textContent)).toEqual(['項目今の値戻した後', '薬価1210', '後発品はい未設定']);
    await user.click(within(dialog).getByRole('button', { name: 'この版に戻す' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith('v2/core/master_sources/stockable_item_fixtures', expect.objectContaining({ id: 7, data: expect.objectContaining({ price: 10, generic: null }) }));
  });

  it("is a tab of the fixture's detail where the environment has versions", async () => {
    renderWithAdmin(
      <RecordContextProvider value={fixture}>
        <Routes>
          <Route path="/v2/core/master_sources/stockable_item_fixtures/:id/*" element={<RecordTabs resource={stockableItemFixtures} />} />
        </Routes>
      </RecordContextProvider>,
      {
        resource: 'v2/core/master_sources/stockable_item_fixtures',
        initialEntries: ['/v2/core/master_sources/stockable_item_fixtures/7'],
        runtime: testRuntime({ capabilities: ['versions'] as never }),
        authProvider: { getPermissions: async () => ({ isAdmin: true }), checkAuth: async () => {}, login: async () => {}, logout: async () => {}, checkError: async () => {}, getIdentity: async () => ({ id: 'a', roles: ['admin'] }) } as never,
      },
    );
    expect(await screen.findByRole('tab', { name: '変更履歴' })).toHaveAttribute('href', '/v2/core/master_sources/stockable_item_fixtures/7/history');
  });
});
