import fc from 'fast-check';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { isDayString } from '../../../src/contract/dates';
import { orderableItemFixtures } from '../../../src/resources/orderableItemFixtures';
import { stockableItemFixtures } from '../../../src/resources/stockableItemFixtures';
import type { FieldDeclaration } from '../../../src/resources/types';
import {
  ORDERABLE_FIXTURE_LIST,
  OrderableFixtureSchema,
  STOCKABLE_FIXTURE_LIST,
  StockableFixtureSchema,
} from '../../../server/services/medorder/masterSources/fixtureRoutes';
import { writeSchemas } from '../../../server/shared/masterShape';
import { ORDERABLE_FIXTURE_SHAPE, STOCKABLE_FIXTURE_SHAPE } from '../../../src/contract/masters/itemFixtures';
import { labelled, zodErrorBody } from '../../../server/shared/validation';
import { sameAnswers } from './shapeProbes';

/*
 * What the shapes replaced, as it was written by hand: the reference for "no change".
 */
const ID_TEXT = /^\d{1,12}$/;
const YJ = /^\d{7}[A-Z][0-9A-Z]{3}\d$/;
const RECEIPT = /^\d{9}$/;
const HOT = /^(\d{9}|\d{13})$/;
const GS1 = /^\d{13,14}$/;
const JAN = /^\d{13}$/;

const text = (label: string, max: number) => labelled(label, z.string().trim().min(1).max(max).nullable().optional());
const code = (label: string, pattern: RegExp) => labelled(label, z.string().trim().regex(pattern).nullable().optional());
const count = (label: string, max = 1_000_000) => labelled(label, z.number().int().min(0).max(max).nullable().optional());
const day = (label: string) => labelled(label, z.string().refine(isDayString).nullable().optional());
const flag = (label: string) => labelled(label, z.boolean().nullable().optional());

const HAND_WRITTEN_WRITES = {
  stockable: z.object({
    name: text('名称', 200),
    unit: text('単位', 20),
    price: count('薬価', 100_000_000),
    yj_code: code('YJコード', YJ),
    receipt_code: code('レセプト電算コード', RECEIPT),
    generic_id: labelled('一般名ID', z.number().int().min(1).max(2_147_483_647).nullable().optional()),
    generic: flag('後発品'),
    interim_period_on: day('経過措置期限'),
    disable_stock: flag('在庫管理しない'),
    note: labelled('メモ', z.string().max(1000).nullable().optional()),
  }),
  orderable: z.object({
    name: text('名称', 200),
    name_append: text('名称追記', 100),
    gs1_code: code('GS1コード', GS1),
    jan_code: code('JANコード', JAN),
    stockable_item_fixture_id: labelled('在庫品目補正ID', z.number().int().min(1).max(2_147_483_647).nullable().optional()),
    quantity: count('数量'),
    maker_name: text('製造会社', 100),
    seller_name: text('販売会社', 100),
    packet_form: text('包装形態', 50),
    packet_volume: count('包装単位数'),
    package_packet_count: count('包装数'),
    inactive_on: day('販売中止日'),
    hot_code: code('HOTコード', HOT),
    note: labelled('メモ', z.string().max(1000).nullable().optional()),
  }),
};

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();
const HAND_WRITTEN_ANSWERS = {
  stockable: z.object({
    id: z.number().int(), name: nullableString, unit: nullableString, price: nullableInt, yj_code: nullableString, receipt_code: nullableString,
    generic_id: nullableInt, generic: z.boolean().nullable(), interim_period_on: nullableString, disable_stock: z.boolean().nullable(), note: nullableString,
    created_at: z.string(), updated_at: z.string(),
  }),
  orderable: z.object({
    id: z.number().int(), name: nullableString, name_append: nullableString, gs1_code: nullableString, jan_code: nullableString,
    stockable_item_fixture_id: nullableInt, quantity: nullableInt, maker_name: nullableString, seller_name: nullableString, packet_form: nullableString,
    packet_volume: nullableInt, package_packet_count: nullableInt, inactive_on: nullableString, hot_code: nullableString, note: nullableString,
    created_at: z.string(), updated_at: z.string(),
  }),
};

const optionalFlag = (label: string): FieldDeclaration => ({
  type: 'choice',
  label,
  choices: [
    { value: true, label: 'はい' },
    { value: false, label: 'いいえ' },
  ],
  unknownLabel: '未設定',
  parse: 'emptyToNull',
});

