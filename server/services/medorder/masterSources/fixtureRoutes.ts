import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { wireKey, writtenFields, type MasterShape, type ShapeField } from '../../../../src/contract/masterShape';
import { ORDERABLE_FIXTURE_SHAPE, STOCKABLE_FIXTURE_SHAPE } from '../../../../src/contract/masters/itemFixtures';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { notFoundError, validationError } from '../../../shared/errors';
import { answerList } from '../../../shared/listEndpoint';
import { answerSchema, listDeclarationOf, writeSchemas } from '../../../shared/masterShape';
import { createRecordRoute, detailRoute, listRoute, updateRecordRoute } from '../../../shared/routes';
import { namedColumns, updateColumns } from '../../../shared/partialUpdate';
import { findOrderableFixture, findStockableFixture, stockableFixtureRow, type StockableFixtureRecord, type StockableFixtureRow } from './store';

/**
 * Stockable and orderable item fixtures (spec sections 3, 5 and 7): the staff's corrections and
 * additions the master diffs merge over the published rows. A PATCH changes only the fields it
 * names; null clears one.
 */
const tags = ['medorder: master sources'];

/** Answers, write bodies, sorts and code filters from the contract's shapes (issue 24 item 1); the SQL of the filters stays below. */
export const StockableFixtureSchema = answerSchema(STOCKABLE_FIXTURE_SHAPE, 'StockableItemFixture');
export const OrderableFixtureSchema = answerSchema(ORDERABLE_FIXTURE_SHAPE, 'OrderableItemFixture');
// Nothing is required, so a create takes what an update does: POST and PATCH share the one body.
const StockableFixtureInputSchema = writeSchemas(STOCKABLE_FIXTURE_SHAPE, 'StockableItemFixture').create;
const OrderableFixtureInputSchema = writeSchemas(ORDERABLE_FIXTURE_SHAPE, 'OrderableItemFixture').create;

const columnsOf = <F extends Record<string, ShapeField>>(shape: MasterShape<F>) => writtenFields(shape).map(wireKey);
const STOCKABLE_FIELDS = columnsOf(STOCKABLE_FIXTURE_SHAPE);
const ORDERABLE_FIELDS = columnsOf(ORDERABLE_FIXTURE_SHAPE);

export const STOCKABLE_FIXTURE_LIST = listDeclarationOf(STOCKABLE_FIXTURE_SHAPE, { alias: 'f' });
export const ORDERABLE_FIXTURE_LIST = listDeclarationOf(ORDERABLE_FIXTURE_SHAPE, { alias: 'f' });

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
  app.openapi(detailRoute(STOCKABLE_FIXTURE_LIST.path, StockableFixtureSchema, '在庫品目補正詳細', tags, { etag: true }), (c) =>
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
        assertRowCurrent(c, db, 'stockable_item_fixtures', id);
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
  app.openapi(detailRoute(ORDERABLE_FIXTURE_LIST.path, OrderableFixtureSchema, '発注品目補正詳細', tags, { etag: true }), (c) =>
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
        assertRowCurrent(c, db, 'orderable_item_fixtures', id);
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
