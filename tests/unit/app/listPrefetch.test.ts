import { describe, expect, it, vi } from 'vitest';
import { firstListQuery, onInAppNavigation, prefetchListReferences, referenceCellKey, type NavigateEventLike, type NavigationLike } from '../../../src/app/listPrefetch';
import { createQueryClient } from '../../../src/app/queryClient';
import { resources } from '../../../src/resources/registry';

describe('firstListQuery', () => {
  it('keys the call as react-admin does: resource, getList, params', () => {
    const query = firstListQuery(resources, { pathname: '/v2/core/dealers', search: '' });
    expect(query?.queryKey).toEqual([
      'v2/core/dealers',
      'getList',
      { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: undefined },
    ]);
  });

  it('is undefined off a list route', () => {
    for (const pathname of ['/', '/login', '/v2/core/dealers/3', '/v2/core/dealers/new', '/v2/core']) {
      expect(firstListQuery(resources, { pathname, search: '' }), pathname).toBeUndefined();
    }
  });

  it('is undefined for a list paged by scrolling or by token (it asks through useInfiniteGetList)', () => {
    const dealers = resources.find((resource) => resource.name === 'v2/core/dealers')!;
    for (const paging of [{ mode: 'infinite' }, { mode: 'token', tokenParam: 'pageToken', nextTokenKey: 'nextPageToken' }] as const) {
      const scrolled = { ...dealers, list: { ...dealers.list, paging } };
      expect(firstListQuery([scrolled], { pathname: '/v2/core/dealers', search: '' }), paging.mode).toBeUndefined();
    }
    expect(firstListQuery([dealers], { pathname: '/v2/core/dealers', search: '' })).toBeDefined();
  });
});

const navigationStub = () => {
  const target = new EventTarget();
  const navigate = (url: string, sameDocument = true) =>
    target.dispatchEvent(Object.assign(new Event('navigate'), { destination: { url, sameDocument } }) as NavigateEventLike);
  return { navigation: target as unknown as NavigationLike, navigate };
};

describe('onInAppNavigation', () => {
  it('passes each same-document navigation of this origin to the prefetch', () => {
    const { navigation, navigate } = navigationStub();
    const prefetch = vi.fn();
    onInAppNavigation(navigation, 'https://portal.test', prefetch);
    navigate('https://portal.test/v2/core/pharmacies?page=2');
    navigate('https://portal.test/login', false);
    navigate('https://elsewhere.test/v2/core/pharmacies');
    expect(prefetch.mock.calls).toEqual([[{ pathname: '/v2/core/pharmacies', search: '?page=2' }]]);
  });

  it('does nothing without the Navigation API', () => {
    expect(() => onInAppNavigation(undefined, 'https://portal.test', vi.fn())).not.toThrow();
  });
});

describe('prefetchListReferences (issue 38: a row’s names come with the rows)', () => {
  const pharmacies = resources.find((resource) => resource.name === 'v2/core/pharmacies')!;
  const companies = pharmacies.fields.companyId.reference!.resource;
  const setup = () => {
    const queryClient = createQueryClient({ queries: { retry: false } });
    let resolve: (value: { data: { id: number; name: string }[] }) => void = () => undefined;
    const getMany = vi.fn(() => new Promise<{ data: { id: number; name: string }[] }>((done) => (resolve = done)));
    const stop = prefetchListReferences({ resources, queryClient, dataProvider: { getMany } as never });
    return { queryClient, getMany, answer: (data: { id: number; name: string }[]) => resolve({ data }), stop };
  };
  const answerList = (queryClient: ReturnType<typeof createQueryClient>, rows: Record<string, unknown>[]) =>
    queryClient.setQueryData([pharmacies.name, 'getList', { pagination: { page: 1, perPage: 25 } }], { data: rows, total: rows.length });

  it('asks each referenced resource once for the page, under each cell’s own key, with only that cell’s records', async () => {
    const { queryClient, getMany, answer } = setup();
    answerList(queryClient, [{ id: 1, companyId: 7 }, { id: 2, companyId: 9 }, { id: 3, companyId: 7 }, { id: 4, companyId: null }]);
    expect(getMany).toHaveBeenCalledTimes(1);
    expect(getMany).toHaveBeenCalledWith(companies, { ids: ['7', '9'] });
    // In flight under the cells' keys: a cell that renders now waits for this call, it asks no other.
    expect(queryClient.getQueryState(referenceCellKey(companies, [7]))?.fetchStatus).toBe('fetching');
    answer([{ id: 7, name: '株式会社かもめ' }, { id: 9, name: '有限会社つばめ' }]);
    await vi.waitFor(() => expect(queryClient.getQueryData(referenceCellKey(companies, [9]))).toEqual([{ id: 9, name: '有限会社つばめ' }]));
    expect(queryClient.getQueryData(referenceCellKey(companies, [7]))).toEqual([{ id: 7, name: '株式会社かもめ' }]);

    // The same rows again (a remount, another page with the same companies): nothing more is asked.
    answerList(queryClient, [{ id: 1, companyId: 7 }]);
    expect(getMany).toHaveBeenCalledTimes(1);
  });

  it('asks nothing for a list without shown references, nor for another query', () => {
    const { queryClient, getMany } = setup();
    queryClient.setQueryData(['v2/core/dealers', 'getList', {}], { data: [{ id: 1, name: '代理店' }], total: 1 });
    queryClient.setQueryData([pharmacies.name, 'getOne', { id: '1' }], { id: 1, companyId: 7 });
    expect(getMany).not.toHaveBeenCalled();
  });
});
