import { describe, expect, it } from 'vitest';
import { displayText, isNumericField } from '../../../src/resources/schema/shared/fieldDisplay';
import { findReferenced, referenceFallback, referenceIds, referenceName } from '../../../src/resources/schema/shared/references';

describe('how a reference reads', () => {
  it('takes one id or an array of ids, and drops blanks', () => {
    expect(referenceIds(7)).toEqual([7]);
    expect(referenceIds('7')).toEqual(['7']);
    expect(referenceIds([1, null, 2, '', undefined, Number.NaN])).toEqual([1, 2]);
    expect(referenceIds(null)).toEqual([]);
    expect(referenceIds(undefined)).toEqual([]);
    expect(referenceIds({ id: 1 })).toEqual([]);
  });

  it("is the other record's name, at its representation's path", () => {
    expect(referenceName({ id: 1, name: '医療法人さくら会' }, 'name')).toBe('医療法人さくら会');
    expect(referenceName({ id: 1, pharmacy: { name: 'さくら薬局' } }, 'pharmacy.name')).toBe('さくら薬局');
    expect(referenceName({ id: 1, code: 42 }, 'code')).toBe('42');
  });

  it('has no name when the record is missing or its name is empty, and then reads #id', () => {
    expect(referenceName(undefined, 'name')).toBeUndefined();
    expect(referenceName({ id: 1, name: null }, 'name')).toBeUndefined();
    expect(referenceName({ id: 1, name: '  ' }, 'name')).toBeUndefined();
    expect(referenceName({ id: 1, name: 'x' }, undefined)).toBeUndefined();
    expect(referenceFallback(999)).toBe('#999');
  });

  it('finds the record of an id among a lookup answer, ids compared as strings', () => {
    const records = [{ id: 1 }, { id: 2 }];
    expect(findReferenced(records, '2')).toBe(records[1]);
    expect(findReferenced(records, 3)).toBeUndefined();
    expect(findReferenced(undefined, 1)).toBeUndefined();
  });
});

describe('a reference field as text and as a column', () => {
  const companyId = { type: 'number', label: '会社ID', reference: { resource: 'v2/core/companies' } } as const;

  it('reads by its ids where no link can go, and is empty when it names nothing', () => {
    expect(displayText(companyId, 3)).toBe('#3');
    expect(displayText({ ...companyId, type: 'id' }, [1, 2])).toBe('#1、#2');
    expect(displayText(companyId, [])).toBeUndefined();
    expect(displayText(companyId, null)).toBeUndefined();
  });

  it('lines up on the left like the name it shows, unlike a plain number', () => {
    expect(isNumericField(companyId)).toBe(false);
    expect(isNumericField({ type: 'number', label: '薬局数' })).toBe(true);
  });
});
