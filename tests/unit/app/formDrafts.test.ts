import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dirtyPaths, draftKey, draftsOf, isSecretPath, keepsDrafts, readDraft, rememberKeepDrafts, removeDraft, writeDraft } from '../../../src/features/drafts/formDrafts';
import { createMemoryStorage } from '../../../src/lib/memoryStorage';

describe('form drafts', () => {
  it('keys a draft by environment, user and record; a new record is "new"', () => {
    expect(draftKey('production', 3, 'v2/core/companies', 41)).not.toBe(draftKey('demo', 3, 'v2/core/companies', 41));
    expect(draftKey('production', 3, 'v2/core/companies', 41)).not.toBe(draftKey('production', 4, 'v2/core/companies', 41));
    expect(draftKey('production', 3, 'v2/core/companies', undefined)).toContain(':new');
  });

  it('never stores a password, whatever the path', () => {
    fc.assert(
      fc.property(fc.constantFrom('password', 'newPassword', 'user.passwordConfirmation', 'currentPASSWORD'), fc.string(), (path, secret) => {
        const storage = createMemoryStorage();
        writeDraft(storage, 'k', { [path]: secret, note: 'メモ' });
        return !storage.getItem('k')?.includes(JSON.stringify(path)) && readDraft(storage, 'k')?.fields.note === 'メモ' && isSecretPath(path);
      }),
    );
  });

  it('reads back what it wrote, and nothing from garbage, a foreign shape or an empty draft', () => {
    const storage = createMemoryStorage();
    writeDraft(storage, 'k', { note: '備考', 'pharmacyInvoice.invoiceNumber': 'T1' }, { now: new Date('2026-11-26T00:00:00Z') });
    expect(readDraft(storage, 'k')).toEqual({ savedAt: '2026-11-26T00:00:00.000Z', fields: { note: '備考', 'pharmacyInvoice.invoiceNumber': 'T1' } });
    for (const raw of ['{', 'null', '[]', '{"savedAt":1,"fields":{}}', '{"savedAt":"x","fields":{}}']) {
      storage.setItem('k', raw);
      expect(readDraft(storage, 'k')).toBeUndefined();
    }
    writeDraft(storage, 'k', { password: 'x' });
    expect(storage.getItem('k')).toBeNull();
    writeDraft(storage, 'k', { note: 'a' });
    removeDraft(storage, 'k');
    expect(readDraft(storage, 'k')).toBeUndefined();
  });

  it('lists the dirty paths of react-hook-form', () => {
    expect(dirtyPaths({ name: true, note: false, pharmacyInvoice: { invoiceNumber: true }, services: [true, false] })).toEqual([
      'name',
      'pharmacyInvoice.invoiceNumber',
      'services',
    ]);
    expect(dirtyPaths({})).toEqual([]);
  });

  it('keeps what a draft was typed against (version and base values), never a password in it; garbage there reads as unknown', () => {
    const storage = createMemoryStorage();
    const against = { version: '2026-11-26T00:00:00.000Z', values: { note: '前の備考', password: 'secret' } };
    writeDraft(storage, 'k', { note: '新しい備考' }, { now: new Date('2026-11-26T00:05:00Z'), against });
    expect(readDraft(storage, 'k')).toEqual({
      savedAt: '2026-11-26T00:05:00.000Z',
      fields: { note: '新しい備考' },
      against: { version: '2026-11-26T00:00:00.000Z', values: { note: '前の備考' } },
    });
    expect(storage.getItem('k')).not.toContain('secret');
    for (const bad of [1, 'x', null, [], { values: 3 }, { version: 5, values: {} }]) {
      storage.setItem('k', JSON.stringify({ savedAt: 'x', fields: { note: 'a' }, against: bad }));
      expect(readDraft(storage, 'k')).toEqual({ savedAt: 'x', fields: { note: 'a' } });
    }
  });
});

describe('the drafts a user keeps on this device (issue 36: sign-out on a shared PC)', () => {
  it('lists only that user\'s drafts in that environment, newest first, naming resource and record', () => {
    const storage = createMemoryStorage();
    writeDraft(storage, draftKey('production', 3, 'v2/core/companies', 11), { note: 'a' }, { now: new Date('2026-11-29T01:00:00Z') });
    writeDraft(storage, draftKey('production', 3, 'v2/core/companies', undefined), { name: 'b' }, { now: new Date('2026-11-29T02:00:00Z') });
    writeDraft(storage, draftKey('production', 4, 'v2/core/companies', 11), { note: 'other user' });
    writeDraft(storage, draftKey('demo', 3, 'v2/core/companies', 11), { note: 'other environment' });
    writeDraft(storage, draftKey('production', 33, 'v2/core/companies', 12), { note: 'a user id that starts the same' });
    storage.setItem('cs-portal.recent:production:3', '[]');
    expect(draftsOf(storage, 'production', 3)).toEqual([
      { key: draftKey('production', 3, 'v2/core/companies', undefined), resource: 'v2/core/companies', id: undefined, savedAt: '2026-11-29T02:00:00.000Z' },
      { key: draftKey('production', 3, 'v2/core/companies', 11), resource: 'v2/core/companies', id: '11', savedAt: '2026-11-29T01:00:00.000Z' },
    ]);
  });

  it('remembers per user whether this device keeps the drafts; by default it does not', () => {
    const storage = createMemoryStorage();
    expect(keepsDrafts(storage, 'production', 3)).toBe(false);
    rememberKeepDrafts(storage, 'production', 3, true);
    expect([keepsDrafts(storage, 'production', 3), keepsDrafts(storage, 'production', 4), keepsDrafts(storage, 'demo', 3)]).toEqual([true, false, false]);
    rememberKeepDrafts(storage, 'production', 3, false);
    expect(keepsDrafts(storage, 'production', 3)).toBe(false);
  });
});
