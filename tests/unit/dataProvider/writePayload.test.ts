import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getPath, parseFieldValue, setPath, writePayload, type WriteDeclaration } from '../../../src/dataProvider/writePayload';
import type { FieldDeclaration, FieldMap } from '../../../src/resources/types';

const pharmacy: WriteDeclaration = {
  fields: {
    id: { type: 'id', label: 'ID', readOnly: true },
    name: { type: 'text', label: '薬局名' },
    'pharmacyInvoice.invoiceNumber': { type: 'text', label: 'インボイス番号', writeAs: 'pharmacyInvoiceAttributes.invoiceNumber' },
    'pharmacyInvoice.registeredOn': { type: 'date', label: '登録日', writeAs: 'pharmacyInvoiceAttributes.registeredOn' },
    'address.postalCode': { type: 'text', label: '郵便番号' },
    updatedAt: { type: 'datetime', label: '更新日時', readOnly: true },
  },
  form: { fields: ['id', 'name', 'pharmacyInvoice.invoiceNumber', 'pharmacyInvoice.registeredOn', 'address.postalCode'] },
};

const field = (parse: FieldDeclaration['parse'], type: FieldDeclaration['type'] = 'text'): FieldDeclaration => ({ type, label: 'x', parse });

describe('writePayload', () => {
  it('reads nested paths and writes them at writeAs (pharmacy_invoice read, pharmacy_invoice_attributes written)', () => {
    const record = { id: 1, name: '青葉', pharmacyInvoice: { invoiceNumber: 'T123', registeredOn: '2026-11-22' }, address: { postalCode: '1000001' }, updatedAt: new Date() };
    expect(writePayload(pharmacy, record)).toEqual({
      name: '青葉',
      pharmacyInvoiceAttributes: { invoiceNumber: 'T123', registeredOn: '2026-11-22' },
      address: { postalCode: '1000001' },
    });
  });

  it('leaves out what the form does not hold and what is not a form field', () => {
    expect(writePayload(pharmacy, { name: 'x', pharmacies: [1, 2], extra: 'y' })).toEqual({ name: 'x' });
  });

  it('uses every declared field when there is no form, still without read-only ones', () => {
    expect(writePayload({ fields: pharmacy.fields }, { id: 1, name: 'x', updatedAt: 'y' })).toEqual({ name: 'x' });
  });

  it('never writes an id-type field, read-only or not', () => {
    expect(writePayload({ fields: { id: { type: 'id', label: 'ID' }, name: { type: 'text', label: '名前' } } }, { id: 3, name: 'x' })).toEqual({ name: 'x' });
  });

  it('counts an unchanged instant as unchanged whether it is a Date or its ISO string', () => {
    const declaration: WriteDeclaration = { fields: { publishedAt: { type: 'datetime', label: '公開日時' } } };
    const previousData = { publishedAt: new Date('2026-11-21T16:05:00Z') };
    expect(writePayload(declaration, { publishedAt: '2026-11-21T16:05:00.000Z' }, { send: 'changed', previousData })).toEqual({});
    expect(writePayload(declaration, { publishedAt: '2026-11-21T16:06:00.000Z' }, { send: 'changed', previousData })).toEqual({ publishedAt: '2026-11-21T16:06:00.000Z' });
    expect(writePayload(declaration, { publishedAt: null }, { send: 'changed', previousData })).toEqual({ publishedAt: null });
  });

  it('sends only changed fields in changed mode, compared after parsing', () => {
    const declaration: WriteDeclaration = {
      fields: { quantity: field('integer', 'number'), price: field('decimal', 'decimal'), note: field('emptyToNull'), 'a.b': { type: 'text', label: 'b' } },
    };
    const previousData = { quantity: 12, price: 1.5, note: null, a: { b: 'same' } };
    expect(writePayload(declaration, { quantity: '12', price: '1.50', note: '', a: { b: 'same' } }, { send: 'changed', previousData })).toEqual({});
    expect(writePayload(declaration, { quantity: '13', price: '1.5', note: 'n', a: { b: 'other' } }, { send: 'changed', previousData })).toEqual({ quantity: 13, note: 'n', a: { b: 'other' } });
  });
});

