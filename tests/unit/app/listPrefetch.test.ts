import { describe, expect, it, vi } from 'vitest';
import { firstListQuery, onInAppNavigation, type NavigateEventLike, type NavigationLike } from '../../../src/app/listPrefetch';
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
