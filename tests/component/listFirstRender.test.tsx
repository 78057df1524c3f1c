import { afterEach, describe, expect, it, vi } from 'vitest';
import { Profiler } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, localStorageStore, memoryStore, testDataProvider, type AuthProvider, type GetListParams } from 'react-admin';
import SchemaList from '../../src/resources/schema/list/SchemaList';
import { createQueryClient } from '../../src/app/queryClient';
import { prefetchFirstList } from '../../src/app/listPrefetch';
import { createI18nProvider } from '../../src/i18n';
import { findResource, resources } from '../../src/resources/registry';
import { DeclarationsProvider } from '../../src/resources/schema/shared/DeclarationsContext';
import { RuntimeProvider } from '../../src/app/RuntimeContext';
import { testRuntime } from './renderWithAdmin';

const RESOURCE = 'v2/core/pharmacies';
const rows = [
  { id: 7, companyId: 1, name: '桜薬局', address1: '東京都', updatedAt: new Date('2026-10-01T00:00:00Z') },
  { id: 8, companyId: 2, name: '若葉薬局', address1: '大阪府', updatedAt: new Date('2026-09-01T00:00:00Z') },
];

afterEach(() => localStorage.clear());

describe('a list whose answer is already in the cache (prefetched at the hover or press)', () => {
  it('draws its rows in its first commit, not a frame without rows and a second render', async () => {
    const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: 2 }));
    const dataProvider = testDataProvider({ getList: getList as never, getMany: (async () => ({ data: [] })) as never });
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      canAccess: async () => true,
    };
    const queryClient = createQueryClient();
    // What the home screen left in the cache: the session checked, the list and its access asked at the hover.
    queryClient.setQueryData(['auth', 'checkAuth', {}], true);
    await prefetchFirstList({ resources, location: { pathname: `/${RESOURCE}`, search: '' }, queryClient, dataProvider, mayList: async () => true, canAccess: authProvider.canAccess });
    // Every commit of the list: whether its table held the first row then.
    const commits: boolean[] = [];
    const onCommit = () => commits.push(document.body.textContent?.includes('桜薬局') ?? false);
    // Synchronously, as the click's render would: nothing the screen awaits can resolve in between.
    act(() => {
      render(
        <RuntimeProvider runtime={testRuntime()}>
          <TestMemoryRouter initialEntries={[`/${RESOURCE}`]}>
            <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(resources)} store={localStorageStore()} queryClient={queryClient}>
              <DeclarationsProvider findDeclaration={findResource}>
                <ResourceContextProvider value={RESOURCE}>
                  <Profiler id="list" onRender={onCommit}>
                    <SchemaList />
                  </Profiler>
                </ResourceContextProvider>
              </DeclarationsProvider>
            </AdminContext>
          </TestMemoryRouter>
        </RuntimeProvider>,
      );
    });
    expect(screen.getByText('桜薬局')).toBeTruthy();
    expect(commits[0]).toBe(true);
    expect(getList).toHaveBeenCalledTimes(1);
  });
});

describe('the rows of a generated list', () => {
  const LONG_ADDRESS = '東京都千代田区丸の内一丁目九番二号グラントウキョウサウスタワー';
  const manyRows = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, companyId: 1, name: `薬局${index + 1}`, address1: index === 0 ? LONG_ADDRESS : '東京都', updatedAt: new Date('2026-10-01T00:00:00Z') }));

  const signedIn: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getIdentity: async () => ({ id: 'u1' }),
  };

  const renderList = async (store = localStorageStore()) => {
    const dataProvider = testDataProvider({ getList: (async () => ({ data: manyRows, total: 25 })) as never, getMany: (async () => ({ data: [] })) as never });
    render(
      <RuntimeProvider runtime={testRuntime()}>
        <TestMemoryRouter initialEntries={[`/${RESOURCE}`]}>
          <AdminContext dataProvider={dataProvider} authProvider={signedIn} i18nProvider={createI18nProvider(resources)} store={store} queryClient={createQueryClient()}>
            <DeclarationsProvider findDeclaration={findResource}>
              <ResourceContextProvider value={RESOURCE}>
                <SchemaList />
              </ResourceContextProvider>
            </DeclarationsProvider>
          </AdminContext>
        </TestMemoryRouter>
      </RuntimeProvider>,
    );
    return screen.findByText('薬局25');
  };

  it('read the columns the user hid once for the page, not once per cell, and no state per row', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    await renderList();
    const hiddenColumnReads = getItem.mock.calls.filter(([key]) => key.endsWith(`${RESOURCE}.datatable`)).length;
    const listReads = getItem.mock.calls.filter(([key]) => key.includes(RESOURCE)).length;
    getItem.mockRestore();
    // react-admin's own cell read them twice per cell and render: 475 reads here. The header's
    // cells and the column chooser still read them per column (19 reads in all).
    expect(hiddenColumnReads).toBeGreaterThan(0);
    expect(hiddenColumnReads).toBeLessThan(manyRows.length * 2);
    // react-admin's row read its expanded state twice per row too (84 reads of the list's keys, now 34).
    expect(listReads).toBeLessThan(manyRows.length * 2);
  });

  it('leave out the columns the user hid, in every row and in the header', async () => {
    // Hidden columns are remembered per user: the key names the signed-in user's id.
    const store = memoryStore({ [`u1.${RESOURCE}.datatable`]: ['address1'] });
    await renderList(store);
    await waitFor(() => expect(screen.queryAllByText('東京都')).toHaveLength(0));
    expect(screen.queryByText(LONG_ADDRESS)).toBeNull();
    expect(screen.getByText('薬局25')).toBeTruthy();
    const table = screen.getByRole('table');
    const headers = table.querySelectorAll('thead th').length;
    for (const row of table.querySelectorAll('tbody tr')) expect(row.querySelectorAll('td')).toHaveLength(headers);
  });

  it('keep a long value whole in its cell\'s title, and a short one without', async () => {
    await renderList();
    expect(screen.getByText(LONG_ADDRESS).getAttribute('title')).toBe(LONG_ADDRESS);
    expect(screen.getAllByText('東京都')[0].hasAttribute('title')).toBe(false);
  });
});
