import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { isDayString } from '../../../../src/contract/dates';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertUnmodifiedSince } from '../../../shared/conditionalWrite';
import { notFoundError, validationError } from '../../../shared/errors';
import { answerList, type ListDeclaration } from '../../../shared/listEndpoint';
import { createRecordRoute, detailRoute, listRoute, updateRecordRoute } from '../../../shared/routes';
import { namedColumns, updateColumns } from '../../../shared/partialUpdate';
import { labelled } from '../../../shared/validation';
import { findOrderableFixture, findStockableFixture, stockableFixtureRow, type StockableFixtureRecord, type StockableFixtureRow } from './store';

/**
 * Stockable and orderable item fixtures (spec sections 3, 5 and 7): the staff's corrections and
 * additions the master diffs merge over the published rows. A PATCH changes only the fields it
 * names; null clears one.
 */
const tags = ['medorder: master sources'];
const codeFilter = (label: string, pattern: RegExp, example: string) => ({
  label,
  schema: z.string().regex(pattern).optional(),
  example,
});
const ID_TEXT = /^\d{1,12}$/;
const YJ = /^\d{7}[A-Z][0-9A-Z]{3}\d$/;
const RECEIPT = /^\d{9}$/;
const HOT = /^(\d{9}|\d{13})$/;
const GS1 = /^\d{13,14}$/;
const JAN = /^\d{13}$/;

const text = (label: string, max: number) => labelled(label, z.string().trim().min(1).max(max).nullable().optional());
const code = (label: string, pattern: RegExp) => labelled(label, z.string().trim().regex(pattern).nullable().optional());
const count = (label: string, max = 1_000_000) => labelled(label, z.number().int().min(0).max(max).nullable().optional());
const day = (label: string) => labelled(label, z.string().refine(isDayString).nullable().optional().openapi({ example: '2027-03-31' }));
const flag = (label: string) => labelled(label, z.boolean().nullable().optional());

export const StockableFixtureInputSchema = z
  .object({
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
  })
  .openapi('StockableItemFixtureInput');

export const OrderableFixtureInputSchema = z
  .object({
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
  })
  .openapi('OrderableItemFixtureInput');

const nullableString = z.string().nullable();
const nullableInt = z.number().int().nullable();

