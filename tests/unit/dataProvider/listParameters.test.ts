import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ALL_CAPABILITIES, CAPABILITIES, type Capability } from '../../../src/contract/additions';
import { SECTION_7 } from '../../../src/contract/section7';
import { listTakes, withinCapabilities } from '../../../src/dataProvider/listParameters';

const NONE: ReadonlySet<Capability> = new Set();
const only = (...names: Capability[]): ReadonlySet<Capability> => new Set(names);

describe('what a list call takes in an environment (issue 35)', () => {
  it("takes section 7's parameters everywhere, by a template or a filled path, camelCase as the SPA names them", () => {
    expect(listTakes('/api/v2/core/admin/pharmacies', 'addEnded', NONE)).toBe(true);
    expect(listTakes('/api/v2/core/admin/pharmacies/{pharmacyId}/users', 'page', NONE)).toBe(true);
    expect(listTakes('/api/v2/core/admin/pharmacies/12/users', 'page', NONE)).toBe(true);
    expect(listTakes('/api/v2/core/master/ethical_medicines', 'includeInactive', NONE)).toBe(true);
    expect(listTakes('/api/v1/medorder/fifo-racks', 'pageToken', NONE)).toBe(true);
    expect(listTakes('/api/v2/medorder/admin/stockable_item_fixtures', 'yjCode', NONE)).toBe(true);
  });

  it("takes an addition's parameter only where the environment names the addition", () => {
    const cases: [string, string, Capability][] = [
      ['/api/v2/core/admin/pharmacies', 'withoutCompany', 'membershipFilters'],
      ['/api/v2/core/admin/users', 'role', 'membershipFilters'],
      ['/api/v2/core/admin/groups', 'withoutPharmacyId', 'membershipFilters'],
      ['/api/v2/core/admin/manuals', 'sort', 'listSort'],
      ['/api/v2/core/admin/pharmacies/12/users', 'query', 'listSearch'],
      ['/api/v2/core/admin/licenses/expires', 'sort', 'listSort'],
      ['/api/v2/medorder/admin/stockable_item_fixtures', 'receiptCode', 'codeSearch'],
      ['/api/v2/core/master/dealers', 'fields', 'listFields'],
      ['/api/v2/core/admin/saved_replies', 'query', 'savedReplies'],
    ];
    for (const [path, parameter, capability] of cases) {
      expect([path, parameter, listTakes(path, parameter, NONE)]).toEqual([path, parameter, false]);
      expect([path, parameter, listTakes(path, parameter, only(capability))]).toEqual([path, parameter, true]);
    }
    // One addition does not bring another's parameter.
    expect(listTakes('/api/v2/core/admin/manuals', 'sort', only('listSearch'))).toBe(false);
    // A parameter nobody names is never taken, even with every addition.
    expect(listTakes('/api/v2/core/admin/pharmacies/12/s3_nsipses', 'sort', ALL_CAPABILITIES)).toBe(false);
    expect(listTakes('/api/v2/core/admin/pharmacies/12/licenses', 'query', ALL_CAPABILITIES)).toBe(false);
  });

  it('more additions never take a parameter away', () => {
    const parameters = ['sort', 'query', 'fields', 'page', 'ids', 'withoutCompany', 'role', 'receiptCode', 'addEnded'];
    const lists = Object.keys(SECTION_7).filter((operation) => operation.startsWith('GET ')).map((operation) => operation.slice(4));
    fc.assert(
      fc.property(fc.subarray([...CAPABILITIES]), fc.subarray([...CAPABILITIES]), fc.constantFrom(...lists), fc.constantFrom(...parameters), (some, more, path, parameter) => {
        const smaller = new Set(some);
        const larger = new Set([...some, ...more]);
        expect(!listTakes(path, parameter, smaller) || listTakes(path, parameter, larger)).toBe(true);
      }),
    );
  });

  it('a request leaves out what the call does not take, and a relevance sort without relevanceSort', () => {
    const request = { path: '/api/v2/core/admin/manuals', query: { query: 'a', sort: '-updated_at', page: 1, fields: ['id'], tag: undefined }, where: 'manuals' };
    expect(withinCapabilities(request, NONE).query).toEqual({ query: 'a', page: 1, tag: undefined });
    expect(withinCapabilities(request, only('listSort', 'listFields')).query).toEqual(request.query);
    const relevance = { path: '/api/v2/core/admin/pharmacies', query: { query: 'さくら', sort: 'relevance', addEnded: true }, where: 'pharmacies' };
    expect(withinCapabilities(relevance, NONE).query).toEqual({ query: 'さくら', addEnded: true });
    expect(withinCapabilities(relevance, only('relevanceSort')).query).toEqual(relevance.query);
  });
});