const HAND_WRITTEN_FIELDS = {
  stockable: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '名称', parse: 'emptyToNull' },
    unit: { type: 'text', label: '単位', parse: 'emptyToNull' },
    price: { type: 'number', label: '薬価', parse: 'integer' },
    yjCode: { type: 'text', label: 'YJコード', parse: 'emptyToNull' },
    receiptCode: { type: 'text', label: 'レセプト電算コード', parse: 'emptyToNull' },
    genericId: { type: 'number', label: '一般名ID', parse: 'integer' },
    generic: optionalFlag('後発品'),
    interimPeriodOn: { type: 'date', label: '経過措置期限', parse: 'emptyToNull' },
    disableStock: optionalFlag('在庫管理しない'),
    note: { type: 'longText', label: 'メモ', rows: 3, parse: 'omitEmpty' },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
  },
  orderable: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '名称', parse: 'emptyToNull' },
    nameAppend: { type: 'text', label: '名称追記', parse: 'emptyToNull' },
    gs1Code: { type: 'text', label: 'GS1コード', parse: 'emptyToNull' },
    janCode: { type: 'text', label: 'JANコード', parse: 'emptyToNull' },
    stockableItemFixtureId: { type: 'number', label: '在庫品目補正ID', parse: 'integer', reference: { resource: stockableItemFixtures.name } },
    quantity: { type: 'number', label: '数量', parse: 'integer' },
    makerName: { type: 'text', label: '製造会社', parse: 'emptyToNull' },
    sellerName: { type: 'text', label: '販売会社', parse: 'emptyToNull' },
    packetForm: { type: 'text', label: '包装形態', parse: 'emptyToNull' },
    packetVolume: { type: 'number', label: '包装単位数', parse: 'integer' },
    packagePacketCount: { type: 'number', label: '包装数', parse: 'integer' },
    inactiveOn: { type: 'date', label: '販売中止日', parse: 'emptyToNull' },
    hotCode: { type: 'text', label: 'HOTコード', parse: 'emptyToNull' },
    note: { type: 'longText', label: 'メモ', rows: 3, parse: 'emptyToNull' },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true, readOnly: true },
  },
} satisfies Record<string, Record<string, FieldDeclaration>>;

const HAND_WRITTEN_LISTS = {
  stockable: {
    base: '/medorder',
    path: '/api/v2/admin/stockable_item_fixtures',
    summary: '在庫品目補正一覧',
    sortColumns: { id: 'f.id', updated_at: 'f.updated_at' },
    defaultSort: '-updated_at',
    filters: { yj_code: [YJ, '1124003F2230'], receipt_code: [RECEIPT, '620000000'] },
    fields: ['id', 'name', 'unit', 'price', 'yj_code', 'receipt_code', 'generic', 'generic_id', 'disable_stock', 'interim_period_on', 'note', 'created_at', 'updated_at'],
  },
  orderable: {
    base: '/medorder',
    path: '/api/v2/admin/orderable_item_fixtures',
    summary: '発注品目補正一覧',
    sortColumns: { id: 'f.id', updated_at: 'f.updated_at' },
    defaultSort: '-updated_at',
    filters: { gs1_code: [GS1, '14987000000012'], jan_code: [JAN, '4987000000012'], hot_code: [HOT, '1000007010101'], stockable_item_fixture_id: [ID_TEXT, '1'] },
    fields: ['id', 'name', 'name_append', 'gs1_code', 'jan_code', 'stockable_item_fixture_id', 'hot_code', 'maker_name', 'seller_name', 'packet_form',
      'packet_volume', 'package_packet_count', 'quantity', 'inactive_on', 'note', 'created_at', 'updated_at'],
  },
} as const;

const DERIVED = {
  stockable: { spa: stockableItemFixtures, list: STOCKABLE_FIXTURE_LIST, answer: StockableFixtureSchema, write: writeSchemas(STOCKABLE_FIXTURE_SHAPE, 'StockableItemFixture') },
  orderable: { spa: orderableItemFixtures, list: ORDERABLE_FIXTURE_LIST, answer: OrderableFixtureSchema, write: writeSchemas(ORDERABLE_FIXTURE_SHAPE, 'OrderableItemFixture') },
};
const KINDS = ['stockable', 'orderable'] as const;

/** Values near every rule of a field of the hand-written body, and of the wrong type. */
const wrongType = fc.constantFrom<unknown>(null, 1, true, ['a'], { a: 1 }, '');
const pad = fc.constantFrom('', ' ', '　', '\n');
const padded = (core: fc.Arbitrary<string>) => fc.tuple(pad, core, pad).map(([a, b, c]) => `${a}${b}${c}`);
const textNear = (max: number) =>
  fc.oneof(
    padded(fc.string({ unit: fc.constantFrom('a', 'Ａ', 'ア', '薬', '𠮷', ' '), maxLength: 6 })),
    fc.integer({ min: max - 2, max: max + 2 }).chain((length) => padded(fc.constantFrom('薬', 'a', '𠮷').map((letter) => letter.repeat(length)))),
  );
