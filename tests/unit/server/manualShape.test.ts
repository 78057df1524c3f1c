import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { MANUAL_SHAPE } from '../../../src/contract/masters/manuals';
import { manuals } from '../../../src/resources/manuals';
import { MANUAL_LIST } from '../../../server/services/core/manuals/routes';
import { ManualSchema, ManualWrite } from '../../../server/services/core/manuals/schema';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers, textBody } from './shapeProbes';

const title = () => labelled('タイトル', z.string().trim().min(1).max(200));
const content = () => labelled('本文', z.string().max(50_000).refine((text) => text.trim() !== '', { message: '本文を入力してください。' }));
const categoryId = () => labelled('カテゴリ', z.number().int().positive().max(1e12).nullable().optional());

/** The request schemas the shape replaced, as they were written by hand: the reference for "no change". */
const HAND_WRITTEN = {
  create: z.object({ title: title(), content: content(), manual_category_id: categoryId() }),
  update: z.object({ title: title().optional(), content: content().optional(), manual_category_id: categoryId() }),
};

/** A body: title and content near their limits or of any type, and a category id of any kind. */
const body = fc
  .tuple(textBody(['title', 'content'], [200, 50_000]), fc.record({ manual_category_id: fc.constantFrom(1, 7, 0, -1, 1.5, 1e12, 1e12 + 1, null, '7') }, { requiredKeys: [] }))
  .map(([texts, category]) => ({ ...texts, ...category }));

describe('manuals from MANUAL_SHAPE (issue 24 item 1)', () => {
  it('the SPA declaration is the one written by hand before', () => {
    expect(manuals.api).toBe('/api/v2/core/admin/manuals');
    expect(manuals.label).toBe('マニュアル');
    // As written by hand, plus readOnly on the API's own fields, title_short (answered all along,
    // computed from the title) and createdAt sortable as the API always sorted it; the manual's
    // form holds only title, content and category, so the marks change nothing sent.
    expect(manuals.fields).toEqual({
      id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
      title: { type: 'text', label: 'タイトル', sortable: true, required: true, requiredCheck: 'server' },
      titleShort: { type: 'text', label: '短いタイトル', readOnly: true },
      content: { type: 'longText', label: '本文', rows: 12, required: true, requiredCheck: 'server' },
      manualCategoryId: { type: 'number', label: 'カテゴリ', parse: 'integer' },
      impressionsCount: { type: 'number', label: '閲覧数', sortable: true, readOnly: true },
      createdAt: { type: 'datetime', label: '作成日時', sortable: true, readOnly: true },
      updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
      createdBy: { type: 'text', label: '作成者', readOnly: true },
      updatedBy: { type: 'text', label: '更新者', readOnly: true },
    });
    expect(manuals.form).toEqual({ fields: ['title', 'content', 'manualCategoryId'] });
  });

  it('the list declaration is the one written by hand before', () => {
    const { filters, search, ...rest } = MANUAL_LIST;
    expect({ ...rest, filters: Object.keys(filters), search: search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/admin/manuals',
      summary: 'マニュアル一覧 (query: タイトルと本文の部分一致検索、タイトル一致を先に)',
      sortColumns: { id: 'm.id', title: 'm.title', impressions_count: 'm.impressions_count', created_at: 'm.created_at', updated_at: 'm.updated_at' },
      defaultSort: '-updated_at',
      filters: ['manual_category_id', 'manual_category'],
      search: 'manuals_search',
      searchExamples: [
        ['1 char', '棚'], ['2 chars', '在庫'], ['3+ chars kanji', '棚卸し'], ['katakana', 'テンプレート'], ['hiragana', 'てんぷれーと'],
        ['half-width', 'ﾃﾝﾌﾟﾚｰﾄ'], ['full-width ASCII', 'ＮＳＩＰＳ'], ['two terms', '在庫 修正'], ['no hit', 'ゾヂヅヂ'],
      ],
      fields: ['id', 'title', 'title_short', 'content', 'manual_category_id', 'impressions_count', 'created_at', 'updated_at', 'created_by', 'updated_by'],
    });
    for (const name of ['manual_category_id', 'manual_category'] as const) {
      const { label, schema } = filters[name];
      expect(label).toBe('カテゴリ');
      expect(['7', undefined, '123456789012', '', 'x', '1234567890123'].map((value) => schema.safeParse(value).success)).toEqual([true, true, true, false, false, false]);
    }
    expect([filters.manual_category_id.example, filters.manual_category.example]).toEqual(['7', '3']);
  });

  it('answers records as before: the category, created_by and updated_by may be null', () => {
    const manual = {
      id: 1, title: '棚卸しの手順', title_short: '棚卸しの手順', content: '# 手順', manual_category_id: null, impressions_count: 0,
      created_at: '2026-11-21T10:00:00.000Z', updated_at: '2026-11-21T10:00:00.000Z', created_by: null, updated_by: null,
    };
    expect(ManualSchema.parse(manual)).toEqual(manual);
    expect(ManualSchema.safeParse({ ...manual, content: null }).success).toBe(false);
  });

  it('property: create and update take, refuse and store exactly what the hand-written schemas did, with the same 422 body in the same order', () => {
    fc.assert(
      fc.property(body, fc.boolean(), (sent, creating) => {
        const mode = creating ? 'create' : 'update';
        const before = HAND_WRITTEN[mode].safeParse(sent);
        const after = ManualWrite[mode].safeParse(sent);
        sameAnswers(before, after, zodErrorBody);
        if (!before.success && !after.success) expect(JSON.stringify(zodErrorBody(after.error))).toBe(JSON.stringify(zodErrorBody(before.error)));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the content exactly as sent, trims the title', () => {
    expect(ManualWrite.update.parse({ title: ' 手順 ', content: '  - 一行目\n' })).toEqual({ title: '手順', content: '  - 一行目\n' });
    expect(ManualWrite.update.parse({ manual_category_id: null })).toEqual({ manual_category_id: null });
    expect(MANUAL_SHAPE.fields.content.write.verbatim).toBe(true);
  });

  it('a content of white space alone and too long hears both rules, as before', () => {
    for (const blank of [' ', '\n', '\u3000']) {
      const sent = { content: blank.repeat(50_001) };
      sameAnswers(HAND_WRITTEN.update.safeParse(sent), ManualWrite.update.safeParse(sent), zodErrorBody);
      expect(zodErrorBody((ManualWrite.update.safeParse(sent).error)!).errors).toEqual(['本文は50000文字以内で入力してください。', '本文を入力してください。']);
    }
  });
});
