import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { apiParts, defineMasterShape, wireKey, type ShapeField, type WireType } from '../../../src/contract/masterShape';
import { DEALER_SHAPE } from '../../../src/contract/masters/dealers';
import { toSnakeKey } from '../../../src/contract/caseConversion';
import { dealers } from '../../../src/resources/dealers';
import { shapeFields } from '../../../src/resources/shapeFields';
import { DEALER_MASTER } from '../../../server/services/core/plainMasters';
import { masterRoutes } from '../../../server/shared/masterRoutes';
import { answerSchema, detailAnswerFields, listDeclarationOf, writeSchemas } from '../../../server/shared/masterShape';
import { shapeWriteErrors } from '../../../src/contract/masterShape';
import { SAVED_REPLY_SHAPE } from '../../../src/contract/masters/savedReplies';
import { savedReplies } from '../../../src/resources/savedReplies';
import { textBody } from './shapeProbes';

const WIRE_TYPES: WireType[] = ['id', 'integer', 'number', 'text', 'longText', 'email', 'url', 'day', 'instant', 'boolean'];
const camelKey = fc.stringMatching(/^[a-z][a-z0-9]{0,6}([A-Z][a-z0-9]{1,5}){0,3}$/);
const field: fc.Arbitrary<ShapeField> = fc.record(
  {
    type: fc.constantFrom(...WIRE_TYPES),
    label: fc.string({ minLength: 1, maxLength: 8 }),
    sortable: fc.boolean(),
    nullable: fc.boolean(),
    filter: fc.constant({ pattern: /^\d+$/, example: '1' }),
    detail: fc.constant(true as const),
  },
  { requiredKeys: ['type', 'label'] },
);

