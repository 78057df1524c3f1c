import { describe, expect, it } from 'vitest';
import { firstListQuery } from '../../../src/app/listPrefetch';
import { resources } from '../../../src/resources/registry';

describe('firstListQuery', () => {
  it('keys the call as react-admin does: resource, getList, params', () => {
    const query = firstListQuery(resources, { pathname: '/v2/core/dealers', search: '' }, null);
    expect(query?.queryKey).toEqual([
      'v2/core/dealers',
      'getList',
      { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {}, meta: undefined },
    ]);
  });

  it('is undefined off a list route', () => {
    for (const pathname of ['/', '/login', '/v2/core/dealers/3', '/v2/core/dealers/new', '/v2/core']) {
      expect(firstListQuery(resources, { pathname, search: '' }, null), pathname).toBeUndefined();
    }
  });

  it('ignores stored params that are not an object', () => {
    expect(firstListQuery(resources, { pathname: '/v2/core/dealers', search: '' }, 'garbage')?.params.sort).toEqual({ field: 'id', order: 'ASC' });
  });
});
