import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, render, within } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, localStorageStore, testDataProvider, type AuthProvider, type GetListParams } from 'react-admin';
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

/**
 * Start-up's prefetch, then the list screen as App mounts it (react-admin's localStorage store):
 * the screen must find the call under its own key, so the server is asked once.
 */
const prefetchThenRender = async (entry: string, authProvider?: AuthProvider) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: rows, total: 2 }));
  // The company column looks its companies up (one getMany for the page).
  const dataProvider = testDataProvider({ getList: getList as never, getMany: (async () => ({ data: [] })) as never });
  const queryClient = createQueryClient();
  const url = new URL(entry, 'http://portal.test');
  await prefetchFirstList({
    resources,
    location: { pathname: url.pathname, search: url.search },
    queryClient,
    dataProvider,
    mayList: async () => true,
    canAccess: authProvider?.canAccess,
  });
  expect(getList).toHaveBeenCalledTimes(1);
  render(
    <RuntimeProvider runtime={testRuntime()}>
      <TestMemoryRouter initialEntries={[entry]}>
        <AdminContext dataProvider={dataProvider} authProvider={authProvider} i18nProvider={createI18nProvider(resources)} store={localStorageStore()} queryClient={queryClient}>
          <DeclarationsProvider findDeclaration={findResource}>
            <ResourceContextProvider value={RESOURCE}>
              <SchemaList />
            </ResourceContextProvider>
          </DeclarationsProvider>
        </AdminContext>
      </TestMemoryRouter>
    </RuntimeProvider>,
  );
  const table = await screen.findByRole('table');
  await within(table).findByText('桜薬局');
  return getList;
};

describe('prefetchFirstList', () => {
  it('asks once for the default first page, and the list shows it', async () => {
    const getList = await prefetchThenRender(`/${RESOURCE}`);
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0][1]).toMatchObject({ pagination: { page: 1, perPage: 25 }, sort: { field: 'updatedAt', order: 'DESC' }, filter: {} });
  });

  it('asks once for the sort, filter and page in the URL', async () => {
    const filter = encodeURIComponent(JSON.stringify({ query: '桜' }));
    const getList = await prefetchThenRender(`/${RESOURCE}?filter=${filter}&order=ASC&page=2&perPage=25&sort=name`);
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0][1]).toMatchObject({ pagination: { page: 2, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: { query: '桜' } });
  });

  it('answers the screen\'s access check too, under the key react-admin asks it by', async () => {
    const canAccess = vi.fn(async (_params: { action: string }) => true);
    const authProvider: AuthProvider = {
      login: async () => undefined,
      logout: async () => undefined,
      checkAuth: async () => undefined,
      checkError: async () => undefined,
      canAccess,
    };
    const getList = await prefetchThenRender(`/${RESOURCE}`, authProvider);
    expect(getList).toHaveBeenCalledTimes(1);
    // The list's own check came from the prefetch (its buttons ask about create and show).
    const listChecks = canAccess.mock.calls.filter(([params]) => (params as { action: string }).action === 'list');
    expect(listChecks).toEqual([[{ action: 'list', resource: RESOURCE }]]);
  });

  it('ignores what an older build stored for the list: the URL is the list\'s only state', async () => {
    localStorage.setItem(`RaStore.${RESOURCE}.listParams`, JSON.stringify({ sort: 'address1', order: 'ASC', page: 1, perPage: 25, filter: { addEnded: true } }));
    const getList = await prefetchThenRender(`/${RESOURCE}`);
    expect(getList).toHaveBeenCalledTimes(1);
    expect(getList.mock.calls[0][1]).toMatchObject({ sort: { field: 'updatedAt', order: 'DESC' }, filter: {} });
  });

  it('asks nothing off a list route, when signed out, or without the admin role', async () => {
    const getList = vi.fn();
    const options = { resources, storage: localStorage, queryClient: createQueryClient(), dataProvider: testDataProvider({ getList }) };
    await prefetchFirstList({ ...options, location: { pathname: `/${RESOURCE}/7`, search: '' }, mayList: async () => true });
    await prefetchFirstList({ ...options, location: { pathname: '/login', search: '' }, mayList: async () => true });
    await prefetchFirstList({ ...options, location: { pathname: `/${RESOURCE}`, search: '' }, mayList: () => Promise.reject(new Error('signed out')) });
    await prefetchFirstList({ ...options, location: { pathname: `/${RESOURCE}`, search: '' }, mayList: async () => false });
    expect(getList).not.toHaveBeenCalled();
  });
});
