import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { shapeWriteErrors } from '../../../src/contract/masterShape';
import { GROUP_SHAPE } from '../../../src/contract/masters/groups';
import { groups } from '../../../src/resources/groups';
import { GROUP_LIST } from '../../../server/services/core/groups/routes';
import { GroupSchema, GroupWrite } from '../../../server/services/core/groups/schema';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers, textBody } from './shapeProbes';

/** The request schemas the shape replaced, as they were written by hand: the reference for "no change". */
const HAND_WRITTEN = {
  create: z.object({ name: labelled('グループ名', z.string().trim().min(1).max(100)) }),
  update: z.object({ name: labelled('グループ名', z.string().trim().min(1).max(100)).optional() }),
};

describe('neighbour groups from GROUP_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(groups.api).toBe('/api/v2/core/admin/groups');
    expect(groups.label).toBe('近隣グループ');
    // As written by hand, plus readOnly on the API's own fields: the form holds only id and name,
    // and writes and conflict checks read only the form's fields, so the mark changes nothing.
    expect(groups.fields).toEqual({
      id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
      name: { type: 'text', label: 'グループ名', sortable: true, required: true, requiredCheck: 'server' },
      pharmaciesCount: { type: 'number', label: '薬局数', sortable: true, readOnly: true },
      createdAt: { type: 'datetime', label: '作成日時', readOnly: true },
      updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
      createdBy: { type: 'text', label: '作成者', readOnly: true },
      updatedBy: { type: 'text', label: '更新者', readOnly: true },
    });
    // No client rules (spec): no validate, the API's errors are listed; the name is marked required
    // (the API refuses it empty), checked by the API.
    expect(groups.form).toEqual({ fields: ['id', 'name'] });
  });

  it('the list declaration is the one written by hand before, the candidate filter included', () => {
    expect({ ...GROUP_LIST, filters: Object.keys(GROUP_LIST.filters), search: GROUP_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/admin/groups',
      summary: '近隣グループ一覧',
      sortColumns: { id: 'g.id', name: 'g.name', pharmacies_count: 'g.pharmacies_count', updated_at: 'g.updated_at' },
      defaultSort: '-updated_at',
      filters: ['without_pharmacy_id'],
      search: 'groups_search',
      fields: ['id', 'name', 'pharmacies_count', 'created_at', 'updated_at', 'created_by', 'updated_by'],
    });
    const { label, schema, example } = GROUP_LIST.filters.without_pharmacy_id;
    expect([label, example]).toEqual(['薬局ID', '1']);
    expect(['1', '123456789012', '', 'x', '1234567890123'].map((value) => schema.safeParse(value).success)).toEqual([true, true, false, false, false]);
  });

  it('answers records as before: created_by and updated_by may be null', () => {
    const group = { id: 1, name: '渋谷駅前薬局グループ', pharmacies_count: 0, created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', created_by: null, updated_by: null };
    expect(GroupSchema.parse(group)).toEqual(group);
    expect(GroupSchema.safeParse({ ...group, pharmacies_count: '0' }).success).toBe(false);
  });

  it('property: create and update take, refuse and store exactly what the hand-written schemas did, with the same 422 body', () => {
    fc.assert(
      fc.property(textBody(['name'], [100]), fc.boolean(), (body, creating) => {
        const mode = creating ? 'create' : 'update';
        sameAnswers(HAND_WRITTEN[mode].safeParse(body), GroupWrite[mode].safeParse(body), zodErrorBody);
      }),
      { numRuns: 300 },
    );
  });

  it('property: the form and the API refuse the same writes with the same messages', () => {
    fc.assert(
      fc.property(textBody(['name'], [100], { texts: true }), fc.boolean(), (body, creating) => {
        const mode = creating ? 'create' : 'update';
        const form = shapeWriteErrors(GROUP_SHAPE, body, mode);
        const api = GroupWrite[mode].safeParse(body);
        expect(api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]))).toEqual(form);
      }),
    );
  });
});
