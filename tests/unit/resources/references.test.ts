import { describe, expect, it } from 'vitest';
import { findReferenced, referenceFallback, referenceIds, referenceName } from '../../../src/resources/schema/references';

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
