import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeThreeWay, resolveConflicts } from '../../../src/resources/schema/form/recordConflicts';
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

const later = '2026-11-26T00:01:00Z';

describe('mergeThreeWay', () => {
  it('asks only about a field both changed; a field only they changed is theirs without asking', () => {
    const current = { ...base, name: '青葉薬局 本店', note: '彼らの備考', pharmacyInvoice: { invoiceNumber: 'T2' }, updatedAt: later };
    const mine = { ...base, note: '私の備考' };
    const { merged, theirsOnly, conflicts } = mergeThreeWay(fields, formFields, base, current, mine);
    expect(conflicts).toEqual([{ path: 'note', label: '備考', theirs: '彼らの備考', mine: '私の備考' }]);
    expect(theirsOnly).toEqual(['会社名', '登録番号']);
    expect(merged).toEqual({ ...mine, name: '青葉薬局 本店', pharmacyInvoice: { invoiceNumber: 'T2' } });
  });

  it('B edits only the note while A changes the name: nothing to ask, A\'s name and B\'s note both stay', () => {
    const current = { ...base, name: 'A の新しい名前', updatedAt: later };
    const mine = { ...base, note: 'B の備考' };
    const { merged, conflicts } = mergeThreeWay(fields, formFields, base, current, mine);
    expect(conflicts).toEqual([]);
    expect(merged).toMatchObject({ name: 'A の新しい名前', note: 'B の備考' });
  });

  it('a field both changed the same way, or only I changed, is no conflict; read-only fields never are', () => {
    const current = { ...base, name: '同じ名前', updatedAt: later, id: 9 };
    const mine = { ...base, name: '同じ名前', note: '私だけ' };
    const { merged, conflicts, theirsOnly } = mergeThreeWay(fields, formFields, base, current, mine);
    expect(conflicts).toEqual([]);
    expect(theirsOnly).toEqual([]);
    expect(merged).toEqual(mine);
  });

  it('compares values as they would be saved: "2" in the form is the 2 on the server, blank is null', () => {
    const current = { ...base, count: 3, note: '' };
    expect(mergeThreeWay(fields, formFields, base, current, { ...base, count: '3' }).conflicts).toEqual([]);
  });

  it('an unknown base (a field missing from it) asks wherever the two differ', () => {
    const current = { ...base, note: '彼らの備考' };
    expect(mergeThreeWay(fields, ['note'], {}, current, { ...base, note: '私の備考' }).conflicts.map((item) => item.path)).toEqual(['note']);
  });

  it('for any three values of a field: mine when only I changed, theirs when only they did, asked when both did differently', () => {
    fc.assert(
      fc.property(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c'), (was, theirs, ours) => {
        const { merged, conflicts } = mergeThreeWay(fields, ['name'], { name: was }, { name: theirs }, { name: ours });
        if (was !== theirs && was !== ours && theirs !== ours) return conflicts.length === 1 && merged.name === ours;
        return conflicts.length === 0 && merged.name === (was === ours ? theirs : ours);
      }),
    );
  });
});

describe('resolveConflicts', () => {
  it('takes theirs unless the user chose mine, and keeps every other value of the merge', () => {
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
