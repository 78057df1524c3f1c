import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTemplate, MissingPathParamError, recordPath, templateParams } from '../../../src/dataProvider/endpoint';

describe('fillTemplate', () => {
  it('fills {param}s percent-encoded and hands back the other parameters', () => {
    expect(fillTemplate('/api/v2/core/admin/pharmacies/{pharmacyId}/s3_nsipses/{filename}', { pharmacyId: 3, filename: 'a b/c.xml', query: 'x' })).toEqual({
      path: '/api/v2/core/admin/pharmacies/3/s3_nsipses/a%20b%2Fc.xml',
      rest: { query: 'x' },
    });
    expect(fillTemplate('/api/v2/core/admin/companies', undefined)).toEqual({ path: '/api/v2/core/admin/companies', rest: {} });
  });

  it('refuses a missing, null or empty parameter, naming it', () => {
    for (const params of [{}, { pharmacyId: null }, { pharmacyId: '' }]) {
      expect(() => fillTemplate('/api/v2/core/admin/pharmacies/{pharmacyId}/licenses', params)).toThrow(MissingPathParamError);
    }
    expect(() => fillTemplate('/x/{serviceName}', {})).toThrow('{serviceName} が指定されていません');
  });

  it('leaves no placeholder, uses every template parameter and keeps the others (property)', () => {
    const name = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,8}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), fc.dictionary(name, fc.string({ minLength: 1 })), fc.string({ minLength: 1 }), (params, others, value) => {
        const template = `/api/v2/core/${params.map((param) => `p/{${param}}`).join('/')}`;
        const values = { ...others, ...Object.fromEntries(params.map((param) => [param, value])) };
        const { path, rest } = fillTemplate(template, values);
        return (
          templateParams(path).length === 0 &&
          path === `/api/v2/core/${params.map(() => `p/${encodeURIComponent(value)}`).join('/')}` &&
          params.every((param) => !(param in rest)) &&
          Object.keys(others).every((key) => params.includes(key) || rest[key] === others[key])
        );
      }),
    );
  });
});

describe('recordPath', () => {
  it('appends the id percent-encoded', () => {
    expect(recordPath('/api/v2/medorder/admin/hot_codes', '12 34/5')).toBe('/api/v2/medorder/admin/hot_codes/12%2034%2F5');
  });
});
