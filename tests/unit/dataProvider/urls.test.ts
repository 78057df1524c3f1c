import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeRequestBody } from '../../../src/dataProvider/encodeRequest';
import { buildQueryString, keyCaseOf, resolveApiUrl } from '../../../src/dataProvider/urls';
import { testEnvironment } from '../support/environment';

describe('resolveApiUrl', () => {
  const absolute = testEnvironment();
  const relative = testEnvironment({ apiBases: { core: '/core', medorder: '/medorder/' }, legacyBase: '/legacy' });

  it('routes /api/v2/{module}/ to the module base', () => {
    expect(resolveApiUrl(absolute, '/api/v2/core/admin/pharmacies')).toBe('http://localhost/core/api/v2/admin/pharmacies');
    expect(resolveApiUrl(absolute, '/api/v2/medorder/admin/iryohokens')).toBe('http://localhost/medorder/api/v2/admin/iryohokens');
  });

  it('works with relative bases, with or without a trailing slash', () => {
    expect(resolveApiUrl(relative, '/api/v2/core/common/users/me')).toBe('/core/api/v2/common/users/me');
    expect(resolveApiUrl(relative, '/api/v2/medorder/master/stockable_items/3')).toBe('/medorder/api/v2/master/stockable_items/3');
  });

  it('rewrites /api/v1/ to the legacy base', () => {
    expect(resolveApiUrl(absolute, '/api/v1/medorder/fifo-racks')).toBe('http://localhost/legacy/api/v1/medorder/fifo-racks');
    expect(resolveApiUrl(relative, '/api/v1/medorder/stocks')).toBe('/legacy/api/v1/medorder/stocks');
  });

  it.each(['/api/v2/share/admin/x', '/api/v2/admin/inquiry_rooms', '/api/v2/toString/x', '/api/v3/core/x', '/core/admin/x', 'api/v2/core/x'])(
    "throws 'url module not defined' for %s",
    (path) => {
      expect(() => resolveApiUrl(absolute, path)).toThrow(new Error('url module not defined'));
    },
  );
});

describe('keyCaseOf', () => {
  it('chooses the key case per API: v2 snake_case, legacy v1 camelCase', () => {
    expect(keyCaseOf('/api/v2/core/admin/pharmacies')).toBe('snake_case');
    expect(keyCaseOf('/api/v2/medorder/admin/iryohokens')).toBe('snake_case');
    expect(keyCaseOf('/api/v1/medorder/fifo-racks')).toBe('camelCase');
    expect(() => keyCaseOf('/api/v3/core/x')).toThrow('url module not defined');
  });

  it('keeps camelCase query keys for legacy v1', () => {
    expect(buildQueryString({ pharmacyId: 3, pageToken: 't' }, 'camelCase')).toBe('pharmacyId=3&pageToken=t');
    expect(buildQueryString({ pharmacyId: 3, pageToken: 't' })).toBe('pharmacy_id=3&page_token=t');
  });
});

describe('buildQueryString', () => {
  it('snake_cases keys, comma-joins arrays and drops empty values', () => {
    expect(buildQueryString({ addEnded: true, ids: [1, 2, 3], query: '', sort: undefined, page: 2, pharmacyId: null, yjCodes: [] })).toBe(
      'add_ended=true&ids=1,2,3&page=2',
    );
  });

  it('percent-encodes values', () => {
    expect(buildQueryString({ query: '薬局 & 会社' })).toBe(`query=${encodeURIComponent('薬局 & 会社')}`);
  });

  it('sends Dates as ISO strings, and *On dates as the Japan day', () => {
    const query = buildQueryString({ startDate: new Date('2026-01-01T00:00:00Z'), startedOn: new Date('2026-01-01T00:00:00Z') });
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({ start_date: '2026-01-01T00:00:00.000Z', started_on: '2026-01-01' });
  });

  it('passes calendar-day strings through as they are, in queries and bodies', () => {
    expect(buildQueryString({ endedOn: '2026-11-22' })).toBe('ended_on=2026-11-22');
    expect(JSON.parse(encodeRequestBody({ endedOn: '2026-11-22', pharmacy: { startedOn: '0099-01-01' } }))).toEqual({ ended_on: '2026-11-22', pharmacy: { started_on: '0099-01-01' } });
  });

  it('yields parameters URLSearchParams reads back (property)', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,10}$/), fc.string({ minLength: 1 }), (key, value) => {
        const params = new URLSearchParams(buildQueryString({ [key]: value }));
        return [...params.keys()].length === 1 && params.get(key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)) === value;
      }),
    );
  });
});
