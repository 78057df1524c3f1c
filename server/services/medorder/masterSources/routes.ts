import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { tablesVersion } from '../../../db/versions';
import { assertPharmacyRight, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { answerList, type ListDeclaration } from '../../../shared/listEndpoint';
import { updateColumns } from '../../../shared/partialUpdate';
import { createRecordRoute, listRoute, readRoute, writeRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { applyOrderableImport, applyStockableImport, computeOrderableImport, computeStockableImport, type StockableImportKey } from './store';
import type { PublishedMasterReader, PublishedRow } from '../../../shared/publishedMasters';
import { registerMasterRowRoutes } from './rowRoutes';

/**
 * The ordering service's master-source calls (spec section 7 "Ordering service"): the stockable
 * and orderable item import diffs and their application, the pharmacies' import requests, the
 * wholesalers' delivery records no master knew, and the stockable item master search.
 */
const tags = ['medorder: master sources'];
const HOT = /^(\d{9}|\d{13})$/;
const RECEIPT = /^\d{9}$/;
const ID_TEXT = /^\d{1,12}$/;

export const IMPORT_KEY_REQUIRED = 'HOTコード、レセプト電算コード、在庫品目補正IDのいずれか1つを指定してください。';
export const REQUEST_CLOSED = 'この依頼はすでに処理されています。';

const ImportKeyQuery = z.object({
  hot_code: labelled('HOTコード', z.string().regex(HOT).optional()),
  receipt_code: labelled('レセプト電算コード', z.string().regex(RECEIPT).optional()),
  stockable_item_fixture_id: labelled('在庫品目補正ID', z.string().regex(ID_TEXT).optional()),
});
const ImportKeyBody = z
  .object({
    hot_code: labelled('HOTコード', z.string().regex(HOT).nullable().optional()),
    receipt_code: labelled('レセプト電算コード', z.string().regex(RECEIPT).nullable().optional()),
    stockable_item_fixture_id: labelled('在庫品目補正ID', z.number().int().min(1).max(2_147_483_647).nullable().optional()),
  })
  .openapi('StockableItemImportKey');

const attributes = z.record(z.string(), z.unknown());
const StockableImportSchema = z
  .object({
    stockable_item_id: z.number().int().nullable(),
    stockable_item_operation: z.enum(['create', 'update', 'none']),
    invalid_reason: z.string().nullable(),
    stockable_item_attributes: attributes.nullable(),
    stockable_item_previous_attributes: attributes.nullable(),
    stockable_item_changed: z.array(z.string()),
    stockable_item_prices_attributes: z.array(z.object({ effects_on: z.string(), price: z.number() })),
    orderable_items: z.array(
      z.object({
        orderable_item_id: z.number().int().nullable(),
        operation: z.enum(['create', 'update', 'none']),
        attributes,
        previous_attributes: attributes.nullable(),
        changed: z.array(z.string()),
      }),
    ),
  })
  .openapi('StockableItemImport');
const OrderableImportSchema = z
  .object({
    stockable_item_id: z.number().int().nullable(),
    orderable_item_id: z.number().int().nullable(),
    operation: z.enum(['create', 'update', 'none']),
    invalid_reason: z.string().nullable(),
    attributes: attributes.nullable(),
    previous_attributes: attributes.nullable(),
    changed: z.array(z.string()),
  })
  .openapi('OrderableItemImport');

function importKey(input: { hot_code?: string | null; receipt_code?: string | null; stockable_item_fixture_id?: string | number | null }): StockableImportKey {
  const given = [input.hot_code, input.receipt_code, input.stockable_item_fixture_id].filter((v) => v !== undefined && v !== null && v !== '');
  if (given.length !== 1) throw validationError({ hot_code: [IMPORT_KEY_REQUIRED] });
  if (input.hot_code) return { hot_code: input.hot_code };
  if (input.receipt_code) return { receipt_code: input.receipt_code };
  return { stockable_item_fixture_id: Number(input.stockable_item_fixture_id) };
}

const stockableImportPath = '/api/v2/admin/stockable_items/import';
const orderableImportPath = '/api/v2/admin/orderable_items/import';

const getStockableImportRoute = readRoute(stockableImportPath, {
  summary: '在庫品目の取り込み差分 (公開マスター＋補正 と 発注マスター)', tags, query: ImportKeyQuery, response: StockableImportSchema, responseDescription: '差分',
});
const postStockableImportRoute = writeRoute('post', stockableImportPath, {
  body: ImportKeyBody, response: StockableImportSchema, summary: '在庫品目の取り込み (差分を1トランザクションで反映、冪等)', tags,
  description: '差分をサーバーで計算し直して反映する。invalid_reason がある差分は 422 で何も変えない。反映後の差分 (すべて none) を返す。',
});
const OrderableKeyQuery = z.object({ orderable_item_fixture_id: labelled('発注品目補正ID', z.string().regex(ID_TEXT)) });
const OrderableKeyBody = z.object({ orderable_item_fixture_id: labelled('発注品目補正ID', z.number().int().min(1).max(2_147_483_647)) }).openapi('OrderableItemImportKey');
const getOrderableImportRoute = readRoute(orderableImportPath, {
  summary: '発注品目の取り込み差分 (発注品目補正ごと)', tags, query: OrderableKeyQuery, response: OrderableImportSchema, responseDescription: '差分',
});
const postOrderableImportRoute = writeRoute('post', orderableImportPath, {
  body: OrderableKeyBody, response: OrderableImportSchema, summary: '発注品目の取り込み (冪等)', tags,
});

export const IMPORT_REQUEST_LIST = {
  base: '/medorder',
  path: '/api/v2/admin/stockable_item_import_requests',
  summary: '在庫品目の取り込み依頼一覧',
  sortColumns: { id: 'r.id', requested_at: 'r.requested_at' },
  defaultSort: 'requested_at',
  filters: { state: { label: '状態', schema: z.enum(['open', 'accepted', 'rejected']).optional(), example: 'open' } },
  fields: ['id', 'code', 'code_type', 'state', 'pharmacy_id', 'requested_at', 'updated_at'],
} satisfies ListDeclaration;

const ImportRequestSchema = z
  .object({
    id: z.number().int(),
    code: z.string(),
    code_type: z.enum(['hot_code', 'receipt_code']),
    state: z.enum(['open', 'accepted', 'rejected']),
    pharmacy_id: z.number().int().nullable(),
    requested_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('StockableItemImportRequest');
const RequestStateBody = z.object({ state: labelled('状態', z.enum(['accepted', 'rejected'])) }).openapi('StockableItemImportRequestState');
const patchRequestRoute = writeRoute('patch', `${IMPORT_REQUEST_LIST.path}/{id}`, {
  conditional: true,
  body: RequestStateBody, response: ImportRequestSchema, summary: '取り込み依頼の処理 (rejected: 却下、accepted: 取り込みを実行)', tags,
  description: '未処理 (open) の依頼だけが変えられる。accepted は依頼のコードで在庫品目の取り込みを実行し、差分が invalid なら 422 で依頼は open のまま。',
});
const PharmacyRequestBody = z
  .object({
    pharmacy_id: labelled('薬局ID', z.number().int().min(1).max(2_147_483_647)),
    code_type: labelled('コード種別', z.enum(['hot_code', 'receipt_code'])),
    code: labelled('コード', z.string().trim().regex(/^\d{9}(\d{4})?$/)),
  })
  .openapi('StockableItemImportRequestInput');
const pharmacyRequestRoute = createRecordRoute('/api/v2/pharmacy/stockable_item_import_requests', {
  summary: '薬局からの在庫品目の取り込み依頼', tags, body: PharmacyRequestBody, response: ImportRequestSchema, responseDescription: '受け付けた依頼 (同じコードの未処理の依頼があればそれ)',
});

export const UNKNOWN_DELIVERY_LIST = {
  base: '/medorder',
  path: '/api/v2/admin/unknown_sdcvan_delivery_d_records',
  summary: 'マスターにない納品データ (SDCVAN D レコード) 一覧',
  sortColumns: { id: 'd.id', not_found_at: 'd.not_found_at' },
  defaultSort: '-not_found_at',
  filters: { ignored: { label: '無視', schema: z.enum(['true', 'false']).optional(), example: 'false' } },
  fields: ['id', 'item_code_type', 'item_code', 'name', 'not_found_at', 'ignored', 'matching_item_id', 'matching_item_name'],
} satisfies ListDeclaration;
const UnknownDeliverySchema = z
  .object({
    id: z.number().int(),
    item_code_type: z.string(),
    item_code: z.string(),
    name: z.string().nullable(),
    not_found_at: z.string(),
    ignored: z.boolean(),
    matching_item_id: z.number().int().nullable(),
    matching_item_name: z.string().nullable(),
  })
  .openapi('UnknownSdcvanDeliveryDRecord');
const IgnoreBody = z.object({ ignored: labelled('無視', z.boolean()) }).openapi('UnknownSdcvanDeliveryDRecordInput');
const patchDeliveryRoute = writeRoute('patch', `${UNKNOWN_DELIVERY_LIST.path}/{id}`, {
  conditional: true,
  body: IgnoreBody, response: UnknownDeliverySchema, summary: '納品データの無視の切り替え', tags,
});

const DELIVERY_SELECT = `d.id, d.item_code_type, d.item_code, d.name, d.not_found_at, d.ignored,
  (SELECT o.stockable_item_id FROM orderable_items o WHERE (d.item_code_type = 'gs1_code' AND o.gs1_code = d.item_code)
     OR (d.item_code_type = 'jan_code' AND o.jan_code = d.item_code) ORDER BY o.id LIMIT 1) AS matching_item_id`;

export const STOCKABLE_ITEM_LIST = {
  base: '/medorder',
  path: '/api/v2/master/stockable_items',
  summary: '在庫品目マスター検索 (発注品目つき)',
  sortColumns: { id: 's.id', name: 's.name', updated_at: 's.updated_at' },
  defaultSort: 'id',
  filters: {
    yj_codes: { label: 'YJコード', schema: z.string().max(2600).regex(/^[0-9A-Z,]*$/).optional(), example: '1124003F2230' },
    gs1_codes: { label: 'GS1コード', schema: z.string().max(3000).regex(/^[0-9,]*$/).optional(), example: '14987000000012' },
    jan_codes: { label: 'JANコード', schema: z.string().max(2800).regex(/^[0-9,]*$/).optional(), example: '4987000000012' },
    pharmacy_id: { label: '薬局ID', schema: z.string().regex(ID_TEXT).optional(), example: '1' },
    // 'true' needs pharmacy_id too (a 422 alone), so the example a contract sends by itself is 'false'.
    exists_stock: { label: '在庫あり', schema: z.enum(['true', 'false']).optional(), example: 'false' },
  },
  fields: ['id', 'name', 'name_pronunciation', 'yj_code', 'unit', 'price', 'generic', 'interim_period_on', 'expires_at', 'orderable_items'],
} satisfies ListDeclaration;
const OrderableItemSchema = z.object({
  id: z.number().int(), name: z.string().nullable(), gs1_code: z.string(), jan_code: z.string().nullable(), quantity: z.number().nullable(),
  maker_name: z.string().nullable(), seller_name: z.string().nullable(), packet_form: z.string().nullable(), packet_volume: z.number().nullable(),
  package_packet_count: z.number().nullable(), inactive_on: z.string().nullable(),
});
const StockableItemSchema = z
  .object({
    id: z.number().int(), name: z.string(), name_pronunciation: z.string().nullable(), unit: z.string().nullable(), yj_code: z.string(),
    price: z.number().nullable(), generic: z.boolean().nullable(), interim_period_on: z.string().nullable(), expires_at: z.string().nullable(),
    orderable_items: z.array(OrderableItemSchema),
  })
  .openapi('StockableItemWithOrderables');

const codeList = (text: string | undefined) => (text ? JSON.stringify(text.split(',').filter((v) => v !== '').slice(0, 200)) : undefined);

export function registerMasterSourceRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, reader: PublishedMasterReader): void {
  const { db } = ctx;
  const cacheClear = (c: Context<AuthEnv>) => c.header('x-store-cache-control', 'clear');

  app.openapi(getStockableImportRoute, (c) => c.json(computeStockableImport(db, reader, importKey(c.req.valid('query')), ctx.now()), 200));
  app.openapi(postStockableImportRoute, (c) => {
    const result = applyStockableImport(db, reader, importKey(c.req.valid('json')), ctx.now());
    cacheClear(c);
    return c.json(result, 200);
  });
  app.openapi(getOrderableImportRoute, (c) => c.json(computeOrderableImport(db, reader, Number(c.req.valid('query').orderable_item_fixture_id)), 200));
  app.openapi(postOrderableImportRoute, (c) => {
    const result = applyOrderableImport(db, reader, c.req.valid('json').orderable_item_fixture_id, ctx.now());
    cacheClear(c);
    return c.json(result, 200);
  });

  const findRequest = (id: number) => db.prepare('SELECT * FROM stockable_item_import_requests WHERE id = @id').get({ id }) as z.infer<typeof ImportRequestSchema> | undefined;
  app.openapi(listRoute(IMPORT_REQUEST_LIST, ImportRequestSchema, tags), (c) => {
    const q = c.req.valid('query');
    return answerList(c, db, q, IMPORT_REQUEST_LIST, {
      select: 'r.*', from: 'FROM stockable_item_import_requests r', alias: 'r', idColumn: 'r.id', tables: ['stockable_item_import_requests'],
      filters: [q.state && ['r.state = @state', { state: q.state }]],
    });
  });
  app.openapi(patchRequestRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const { state } = c.req.valid('json');
    const at = ctx.now().toISOString();
    db.transaction(() => {
      const request = findRequest(id);
      if (!request) throw notFoundError();
      assertRowCurrent(c, db, 'stockable_item_import_requests', id);
      if (request.state !== 'open') throw new ApiError(409, [REQUEST_CLOSED]);
      if (state === 'accepted') {
        applyStockableImport(db, reader, request.code_type === 'hot_code' ? { hot_code: request.code } : { receipt_code: request.code }, ctx.now());
      }
      db.prepare('UPDATE stockable_item_import_requests SET state = @state, updated_at = @at WHERE id = @id').run({ state, at, id });
    })();
    cacheClear(c);
    return c.json(findRequest(id) as z.infer<typeof ImportRequestSchema>, 200);
  });
  app.openapi(pharmacyRequestRoute, (c) => {
    const body = c.req.valid('json');
    assertPharmacyRight(c.get('principal'), body.pharmacy_id, 'write');
    if (!(body.code_type === 'hot_code' ? HOT : RECEIPT).test(body.code)) {
      throw validationError({ code: [body.code_type === 'hot_code' ? 'HOTコードは9桁か13桁の数字で入力してください。' : 'レセプト電算コードは9桁の数字で入力してください。'] });
    }
    const at = ctx.now().toISOString();
    const id = db.transaction(() => {
      const open = db.prepare("SELECT id FROM stockable_item_import_requests WHERE code = @code AND code_type = @code_type AND state = 'open'").get(body) as { id: number } | undefined;
      if (open) return open.id;
      return Number(
        db.prepare(`INSERT INTO stockable_item_import_requests (code, code_type, state, pharmacy_id, requested_at, updated_at)
          VALUES (@code, @code_type, 'open', @pharmacy_id, @at, @at)`).run({ ...body, at }).lastInsertRowid,
      );
    })();
    return c.json(findRequest(id) as z.infer<typeof ImportRequestSchema>, 201);
  });

  type DeliveryRow = { id: number; item_code_type: string; item_code: string; name: string | null; not_found_at: string; ignored: number; matching_item_id: number | null };
  const itemName = db.prepare('SELECT name FROM stockable_items WHERE id = @id');
  const deliveryRecord = (row: DeliveryRow) => {
    const item = row.matching_item_id === null ? undefined : (itemName.get({ id: row.matching_item_id }) as { name: string } | undefined);
    return { ...row, ignored: row.ignored === 1, matching_item_name: item?.name ?? null };
  };
  app.openapi(listRoute(UNKNOWN_DELIVERY_LIST, UnknownDeliverySchema, tags), (c) => {
    const q = c.req.valid('query');
    return answerList<DeliveryRow, ReturnType<typeof deliveryRecord>>(c, db, q, UNKNOWN_DELIVERY_LIST, {
      select: DELIVERY_SELECT, from: 'FROM unknown_sdcvan_delivery_d_records d', alias: 'd', idColumn: 'd.id',
      tables: ['unknown_sdcvan_delivery_d_records', 'orderable_items', 'stockable_items'],
      filters: [q.ignored && ['d.ignored = @ignored', { ignored: q.ignored === 'true' ? 1 : 0 }]],
      toRecord: deliveryRecord,
    });
  });
  app.openapi(patchDeliveryRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const { ignored } = c.req.valid('json');
    // Synchronous from the check to the write: no other request runs between them.
    assertRowCurrent(c, db, 'unknown_sdcvan_delivery_d_records', id);
    const row = () => db.prepare(`SELECT ${DELIVERY_SELECT} FROM unknown_sdcvan_delivery_d_records d WHERE d.id = @id`).get({ id }) as DeliveryRow | undefined;
    if (!row()) throw notFoundError();
    updateColumns(db, 'unknown_sdcvan_delivery_d_records', id, { ignored }, { updated_at: ctx.now().toISOString() });
    c.header('x-last-updated', tablesVersion(db, 'unknown_sdcvan_delivery_d_records') ?? ctx.now().toISOString());
    return c.json(deliveryRecord(row() as DeliveryRow), 200);
  });

  type ItemRow = Omit<z.infer<typeof StockableItemSchema>, 'orderable_items' | 'generic'> & { generic: number | null };
  const orderablesOf = db.prepare(`SELECT id, name, gs1_code, jan_code, quantity, maker_name, seller_name, packet_form, packet_volume, package_packet_count, inactive_on
    FROM orderable_items WHERE stockable_item_id = @id ORDER BY id`);
  app.openapi(listRoute(STOCKABLE_ITEM_LIST, StockableItemSchema, tags), (c) => {
    const q = c.req.valid('query');
    const yj = codeList(q.yj_codes);
    const gs1 = codeList(q.gs1_codes);
    const jan = codeList(q.jan_codes);
    if (q.exists_stock === 'true' && !q.pharmacy_id) throw validationError({ pharmacy_id: ['在庫ありで絞り込むには薬局IDを指定してください。'] });
    // A pharmacy named in the filter is one the caller may read (staff: any).
    if (q.pharmacy_id) assertPharmacyRight(c.get('principal'), Number(q.pharmacy_id), 'read');
    return answerList<ItemRow, z.infer<typeof StockableItemSchema>>(c, db, q, STOCKABLE_ITEM_LIST, {
      select: 's.id, s.name, s.name_pronunciation, s.unit, s.yj_code, s.price, s.generic, s.interim_period_on, s.expires_at',
      from: 'FROM stockable_items s', alias: 's', idColumn: 's.id',
      tables: ['stockable_items', 'orderable_items', 'stock_logs'],
      filters: [
        yj && ['s.yj_code IN (SELECT value FROM json_each(@yj_codes))', { yj_codes: yj }],
        gs1 && ['s.id IN (SELECT stockable_item_id FROM orderable_items WHERE gs1_code IN (SELECT value FROM json_each(@gs1_codes)))', { gs1_codes: gs1 }],
        jan && ['s.id IN (SELECT stockable_item_id FROM orderable_items WHERE jan_code IN (SELECT value FROM json_each(@jan_codes)))', { jan_codes: jan }],
        q.query && ['(instr(s.name, @query) > 0 OR s.yj_code = @query_code)', { query: q.query.trim(), query_code: q.query.trim().toUpperCase() }],
        q.exists_stock === 'true' && ['s.id IN (SELECT stockable_item_id FROM stock_logs WHERE pharmacy_id = @pharmacy_id)', { pharmacy_id: Number(q.pharmacy_id) }],
      ],
      toRecord: (row) => ({ ...row, generic: row.generic === null ? null : row.generic === 1, orderable_items: orderablesOf.all({ id: row.id }) as z.infer<typeof OrderableItemSchema>[] }),
    });
  });

  registerMasterRowRoutes(app, reader);
}

export type { PublishedRow };
