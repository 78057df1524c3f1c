import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { camelizeKeys, snakeizeKeys, toCamelKey, toSnakeKey } from '../../../src/contract/caseConversion';

const snakeKey = fc.stringMatching(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);

describe('toCamelKey / toSnakeKey', () => {
  it('folds only an underscore followed by a lower-case letter', () => {
    expect(toCamelKey('hot_code_7')).toBe('hotCode_7');
    expect(toCamelKey('hot_code_9')).toBe('hotCode_9');
    expect(toCamelKey('package_gs1_code')).toBe('packageGs1Code');
    expect(toCamelKey('updated_at')).toBe('updatedAt');
    expect(toCamelKey('v1_id')).toBe('v1Id');
  });

  it('leaves a leading underscore alone (Rails _destroy)', () => {
    expect(toCamelKey('_destroy')).toBe('_destroy');
    expect(toSnakeKey('_destroy')).toBe('_destroy');
  });

  it('snake_cases every upper-case letter', () => {
    expect(toSnakeKey('hotCode_7')).toBe('hot_code_7');
    expect(toSnakeKey('packageGs1Code')).toBe('package_gs1_code');
    expect(toSnakeKey('addEnded')).toBe('add_ended');
    expect(toSnakeKey('query')).toBe('query');
  });

  it('round-trips every snake key of the API alphabet, digits after an underscore included', () => {
    fc.assert(fc.property(snakeKey, (key) => toSnakeKey(toCamelKey(key)) === key));
  });

  it('round-trips camel keys produced from snake keys', () => {
    fc.assert(
      fc.property(snakeKey, (key) => {
        const camel = toCamelKey(key);
        return toCamelKey(toSnakeKey(camel)) === camel;
      }),
    );
  });

  it('is idempotent', () => {
    fc.assert(fc.property(snakeKey, (key) => toCamelKey(toCamelKey(key)) === toCamelKey(key)));
    fc.assert(fc.property(snakeKey, (key) => toSnakeKey(key) === key));
  });
});

describe('camelizeKeys / snakeizeKeys', () => {
  it('converts nested objects and arrays', () => {
    const value = { pharmacy_invoice: { invoice_number: 'T1' }, groups: [{ group_id: 1, pharmacies_count: 2 }], hot_code_7: '1' };
    expect(camelizeKeys(value)).toEqual({
      pharmacyInvoice: { invoiceNumber: 'T1' },
      groups: [{ groupId: 1, pharmaciesCount: 2 }],
      hotCode_7: '1',
    });
    expect(snakeizeKeys(camelizeKeys(value))).toEqual(value);
  });

  it('passes Dates, Blobs, Files and class instances through untouched', () => {
    const date = new Date('2026-01-01T00:00:00Z');
    const blob = new Blob(['x']);
    const file = new File(['y'], 'a.png');
    class Money {
      minor_units = 1;
    }
    const money = new Money();
    const result = snakeizeKeys<Record<string, unknown>>({ startedOn: date, uploadBlob: blob, licenseFile: file, price: money });
    expect(result.started_on).toBe(date);
    expect(result.upload_blob).toBe(blob);
    expect(result.license_file).toBe(file);
    expect(result.price).toBe(money);
  });

  it('leaves scalars and null as they are', () => {
    expect(camelizeKeys(null)).toBeNull();
    expect(camelizeKeys('a_b')).toBe('a_b');
    expect(camelizeKeys([1, 'x_y'])).toEqual([1, 'x_y']);
  });

  it('keeps values identical and only renames keys (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(snakeKey, fc.oneof(fc.integer(), fc.string(), fc.boolean(), fc.constant(null))), (record) => {
        const camel = camelizeKeys<Record<string, unknown>>(record);
        return Object.entries(record).every(([key, value]) => camel[toCamelKey(key)] === value);
      }),
    );
  });
});