const codeLike = padded(fc.oneof(fc.stringMatching(/^\d{7,15}$/), fc.stringMatching(/^\d{7}[A-Za-z][0-9A-Z]{3}\d{1,2}$/), fc.constantFrom('', 'x', '1124003F2230', '620000000')));
const integerNear = (min: number, max: number) => fc.oneof(fc.constantFrom(min - 1, min, max, max + 1, 1.5, -0.5, Number.MAX_SAFE_INTEGER), fc.integer({ min, max }), fc.constantFrom('1'));
const dayLike = fc.oneof(fc.constantFrom('2027-03-31', '2027-02-30', '2027-3-31', '', '2024-02-29', ' 2027-03-31'), fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
const valueFor = (key: string, schema: z.ZodType): fc.Arbitrary<unknown> => {
  const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  let value: fc.Arbitrary<unknown>;
  if (key === 'note') value = textNear(1000);
  else if (key.endsWith('_code')) value = codeLike;
  else if (key.endsWith('_on')) value = dayLike;
  else if (json.includes('"boolean"')) value = fc.boolean();
  else if (json.includes('"integer"')) value = integerNear(/"minimum":1\b/.test(json) ? 1 : 0, Number(/"maximum":(\d+)/.exec(json)![1]));
  else value = textNear(Number(/"maxLength":(\d+)/.exec(json)![1]));
  return fc.oneof({ arbitrary: value, weight: 6 }, { arbitrary: wrongType, weight: 1 });
};
const bodyOf = (schema: z.ZodObject) => fc.record(Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, valueFor(key, field as z.ZodType)])), { requiredKeys: [] });

describe('item fixtures from their shapes (issue 24 item 1)', () => {
  it.each(KINDS)('the %s SPA declaration is the one written by hand before', (kind) => {
    const { spa } = DERIVED[kind];
    // As written by hand, plus the example a code's pattern gives (declaration data no screen reads).
    const examples = { yjCode: '1124003F2230', receiptCode: '620000000', gs1Code: '14987000000012', janCode: '4987000000012', hotCode: '1000007010101' };
    const expected = Object.fromEntries(
      Object.entries(HAND_WRITTEN_FIELDS[kind]).map(([key, field]) => [key, key in examples ? { ...field, example: examples[key as keyof typeof examples] } : field]),
    );
    expect(spa.fields).toEqual(expected);
    expect(Object.keys(spa.fields)).toEqual(Object.keys(HAND_WRITTEN_FIELDS[kind]));
  });

  it.each(KINDS)('the %s list declaration is the one written by hand before', (kind) => {
    const { list } = DERIVED[kind];
    const { filters, fields, ...rest } = HAND_WRITTEN_LISTS[kind];
    expect({ ...list, filters: undefined, fields: undefined }).toEqual({ ...rest, filters: undefined, fields: undefined });
    // The order of the fields and filters is the shape's; only their sets are the contract.
    expect([...list.fields].sort()).toEqual([...fields].sort());
    expect(Object.keys(list.filters).sort()).toEqual(Object.keys(filters).sort());
    for (const [key, [pattern, example]] of Object.entries(filters)) {
      const declared = (list.filters as Record<string, { label: string; schema: z.ZodType; example: string }>)[key];
      expect(declared.example).toBe(example);
      for (const probe of [example, '', ` ${example}`, `${example}0`, example.slice(1), '1124003F2230', '620000000', '1', 'x']) {
        expect(declared.schema.safeParse(probe).success).toBe(pattern.test(probe));
      }
    }
  });

  it.each(KINDS)('property: the %s create and update take, refuse and store exactly what the hand-written body did, with the same 422 body', (kind) => {
    const handWritten = HAND_WRITTEN_WRITES[kind];
    const { write } = DERIVED[kind];
    fc.assert(
      fc.property(bodyOf(handWritten), fc.boolean(), (body, creating) => {
        sameAnswers(handWritten.safeParse(body), write[creating ? 'create' : 'update'].safeParse(body), zodErrorBody);
      }),
      { numRuns: 500 },
    );
  });

  it.each(KINDS)('property: the %s answer takes and refuses the records the hand-written one did', (kind) => {
    const handWritten = HAND_WRITTEN_ANSWERS[kind];
    const value = (key: string) => {
      const stored = key === 'id' ? fc.integer({ min: 1 }) : /(^generic$|disable_stock)/.test(key) ? fc.option(fc.boolean()) : /(_at)$/.test(key) ? fc.constant('2026-11-21T10:00:00.000Z') : fc.option(fc.oneof(fc.string(), fc.integer()));
      return fc.oneof({ arbitrary: stored, weight: 6 }, { arbitrary: fc.constantFrom<unknown>(null, '1', 1.5, true, undefined), weight: 1 });
    };
    fc.assert(
      fc.property(fc.record(Object.fromEntries(Object.keys(handWritten.shape).map((key) => [key, value(key)]))), (record) => {
        const before = handWritten.safeParse(record);
        const after = DERIVED[kind].answer.safeParse(record);
        expect(after.success).toBe(before.success);
        if (before.success && after.success) expect(after.data).toEqual(before.data);
      }),
      { numRuns: 300 },
    );
  });
});