describe('parseFieldValue (spec section 5 fixture rules)', () => {
  it('integer: a trimmed integer string becomes its number, blank null, anything else as typed for the server to reject', () => {
    const integer = field('integer', 'number');
    expect(parseFieldValue(integer, ' 42 ')).toBe(42);
    expect(parseFieldValue(integer, '-7')).toBe(-7);
    expect(parseFieldValue(integer, 5)).toBe(5);
    expect(parseFieldValue(integer, '')).toBeNull();
    expect(parseFieldValue(integer, '1.5')).toBe('1.5');
    expect(parseFieldValue(integer, '12abc')).toBe('12abc');
  });

  it('decimal: numeric strings become numbers; number fields default to decimal', () => {
    expect(parseFieldValue(field('decimal', 'decimal'), ' 12.30 ')).toBe(12.3);
    expect(parseFieldValue({ type: 'number', label: 'n' }, '3.5')).toBe(3.5);
    expect(parseFieldValue(field('decimal'), '1e3')).toBe('1e3');
    expect(parseFieldValue(field('decimal'), '  ')).toBeNull();
  });

  it('emptyToNull, string and omitEmpty', () => {
    expect(parseFieldValue(field('emptyToNull'), '')).toBeNull();
    expect(parseFieldValue(field('emptyToNull'), ' a ')).toBe(' a ');
    expect(parseFieldValue(field('string'), ' 007 ')).toBe(' 007 ');
    expect(writePayload({ fields: { note: field('omitEmpty'), name: field('string') } }, { note: '', name: '' })).toEqual({ name: '' });
  });
});

describe('getPath / setPath', () => {
  it('reads and writes dotted paths', () => {
    const record: Record<string, unknown> = {};
    setPath(record, 'a.b.c', 1);
    setPath(record, 'a.d', 2);
    expect(record).toEqual({ a: { b: { c: 1 }, d: 2 } });
    expect(getPath(record, 'a.b.c')).toBe(1);
    expect(getPath(record, 'a.x.c')).toBeUndefined();
    expect(getPath(null, 'a')).toBeUndefined();
  });
});

// Properties over generated declarations: camelCase paths of one or two segments, text values.
const segment = fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/);
const path = fc.oneof(segment, fc.tuple(segment, segment).map(([a, b]) => `${a}.${b}`));
const fieldDeclaration = fc.record({
  type: fc.constantFrom('text' as const, 'longText' as const, 'email' as const),
  label: fc.constant('x'),
  readOnly: fc.boolean(),
  parse: fc.constantFrom(undefined, 'string' as const, 'emptyToNull' as const, 'omitEmpty' as const),
});
/** Paths where none is a prefix of another (a field cannot be both a value and an object). */
const declarations = fc
  .uniqueArray(fc.tuple(path, fieldDeclaration), { selector: ([key]) => key.split('.')[0], minLength: 1, maxLength: 6 })
  .map((entries): WriteDeclaration => ({ fields: Object.fromEntries(entries) as FieldMap }));
const recordFor = (declaration: WriteDeclaration, values: string[]) => {
  const record: Record<string, unknown> = {};
  Object.keys(declaration.fields).forEach((key, index) => setPath(record, key, values[index % values.length]));
  return record;
};

describe('writePayload (properties)', () => {
  it('a changed-only payload of identical data is empty', () => {
    fc.assert(
      fc.property(declarations, fc.array(fc.string(), { minLength: 1 }), (declaration, values) => {
        const record = recordFor(declaration, values);
        return Object.keys(writePayload(declaration, record, { send: 'changed', previousData: structuredClone(record) })).length === 0;
      }),
    );
  });

  it('every form path is in a form payload, with its value, unless read-only or omitted when empty', () => {
    fc.assert(
      fc.property(declarations, fc.array(fc.string(), { minLength: 1 }), (declaration, values) => {
        const record = recordFor(declaration, values);
        const payload = writePayload(declaration, record);
        return Object.entries(declaration.fields).every(([key, declared]) => {
          const value = getPath(record, key);
          if (declared.readOnly) return getPath(payload, key) === undefined;
          if (declared.parse === 'omitEmpty' && (value as string).trim() === '') return getPath(payload, key) === undefined;
          const expected = declared.parse === 'emptyToNull' && value === '' ? null : value;
          return getPath(payload, key) === expected;
        });
      }),
    );
  });

  it('a changed-only payload holds exactly the writable fields whose value changed', () => {
    fc.assert(
      fc.property(declarations, fc.array(fc.string(), { minLength: 1 }), fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), (declaration, values, changes) => {
        const previousData = recordFor(declaration, values);
        const data = structuredClone(previousData);
        const keys = Object.keys(declaration.fields);
        keys.forEach((key, index) => {
          if (changes[index]) setPath(data, key, `${String(getPath(previousData, key))}!`);
        });
        const payload = writePayload(declaration, data, { send: 'changed', previousData });
        return keys.every((key, index) => {
          const declared = declaration.fields[key];
          const expectSent = changes[index] && !declared.readOnly;
          return (getPath(payload, key) !== undefined) === expectSent;
        });
      }),
    );
  });
});
