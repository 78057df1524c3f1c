import { describe, expect, it } from 'vitest';
import { draftMerge, recordMovedSince } from '../../../src/features/drafts/FormDraftKeeper';
import type { FormDraft } from '../../../src/features/drafts/formDrafts';
import type { AnyResourceDeclaration } from '../../../src/resources/types';

const resource = {
  name: 'v2/core/companies',
  fields: {
    id: { type: 'id', label: 'ID', readOnly: true },
    name: { type: 'text', label: '会社名' },
    note: { type: 'longText', label: '備考' },
    phone: { type: 'text', label: '電話番号' },
  },
} as unknown as AnyResourceDeclaration;

const typedAt = '2026-11-29T03:20:00.000Z';
const savedLater = new Date('2026-11-29T03:25:00.000Z');
const draft = (against?: FormDraft['against']): FormDraft => ({ savedAt: typedAt, fields: { note: '私の備考' }, ...(against ? { against } : {}) });

describe('a restored draft over the record as it is now (issue 40)', () => {
  it('the record unchanged since the draft: the draft goes in as it is', () => {
    const record = { id: 11, name: '青葉', note: '', phone: '03', updatedAt: new Date(typedAt) };
    const merge = draftMerge(resource, draft({ version: typedAt, values: { note: '' } }), record);
    expect(recordMovedSince(draft({ version: typedAt, values: {} }), record)).toBe(false);
    expect(merge.conflicts).toEqual([]);
    expect(merge.merged.note).toBe('私の備考');
  });

  it('another user saved a different note since: asked, never overwritten', () => {
    const record = { id: 11, name: '青葉', note: '相手の備考', phone: '03', updatedAt: savedLater };
    const merge = draftMerge(resource, draft({ version: typedAt, values: { note: '' } }), record);
    expect(merge.conflicts).toEqual([{ path: 'note', label: '備考', theirs: '相手の備考', mine: '私の備考' }]);
  });

  it('another user changed only another field since: the draft goes in, their change stays', () => {
    const record = { id: 11, name: '青葉', note: '', phone: '06-新しい', updatedAt: savedLater };
    const merge = draftMerge(resource, draft({ version: typedAt, values: { note: '' } }), record);
    expect(merge.conflicts).toEqual([]);
    expect(merge.merged).toMatchObject({ note: '私の備考', phone: '06-新しい' });
  });

  it('a draft that does not say what it was typed against is asked about wherever it differs from a versioned record', () => {
    const record = { id: 11, name: '青葉', note: '相手の備考', phone: '03', updatedAt: savedLater };
    expect(recordMovedSince(draft(), record)).toBe(true);
    expect(draftMerge(resource, draft(), record).conflicts.map((item) => item.path)).toEqual(['note']);
    // A new record has no version: nothing to move.
    expect(recordMovedSince(draft(), { name: '' })).toBe(false);
  });
});
