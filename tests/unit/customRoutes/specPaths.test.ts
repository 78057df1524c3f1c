import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchResource, showTabPath, toSpecPath } from '../../../src/customRoutes/specPaths';

const names = ['v2/core/companies', 'v2/core/dealers', 'v2/core/master_sources', 'v2/core/master_sources/stockable_item_fixtures'];

describe('toSpecPath: react-admin paths to the route table', () => {
  it('maps create, edit and show', () => {
    expect(toSpecPath('/v2/core/companies/create', names)).toBe('/v2/core/companies/new');
    expect(toSpecPath('/v2/core/companies/12', names)).toBe('/v2/core/companies/12/edit');
    expect(toSpecPath('/v2/core/companies/12/show', names)).toBe('/v2/core/companies/12');
    expect(toSpecPath('/v2/core/companies/12/show/pharmacies', names)).toBe('/v2/core/companies/12/pharmacies');
  });

  it('leaves lists, spec paths and other routes alone, and keeps ?search and #hash', () => {
    expect(toSpecPath('/v2/core/companies', names)).toBe('/v2/core/companies');
    expect(toSpecPath('/v2/core/companies/12/edit', names)).toBe('/v2/core/companies/12/edit');
    expect(toSpecPath('/v2/core/companies/12/pharmacies', names)).toBe('/v2/core/companies/12/pharmacies');
    expect(toSpecPath('/develop/jwt', names)).toBe('/develop/jwt');
    expect(toSpecPath('/', names)).toBe('/');
    expect(toSpecPath('/v2/core/companies/create?x=1#top', names)).toBe('/v2/core/companies/new?x=1#top');
    expect(toSpecPath('relative/path', names)).toBe('relative/path');
  });

  it('picks the longest resource name, so nested masters map to themselves', () => {
    expect(matchResource('/v2/core/master_sources/stockable_item_fixtures/3', names)).toEqual({
      resource: 'v2/core/master_sources/stockable_item_fixtures',
      rest: ['3'],
    });
    expect(toSpecPath('/v2/core/master_sources/stockable_item_fixtures/3', names)).toBe(
      '/v2/core/master_sources/stockable_item_fixtures/3/edit',
    );
  });

  it('property: a detail tab written in react-admin language lands on /{resource}/{id}/{tab}', () => {
    const id = fc.oneof(fc.nat().map(String), fc.stringMatching(/^[0-9A-Za-z_-]{1,12}$/));
    const tab = fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z_]{1,12}$/));
    fc.assert(
      fc.property(fc.constantFrom(...names), id, tab, (resource, recordId, tabPath) => {
        const expected = `/${resource}/${encodeURIComponent(recordId)}${tabPath ? `/${tabPath}` : ''}`;
        expect(toSpecPath(showTabPath(resource, recordId, tabPath), names)).toBe(expected);
      }),
    );
  });

  it('property: the spec paths for create, edit and detail tabs are fixed points', () => {
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.stringMatching(/^[a-z_]{1,12}$/), (resource, recordId, tab) => {
        for (const path of [`/${resource}/new`, `/${resource}/${recordId}/edit`, `/${resource}/${recordId}/${tab}`]) {
          if (tab === 'show') continue;
          expect(toSpecPath(path, names)).toBe(path);
        }
      }),
    );
  });
});
