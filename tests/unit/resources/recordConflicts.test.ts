import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fieldConflicts, resolveConflicts } from '../../../src/resources/schema/recordConflicts';
import type { FieldMap } from '../../../src/resources/types';

const fields: FieldMap = {
  id: { type: 'id', label: 'ID', readOnly: true },
  name: { type: 'text', label: '会社名' },
  note: { type: 'longText', label: '備考' },
  count: { type: 'number', label: '薬局数', parse: 'integer' },
  'pharmacyInvoice.invoiceNumber': { type: 'text', label: '登録番号' },
  updatedAt: { type: 'datetime', label: '更新日時', readOnly: true },
};
const formFields = ['id', 'name', 'note', 'count', 'pharmacyInvoice.invoiceNumber', 'updatedAt'];
const base = { id: 1, name: '青葉薬局', note: null, count: 2, pharmacyInvoice: { invoiceNumber: 'T1' }, updatedAt: '2026-11-26T00:00:00Z' };

describe('fieldConflicts', () => {
  it('lists what the other person changed that the form does not hold as they left it', () => {
    const current = { ...base, name: '青葉薬局 本店', pharmacyInvoice: { invoiceNumber: 'T2' }, updatedAt: '2026-11-26T00:01:00Z' };
    const mine = { ...base, note: '私の備考' };
    expect(fieldConflicts(fields, formFields, base, current, mine)).toEqual([
      { path: 'name', label: '会社名', theirs: '青葉薬局 本店', mine: '青葉薬局' },
      { path: 'pharmacyInvoice.invoiceNumber', label: '登録番号', theirs: 'T2', mine: 'T1' },
    ]);
  });

  it('a field both changed the same way, or only I changed, is no conflict; read-only fields never are', () => {
    const current = { ...base, name: '同じ名前', updatedAt: '2026-11-26T00:01:00Z', id: 9 };
    const mine = { ...base, name: '同じ名前', note: '私だけ' };
    expect(fieldConflicts(fields, formFields, base, current, mine)).toEqual([]);
  });

  it('compares values as they would be saved: "2" in the form is the 2 on the server, blank is null', () => {
    const current = { ...base, count: 3, note: '' };
    expect(fieldConflicts(fields, formFields, base, current, { ...base, count: '3' })).toEqual([]);
  });
});

describe('resolveConflicts', () => {
  it('takes theirs unless the user chose mine, and keeps every other value of the form', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.boolean(), (theirs, mine, note, keepMine) => {
        const form = { ...base, name: mine, note };
        const conflicts = [{ path: 'name', label: '会社名', theirs, mine }];
        const resolved = resolveConflicts(form, conflicts, keepMine ? { name: 'mine' } : {});
        return resolved.name === (keepMine ? mine : theirs) && resolved.note === note && form.name === mine;
      }),
    );
  });

  it('writes a nested choice at its path', () => {
    const resolved = resolveConflicts(base, [{ path: 'pharmacyInvoice.invoiceNumber', label: '登録番号', theirs: 'T2', mine: 'T1' }], {});
    expect(resolved.pharmacyInvoice).toEqual({ invoiceNumber: 'T2' });
    expect(base.pharmacyInvoice).toEqual({ invoiceNumber: 'T1' });
  });
});