describe('a master described once (issue 24 item 1)', () => {
  it('property: both sides derive the same keys, sorts, filters and types from any shape', () => {
    fc.assert(
      fc.property(fc.dictionary(camelKey, field, { minKeys: 1, maxKeys: 8 }), (fields) => {
        const keys = Object.keys(fields);
        const shape = defineMasterShape({ label: 'テスト', api: '/api/v2/core/admin/tests', fields, defaultSort: keys[0] });
        const list = listDeclarationOf(shape, { alias: 't' });
        const schema = answerSchema(shape, 'Test');
        const spa = shapeFields(shape);
        // The list's rows answer, sort and filter the fields that are not the detail's own.
        const rows = keys.filter((k) => !fields[k].detail);

        expect(list.fields).toEqual(rows.map(toSnakeKey));
        expect(Object.keys(schema.shape)).toEqual(rows.map(toSnakeKey));
        expect(Object.keys(detailAnswerFields(shape))).toEqual(keys.filter((k) => fields[k].detail).map(toSnakeKey));
        expect(Object.keys(list.sortColumns)).toEqual(rows.filter((k) => fields[k].sortable).map(toSnakeKey));
        expect(Object.values(list.sortColumns)).toEqual(rows.filter((k) => fields[k].sortable).map((k) => `t.${toSnakeKey(k)}`));
        expect(Object.keys(list.filters)).toEqual(rows.filter((k) => fields[k].filter).map(toSnakeKey));
        expect(list.defaultSort).toBe(toSnakeKey(keys[0]));
        expect(Object.keys(spa)).toEqual(keys);
        for (const key of keys) {
          expect(spa[key].label).toBe(fields[key].label);
          expect(Boolean(spa[key].sortable)).toBe(Boolean(fields[key].sortable));
          // A null answer is accepted exactly where the shape says so.
          const answer = { ...schema.shape, ...detailAnswerFields(shape) } as Record<string, { safeParse: (value: unknown) => { success: boolean } }>;
          expect(answer[toSnakeKey(key)].safeParse(null).success).toBe(Boolean(fields[key].nullable));
        }
      }),
    );
  });

  it('the wire key is the spec key rule', () => {
    fc.assert(fc.property(camelKey, (key) => {
      expect(wireKey(key)).toBe(toSnakeKey(key));
    }));
  });

  it('reads the module and the service path from the spec API path, and refuses anything else', () => {
    expect(apiParts('/api/v2/core/master/dealers')).toEqual({ module: 'core', path: '/api/v2/master/dealers' });
    expect(apiParts('/api/v2/medorder/admin/stockable_item_fixtures')).toEqual({ module: 'medorder', path: '/api/v2/admin/stockable_item_fixtures' });
    for (const bad of ['/api/v1/medorder/stocks', '/api/v2/core', 'api/v2/core/x']) expect(() => apiParts(bad), bad).toThrow();
  });

  it('dealers: the SPA declaration, the answer schema and the list declaration all come from DEALER_SHAPE', () => {
    const { list: DEALER_LIST, schema: DealerSchema } = masterRoutes(DEALER_MASTER);
    expect(dealers.api).toBe(DEALER_SHAPE.api);
    expect(Object.keys(dealers.fields)).toEqual(Object.keys(DEALER_SHAPE.fields));
    expect(dealers.fields.prefectureId).toEqual({ type: 'number', label: '都道府県ID', sortable: true, readOnly: true });
    // As the list was hand-written before it was derived.
    expect({ ...DEALER_LIST, filters: Object.keys(DEALER_LIST.filters), search: DEALER_LIST.search?.name }).toEqual({
      base: '/core',
      path: '/api/v2/master/dealers',
      summary: '卸一覧',
      sortColumns: { id: 'm.id', code: 'm.code', name: 'm.name', prefecture_id: 'm.prefecture_id' },
      defaultSort: 'id',
      filters: ['prefecture_id'],
      search: 'dealers_search',
      fields: ['id', 'code', 'name', 'prefecture_id', 'prefecture_name'],
    });
    expect(DEALER_LIST.filters.prefecture_id.schema.safeParse('13').success).toBe(true);
    expect(DEALER_LIST.filters.prefecture_id.schema.safeParse('130').success).toBe(false);
    expect(DealerSchema.safeParse({ id: 1, code: 'A', name: '卸', prefecture_id: 13, prefecture_name: '東京都' }).success).toBe(true);
    expect(DealerSchema.safeParse({ id: 1, code: 'A', name: '卸', prefecture_id: '13', prefecture_name: '東京都' }).success).toBe(false);
  });

  it('property: the form and the API refuse the same writes with the same messages (saved replies)', () => {
    const { create, update } = writeSchemas(SAVED_REPLY_SHAPE, 'SavedReplyProbe');
    const text = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', '  ', 'thanks', 'a'.repeat(101), 'ｱｲｳ', 'stock-fix'), fc.string({ minLength: 95, maxLength: 105 }));
    const body = fc.record({ title: text, shortcut: text, body: text }, { requiredKeys: [] });
    fc.assert(
      fc.property(body, fc.boolean(), (values, creating) => {
        const form = shapeWriteErrors(SAVED_REPLY_SHAPE, values, creating ? 'create' : 'update');
        const api = (creating ? create : update).safeParse(values);
        const apiErrors = api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
        expect(apiErrors).toEqual(form);
        if (api.success) for (const [key, value] of Object.entries(api.data)) expect(value).toBe((values as Record<string, string>)[key].trim());
      }),
    );
  });

  it('property: for any write rules (required or not, verbatim or trimmed, never blank or not, measured as sent or not), the form and the API give the same messages', () => {
    const rule = fc.record(
      { required: fc.boolean(), maxLength: fc.integer({ min: 1, max: 12 }), verbatim: fc.constant(true as const), nonBlank: fc.constant(true as const), lengthAsSent: fc.constant(true as const) },
      { requiredKeys: ['maxLength'] },
    );
    fc.assert(
      fc.property(fc.tuple(rule, rule), textBody(['first', 'second'], [8, 8], { texts: true }), fc.boolean(), ([first, second], values, creating) => {
        const shape = defineMasterShape({
          label: 'テスト',
          api: '/api/v2/core/admin/tests',
          fields: { id: { type: 'id', label: 'ID' }, first: { type: 'text', label: '一', write: first }, second: { type: 'longText', label: '二', write: second } },
          defaultSort: '-id',
        });
        const mode = creating ? 'create' : 'update';
        const api = writeSchemas(shape, 'RuleProbe')[mode].safeParse(values);
        expect(api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]))).toEqual(shapeWriteErrors(shape, values, mode));
        if (!api.success) return;
        // What is stored: trimmed (a blank optional text null), or exactly as sent when verbatim.
        for (const [key, value] of Object.entries(api.data)) {
          const sent = (values as Record<string, string | null>)[key];
          const verbatim = (key === 'first' ? first : second).verbatim;
          expect(value).toBe(verbatim || sent === null ? sent : sent.trim() === '' ? null : sent.trim());
        }
        expect(listDeclarationOf(shape, { alias: 't' }).defaultSort).toBe('-id');
      }),
    );
  });

  it('an integer, a day and a yes/no are written by their own rules, in zod\'s words naming the field; a never-blank text refuses a blank, not null', () => {
    const shape = defineMasterShape({
      label: 'テスト',
      api: '/api/v2/core/admin/tests',
      fields: {
        id: { type: 'id', label: 'ID' },
        count: { type: 'integer', label: '数量', nullable: true, write: { min: 0, max: 10 } },
        day: { type: 'day', label: '日付', nullable: true, write: { example: '2027-03-31' } },
        flag: { type: 'boolean', label: '後発品', nullable: true, write: {} },
        name: { type: 'text', label: '名称', nullable: true, write: { maxLength: 5, nonBlank: true } },
        code: { type: 'text', label: 'コード', nullable: true, write: { pattern: { regex: /^\d{3}$/, message: 'コードの形式が正しくありません。', example: '123' }, nonBlank: true } },
      },
      defaultSort: 'id',
    });
    const { create } = writeSchemas(shape, 'KindProbe');
    const errors = (body: unknown) => {
      const result = create.safeParse(body);
      return result.success ? result.data : Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    };
    expect(errors({ count: 10, day: '2024-02-29', flag: false, name: ' 薬 ', code: ' 123 ' })).toEqual({ count: 10, day: '2024-02-29', flag: false, name: '薬', code: '123' });
    expect(errors({ count: null, day: null, flag: null, name: null, code: null })).toEqual({ count: null, day: null, flag: null, name: null, code: null });
    expect(errors({ count: 11, day: '2027-02-30', flag: 'true', name: '  ', code: '' })).toEqual({
      count: '数量は10以下で指定してください。',
      day: '日付の形式が正しくありません。',
      flag: '後発品の形式が正しくありません。',
      name: '名称を入力してください。',
      code: 'コードの形式が正しくありません。',
    });
    expect(errors({ count: -1, name: '薬'.repeat(6), code: '1234' })).toEqual({ count: '数量は0以上で指定してください。', name: '名称は5文字以内で入力してください。', code: 'コードの形式が正しくありません。' });
    // The form judges texts only (no form writes the others yet).
    expect(shapeWriteErrors(shape, { count: 11, day: 'x', flag: 'x', name: '', code: '' }, 'create')).toEqual({ name: '名称を入力してください。', code: 'コードの形式が正しくありません。' });
  });

  it('saved replies: the form takes the written fields with the contract’s rules; id and stamps are shown, never sent', () => {
    expect(savedReplies.form?.fields).toEqual(['title', 'shortcut', 'body']);
    expect(savedReplies.fields.shortcut).toMatchObject({ required: true, example: 'thanks' });
    for (const key of ['id', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'] as const) expect(savedReplies.fields[key].readOnly, key).toBe(true);
    expect(savedReplies.form?.validate?.({ title: 'お礼', shortcut: 'お礼', body: '' })).toEqual({
      shortcut: 'ショートカットは半角英小文字・数字・-・_ で入力してください。',
      body: '本文を入力してください。',
    });
  });

  it('a choice field: one of its values on the wire, in a filter and in a write (required or not), the form and the API alike', () => {
    const choices = [{ value: 'red', label: '赤' }, { value: 'blue', label: '青' }];
    const shape = defineMasterShape({
      label: 'テスト',
      api: '/api/v2/core/admin/tests',
      fields: {
        id: { type: 'id', label: 'ID' },
        colour: { type: 'choice', label: '色', choices, filter: { example: 'red', description: 'この色のみ' }, write: { required: true } },
        shade: { type: 'choice', label: '濃淡', choices, write: {} },
      },
      defaultSort: 'id',
    });
    expect(shapeFields(shape).colour).toEqual({ type: 'choice', label: '色', choices, required: true });
    expect(answerSchema(shape, 'ChoiceProbe').shape.colour.safeParse('red').success).toBe(true);
    expect(answerSchema(shape, 'ChoiceProbe').shape.colour.safeParse('green').success).toBe(false);
    const filter = listDeclarationOf(shape, { alias: 't' }).filters.colour.schema;
    expect(['blue', undefined, 'green', ''].map((value) => filter.safeParse(value).success)).toEqual([true, true, false, false]);
    const value = fc.constantFrom(undefined, null, 'red', 'blue', '', 'Red', 1);
    fc.assert(
      fc.property(fc.record({ colour: value, shade: value }, { requiredKeys: [] }), fc.boolean(), (values, creating) => {
        const mode = creating ? 'create' : 'update';
        const api = writeSchemas(shape, 'ChoiceProbe')[mode].safeParse(values);
        expect(api.success ? {} : Object.fromEntries(api.error.issues.map((issue) => [String(issue.path[0]), issue.message]))).toEqual(shapeWriteErrors(shape, values, mode));
        if (api.success) expect(api.data).toEqual(Object.fromEntries(Object.entries(values).filter(([, sent]) => sent !== undefined)));
      }),
    );
  });

  it('refuses a choice field without choices, a filter without a pattern on a text, and a bespoke body order that misses a field', () => {
    const shapeOf = (fields: Record<string, ShapeField>) => defineMasterShape({ label: 'テスト', api: '/api/v2/core/admin/tests', fields, defaultSort: 'id' });
    expect(() => answerSchema(shapeOf({ id: { type: 'choice', label: '色' } }), 'Probe')).toThrow();
    expect(() => listDeclarationOf(shapeOf({ id: { type: 'text', label: 'ID', filter: { example: '1' } } }), { alias: 't' })).toThrow();
    const written = shapeOf({ id: { type: 'id', label: 'ID' }, name: { type: 'text', label: '名前', write: { maxLength: 5 } } });
    expect(() => writeSchemas(written, 'Probe', { fields: { extra: z.string() }, order: ['name'] })).toThrow();
    expect(Object.keys(writeSchemas(written, 'Probe', { fields: { extra: z.string() }, order: ['extra', 'name'] }).create.parse({ name: ' a ', extra: ' b ' }))).toEqual(['extra', 'name']);
  });
});
