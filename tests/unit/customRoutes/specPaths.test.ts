import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fillPathTemplate, matchesPattern, matchResource, specPath, toSpecPath, type RouteCatalogue } from '../../../src/lib/specPaths';
import { routeCatalogue } from '../../../src/resources/registry';

/** The registry's resources plus the sub-routes the coming masters declare (spec route table). */
const catalogue: RouteCatalogue = [
  ...routeCatalogue,
  { name: 'v2/core/manuals', routes: ['search'] },
  { name: 'v2/core/ethical_medicines', routes: ['update'] },
  { name: 'v2/core/nsipses', routes: [':id/:filename'] },
  { name: 'v2/core/embulk_manager', routes: ['bigqueries', 'bigqueries/:serviceName', 'embulks'] },
  { name: 'v2/core/master_sources', routes: ['hot_codes/:hotCode', 'receipt_codes/:receiptCode'] },
  { name: 'v2/core/master_sources/stockable_item_fixtures' },
  { name: 'v2/core/users', routes: ['new/:tab'] },
];

const segment = fc.stringMatching(/^[0-9A-Za-z_-]{1,12}$/);

describe('toSpecPath: only react-admin\'s create and show paths are translated', () => {
  it('maps /create and /{id}/show[/tab]', () => {
    expect(toSpecPath('/v2/core/companies/create', catalogue)).toBe('/v2/core/companies/new');
    expect(toSpecPath('/v2/core/companies/12/show', catalogue)).toBe('/v2/core/companies/12');
    expect(toSpecPath('/v2/core/companies/12/show/pharmacies', catalogue)).toBe('/v2/core/companies/12/pharmacies');
    expect(toSpecPath('/v2/core/companies/create?x=1#top', catalogue)).toBe('/v2/core/companies/new?x=1#top');
  });

  it('a detail link written as the spec writes it stays a detail link (it used to become /edit)', () => {
    expect(toSpecPath('/v2/core/companies/12', catalogue)).toBe('/v2/core/companies/12');
    expect(toSpecPath('/v2/core/nsipses/12', catalogue)).toBe('/v2/core/nsipses/12');
  });

  it('sub-routes of the route table map to themselves (they used to become /edit)', () => {
    for (const path of [
      '/v2/core/manuals/search?query=x',
      '/v2/core/ethical_medicines/update',
      '/v2/core/master_sources/hot_codes/1234567890123',
      '/v2/core/embulk_manager/bigqueries/core',
      '/v2/core/nsipses/12/show',
    ]) {
      expect(toSpecPath(path, catalogue)).toBe(path);
    }
  });

  it('picks the longest resource name, so nested masters map to themselves', () => {
    expect(matchResource('/v2/core/master_sources/stockable_item_fixtures/3', catalogue)?.resource).toBe(
      'v2/core/master_sources/stockable_item_fixtures',
    );
    expect(toSpecPath('/v2/core/master_sources/stockable_item_fixtures/3/show', catalogue)).toBe(
      '/v2/core/master_sources/stockable_item_fixtures/3',
    );
  });

  it('leaves lists, other routes and relative paths alone', () => {
    expect(toSpecPath('/v2/core/companies', catalogue)).toBe('/v2/core/companies');
    expect(toSpecPath('/develop/jwt', catalogue)).toBe('/develop/jwt');
    expect(toSpecPath('relative/path', catalogue)).toBe('relative/path');
  });

  it('property: every declared sub-route, filled with any values, maps to itself', () => {
    const declared = catalogue.flatMap((entry) => (entry.routes ?? []).map((pattern) => ({ entry, pattern })));
    fc.assert(
      fc.property(fc.constantFrom(...declared), fc.array(segment, { minLength: 3, maxLength: 3 }), ({ entry, pattern }, values) => {
        const filled = pattern
          .split('/')
          .map((part, index) => (part.startsWith(':') ? values[index] : part))
          .join('/');
        const path = `/${entry.name}/${filled}`;
        expect(toSpecPath(path, catalogue)).toBe(path);
      }),
    );
  });

  it('property: specPath create, detail tabs and edit are fixed points; react-admin show paths land on the detail', () => {
    const names = routeCatalogue.map((entry) => entry.name);
    const tab = fc.oneof(fc.constant(''), fc.stringMatching(/^[a-z_]{1,12}$/).filter((t) => t !== 'show' && t !== 'edit'));
    fc.assert(
      fc.property(fc.constantFrom(...names), segment, tab, (resource, id, tabPath) => {
        for (const path of [specPath.create(resource), specPath.show(resource, id, tabPath), specPath.edit(resource, id)]) {
          expect(toSpecPath(path, catalogue)).toBe(path);
        }
        const raShow = `/${resource}/${encodeURIComponent(id)}/show${tabPath ? `/${tabPath}` : ''}`;
        // NSIPS's `:id/:filename` owns every two-segment path (a file may be called `show`); its
        // screens never write react-admin's show path.
        const owned = routeCatalogue.find((entry) => entry.name === resource)?.routes?.some((route) => matchesPattern(raShow.split('/').filter(Boolean).slice(resource.split('/').length), route));
        expect(toSpecPath(raShow, catalogue)).toBe(owned ? raShow : specPath.show(resource, id, tabPath));
      }),
    );
  });
});

describe('fillPathTemplate', () => {
  it('encodes record values and keeps configured bases as they are', () => {
    expect(fillPathTemplate('{orderingAppUrl}/pharmacies/{id}', { id: 'a/b' }, { orderingAppUrl: 'https://order.example/' })).toBe(
      'https://order.example/pharmacies/a%2Fb',
    );
  });
});