export const StockableFixtureSchema = z
  .object({
    id: z.number().int(),
    name: nullableString,
    unit: nullableString,
    price: nullableInt,
    yj_code: nullableString,
    receipt_code: nullableString,
    generic_id: nullableInt,
    generic: z.boolean().nullable(),
    interim_period_on: nullableString,
    disable_stock: z.boolean().nullable(),
    note: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('StockableItemFixture');

export const OrderableFixtureSchema = z
  .object({
    id: z.number().int(),
    name: nullableString,
    name_append: nullableString,
    gs1_code: nullableString,
    jan_code: nullableString,
    stockable_item_fixture_id: nullableInt,
    quantity: nullableInt,
    maker_name: nullableString,
    seller_name: nullableString,
    packet_form: nullableString,
    packet_volume: nullableInt,
    package_packet_count: nullableInt,
    inactive_on: nullableString,
    hot_code: nullableString,
    note: nullableString,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('OrderableItemFixture');

const STOCKABLE_FIELDS = ['name', 'unit', 'price', 'yj_code', 'receipt_code', 'generic_id', 'generic', 'interim_period_on', 'disable_stock', 'note'] as const;
const ORDERABLE_FIELDS = [
  'name', 'name_append', 'gs1_code', 'jan_code', 'stockable_item_fixture_id', 'quantity', 'maker_name', 'seller_name', 'packet_form', 'packet_volume',
  'package_packet_count', 'inactive_on', 'hot_code', 'note',
] as const;

export const STOCKABLE_FIXTURE_LIST = {
  base: '/medorder',
  path: '/api/v2/admin/stockable_item_fixtures',
  summary: '在庫品目補正一覧',
  sortColumns: { id: 'f.id', updated_at: 'f.updated_at' },
  defaultSort: '-updated_at',
  filters: {
    yj_code: codeFilter('YJコード', YJ, '1124003F2230'),
    receipt_code: codeFilter('レセプト電算コード', RECEIPT, '620000000'),
  },
  fields: ['id', 'name', 'unit', 'price', 'yj_code', 'receipt_code', 'generic', 'generic_id', 'disable_stock', 'interim_period_on', 'note', 'created_at', 'updated_at'],
} satisfies ListDeclaration;

export const ORDERABLE_FIXTURE_LIST = {
  base: '/medorder',
  path: '/api/v2/admin/orderable_item_fixtures',
  summary: '発注品目補正一覧',
  sortColumns: { id: 'f.id', updated_at: 'f.updated_at' },
  defaultSort: '-updated_at',
  filters: {
    gs1_code: codeFilter('GS1コード', GS1, '14987000000012'),
    jan_code: codeFilter('JANコード', JAN, '4987000000012'),
    hot_code: codeFilter('HOTコード', HOT, '1000007010101'),
    stockable_item_fixture_id: codeFilter('在庫品目補正ID', ID_TEXT, '1'),
  },
  fields: ['id', 'name', 'name_append', 'gs1_code', 'jan_code', 'stockable_item_fixture_id', 'hot_code', 'maker_name', 'seller_name', 'packet_form',
    'packet_volume', 'package_packet_count', 'quantity', 'inactive_on', 'note', 'created_at', 'updated_at'],
} satisfies ListDeclaration;


export const NEEDS_CODE = 'YJコードかレセプト電算コードを入力してください。';
export const NEEDS_PACKAGE_CODE = 'GS1コードかHOTコードを入力してください。';
export const UNKNOWN_STOCKABLE_FIXTURE = '存在しない在庫品目補正が指定されました。';

export function registerFixtureRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  const stockableDetail = (id: number) => {
    const fixture = findStockableFixture(db, id);
    if (!fixture) throw notFoundError();
    return fixture;
  };
  const orderableDetail = (id: number) => {
    const fixture = findOrderableFixture(db, id);
    if (!fixture) throw notFoundError();
    return fixture;
  };

  // Column names are the schema's own keys (the field lists), never the client's.
  const insert = (table: string, fields: readonly string[], body: Record<string, unknown>) => {
    const values = namedColumns(body, fields);
    const at = ctx.now().toISOString();
    const columns = [...Object.keys(values), 'created_at', 'updated_at'];
    return Number(
      db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((c) => `@${c}`).join(', ')})`).run({ ...values, created_at: at, updated_at: at })
        .lastInsertRowid,
    );
  };
  const update = (table: string, fields: readonly string[], id: number, body: Record<string, unknown>) =>
    updateColumns(db, table, id, namedColumns(body, fields), { updated_at: ctx.now().toISOString() });
  const lastUpdated = (c: Context<AuthEnv>, table: string) => c.header('x-last-updated', tablesVersion(db, table) ?? ctx.now().toISOString());
  const assertStockableFixture = (id: number | null | undefined) => {
    if (id !== null && id !== undefined && !findStockableFixture(db, id)) throw validationError({ stockable_item_fixture_id: [UNKNOWN_STOCKABLE_FIXTURE] });
  };

  app.openapi(listRoute(STOCKABLE_FIXTURE_LIST, StockableFixtureSchema, tags), (c) => {
    const q = c.req.valid('query');
    return answerList<StockableFixtureRow, StockableFixtureRecord>(c, db, q, STOCKABLE_FIXTURE_LIST, {
      select: 'f.*',
      from: 'FROM stockable_item_fixtures f',
      alias: 'f',
      idColumn: 'f.id',
      tables: ['stockable_item_fixtures'],
      filters: [q.yj_code && ['f.yj_code = @yj_code', { yj_code: q.yj_code }], q.receipt_code && ['f.receipt_code = @receipt_code', { receipt_code: q.receipt_code }]],
      toRecord: stockableFixtureRow,
    });
  });
  app.openapi(detailRoute(STOCKABLE_FIXTURE_LIST.path, StockableFixtureSchema, '在庫品目補正詳細', tags), (c) =>
    c.json(stockableDetail(Number(c.req.valid('param').id)), 200),
  );
  app.openapi(
    createRecordRoute(STOCKABLE_FIXTURE_LIST.path, { body: StockableFixtureInputSchema, response: StockableFixtureSchema, summary: '在庫品目補正の登録', tags }),
    (c) => {
      const body = c.req.valid('json');
      if (!body.yj_code && !body.receipt_code) throw validationError({ yj_code: [NEEDS_CODE] });
      const id = insert('stockable_item_fixtures', STOCKABLE_FIELDS, body);
      lastUpdated(c, 'stockable_item_fixtures');
      return c.json(stockableDetail(id), 201);
    },
  );
  app.openapi(
    updateRecordRoute(STOCKABLE_FIXTURE_LIST.path, { method: 'patch', body: StockableFixtureInputSchema, response: StockableFixtureSchema, summary: '在庫品目補正の更新 (指定した項目のみ)', tags }),
    (c) => {
      const id = Number(c.req.valid('param').id);
      const body = c.req.valid('json');
      db.transaction(() => {
        const current = stockableDetail(id);
        assertUnmodifiedSince(c, current.updated_at);
        const yj = body.yj_code === undefined ? current.yj_code : body.yj_code;
        const receipt = body.receipt_code === undefined ? current.receipt_code : body.receipt_code;
        if (!yj && !receipt) throw validationError({ yj_code: [NEEDS_CODE] });
        update('stockable_item_fixtures', STOCKABLE_FIELDS, id, body);
      })();
      lastUpdated(c, 'stockable_item_fixtures');
      return c.json(stockableDetail(id), 200);
    },
  );

  app.openapi(listRoute(ORDERABLE_FIXTURE_LIST, OrderableFixtureSchema, tags), (c) => {
    const q = c.req.valid('query');
    return answerList(c, db, q, ORDERABLE_FIXTURE_LIST, {
      select: 'f.*',
      from: 'FROM orderable_item_fixtures f',
      alias: 'f',
      idColumn: 'f.id',
      tables: ['orderable_item_fixtures'],
      filters: [
        q.gs1_code && ['f.gs1_code = @gs1_code', { gs1_code: q.gs1_code }],
        q.jan_code && ['f.jan_code = @jan_code', { jan_code: q.jan_code }],
        q.hot_code && ['f.hot_code = @hot_code', { hot_code: q.hot_code }],
        q.stockable_item_fixture_id && ['f.stockable_item_fixture_id = @fixture_id', { fixture_id: Number(q.stockable_item_fixture_id) }],
      ],
    });
  });
  app.openapi(detailRoute(ORDERABLE_FIXTURE_LIST.path, OrderableFixtureSchema, '発注品目補正詳細', tags), (c) =>
    c.json(orderableDetail(Number(c.req.valid('param').id)), 200),
  );
  app.openapi(
    createRecordRoute(ORDERABLE_FIXTURE_LIST.path, { body: OrderableFixtureInputSchema, response: OrderableFixtureSchema, summary: '発注品目補正の登録', tags }),
    (c) => {
      const body = c.req.valid('json');
      if (!body.gs1_code && !body.hot_code) throw validationError({ gs1_code: [NEEDS_PACKAGE_CODE] });
      const id = db.transaction(() => {
        assertStockableFixture(body.stockable_item_fixture_id);
        return insert('orderable_item_fixtures', ORDERABLE_FIELDS, body);
      })();
      lastUpdated(c, 'orderable_item_fixtures');
      return c.json(orderableDetail(id), 201);
    },
  );
  app.openapi(
    updateRecordRoute(ORDERABLE_FIXTURE_LIST.path, { method: 'patch', body: OrderableFixtureInputSchema, response: OrderableFixtureSchema, summary: '発注品目補正の更新 (指定した項目のみ)', tags }),
    (c) => {
      const id = Number(c.req.valid('param').id);
      const body = c.req.valid('json');
      db.transaction(() => {
        const current = orderableDetail(id);
        assertUnmodifiedSince(c, current.updated_at);
        const gs1 = body.gs1_code === undefined ? current.gs1_code : body.gs1_code;
        const hot = body.hot_code === undefined ? current.hot_code : body.hot_code;
        if (!gs1 && !hot) throw validationError({ gs1_code: [NEEDS_PACKAGE_CODE] });
        assertStockableFixture(body.stockable_item_fixture_id);
        update('orderable_item_fixtures', ORDERABLE_FIELDS, id, body);
      })();
      lastUpdated(c, 'orderable_item_fixtures');
      return c.json(orderableDetail(id), 200);
    },
  );
}
