import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { shapeWriteErrors } from '../../../src/contract/masterShape';
import { COMPANY_SHAPE } from '../../../src/contract/masters/companies';
import { companies } from '../../../src/resources/companies';
import { COMPANY_LIST } from '../../../server/services/core/companies/routes';
import { CompanySchema, CompanyWrite } from '../../../server/services/core/companies/schema';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers, textBody } from './shapeProbes';

/** The request schemas the shape replaced, as they were written by hand: the reference for "no change". */
const HAND_WRITTEN = {
  create: z.object({
    name: labelled('会社名', z.string().trim().min(1).max(100)),
    note: labelled('備考', z.string().max(2000).nullable().optional()),
  }),
  update: z.object({
    name: labelled('会社名', z.string().trim().min(1).max(100)).optional(),
    note: labelled('備考', z.string().max(2000).nullable().optional()),
  }),
};

describe('companies from COMPANY_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(companies.api).toBe('/api/v2/core/admin/companies');
    expect(companies.label).toBe('薬局会社');
    // As written by hand, plus readOnly on the API's own fields: the form holds only id, name and
    // note, and writes and conflict checks read only the form's fields, so the mark changes nothing.
    // createdAt is sortable as the API always sorted it; no column shows it.
    expect(companies.fields).toEqual({
      id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
      name: { type: 'text', label: '会社名', sortable: true, required: true, requiredCheck: 'server' },
      pharmaciesCount: { type: 'number', label: '薬局数', sortable: true, readOnly: true },
      note: { type: 'longText', label: '備考', rows: 5 },
      createdAt: { type: 'datetime', label: '作成日時', sortable: true, readOnly: true },
      updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
      createdBy: { type: 'text', label: '作成者', readOnly: true },
      updatedBy: { type: 'text', label: '更新者', readOnly: true },
    });
    // No client rules (spec): no validate, the API's errors are listed; the name is marked required
    // (the API refuses it empty), checked by the API.
    expect(companies.form).toEqual({ fields: ['id', 'name', 'note'] });
  });

  it('the list declaration is the one written by hand before (the summary now says 薬局会社, as the SPA)', () => {
    expect({ ...COMPANY_LIST, filters: Object.keys(COMPANY_LIST.filters), search: COMPANY_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/admin/companies',
      summary: '薬局会社一覧',
      sortColumns: { id: 'c.id', name: 'c.name', pharmacies_count: 'c.pharmacies_count', created_at: 'c.created_at', updated_at: 'c.updated_at' },
      defaultSort: '-updated_at',
      filters: [],
      search: 'companies_search',
      fields: ['id', 'name', 'note', 'pharmacies_count', 'created_at', 'updated_at', 'created_by', 'updated_by'],
    });
  });

  it('answers records as before: note, created_by and updated_by may be null', () => {
    const company = { id: 1, name: '株式会社さくらメディカル', note: null, pharmacies_count: 3, created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', created_by: null, updated_by: '管理 花子' };
    expect(CompanySchema.parse(company)).toEqual(company);
    expect(CompanySchema.safeParse({ ...company, name: null }).success).toBe(false);
  });

  it('property: create and update take, refuse and store exactly what the hand-written schemas did, with the same 422 body', () => {
    fc.assert(
      fc.property(textBody(['name', 'note'], [100, 2000]), fc.boolean(), (body, creating) => {
        const mode = creating ? 'create' : 'update';
        sameAnswers(HAND_WRITTEN[mode].safeParse(body), CompanyWrite[mode].safeParse(body), zodErrorBody);
      }),
      { numRuns: 500 },
    );
  });

  it('property: the form and the API refuse the same writes with the same messages', () => {
    fc.assert(
      fc.property(textBody(['name', 'note'], [100, 2000], { texts: true }), fc.boolean(), (body, creating) => {
        const mode = creating ? 'create' : 'update';
        const form = shapeWriteErrors(COMPANY_SHAPE, body, mode);
        const api = CompanyWrite[mode].safeParse(body);
        expect(api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]))).toEqual(form);
      }),
    );
  });

  it('keeps a note exactly as sent, and trims the name', () => {
    expect(CompanyWrite.update.parse({ name: ' 株式会社さくら ', note: '  一行目\n二行目  ' })).toEqual({ name: '株式会社さくら', note: '  一行目\n二行目  ' });
    expect(CompanyWrite.update.parse({ note: '' })).toEqual({ note: '' });
    expect(CompanyWrite.update.parse({ note: null })).toEqual({ note: null });
    expect(CompanyWrite.update.parse({})).toEqual({});
  });
});
