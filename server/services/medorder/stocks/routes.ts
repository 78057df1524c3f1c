import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { assertPharmacyRight, type AuthEnv, type PharmacyPermission } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, notFoundError } from '../../../shared/errors';
import { createRecordRoute, readRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { MILLI } from './migrations';

/*
 * The ordering service's stock calls (spec section 7): a pharmacy's stock of one stockable item,
 * its logs, and adding a stock adjustment (fix_quantity) with the quantity as a decimal string,
 * plus the ordering master's stockable item. The v2 quantity is the sum of the logs' changes.
 */

const tags = ['medorder: stocks'];
const STOCK_PATH = '/api/v2/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}';

const numericParam = (name: string, label: string) =>
  labelled(label, z.string().regex(/^\d{1,12}$/).openapi({ param: { name, in: 'path' }, example: '1' }));
const StockParams = z.object({ pharmacyId: numericParam('pharmacyId', '薬局ID'), itemId: numericParam('itemId', '品目ID') });

const QUANTITY_PATTERN = /^-?\d{1,9}(\.\d{1,3})?$/;
export const QUANTITY_FORMAT = '数量は小数点以下3桁までの数値を文字列で指定してください。';
export const ONLY_FIX_QUANTITY = '追加できる操作は在庫調整 (fix_quantity) のみです。';
export const ZERO_DELTA = '数量の変化が0の在庫調整は追加できません。';

const StockSchema = z.object({ pharmacy_id: z.number(), stockable_item_id: z.number(), quantity: z.string() }).openapi('Stock');
const StockLogSchema = z
  .object({ id: z.number(), logged_at: z.string(), action: z.string(), delta_quantity: z.string(), validated: z.boolean() })
  .openapi('StockLog');
const StockLogInputSchema = z.object({
  logged_at: labelled('記録日時', z.iso.datetime({ offset: true })),
  stock_action: labelled('操作', z.string().max(50)),
  delta_quantity: labelled('数量', z.string().max(20)),
  validated: labelled('確認済み', z.boolean().optional()),
});
const StockableItemSchema = z
  .object({ id: z.number(), name: z.string(), yj_code: z.string(), orderable_items: z.array(z.object({ id: z.number() })) })
  .openapi('StockableItem');

const getStockRoute = readRoute(STOCK_PATH, { summary: '薬局の品目在庫 (v2)', tags, params: StockParams, response: StockSchema, responseDescription: '在庫' });
const listLogsRoute = readRoute(`${STOCK_PATH}/logs`, {
  summary: '薬局の品目在庫の履歴 (v2、記録日時順)', tags, params: StockParams, response: z.array(StockLogSchema), responseDescription: '在庫履歴',
});
const addLogRoute = createRecordRoute(`${STOCK_PATH}/logs`, {
  summary: '在庫調整を追加',
  description: 'stock_action は fix_quantity のみ、delta_quantity は小数点以下3桁までの文字列。',
  tags,
  params: StockParams,
  body: StockLogInputSchema,
  response: StockLogSchema,
  responseDescription: '追加した在庫履歴',
});
const stockableItemRoute = readRoute('/api/v2/master/stockable_items/{id}', {
  summary: '在庫品目 (発注マスタ)', tags, params: z.object({ id: numericParam('id', 'ID') }), response: StockableItemSchema, responseDescription: '在庫品目',
});

/** thousandths → the decimal string the API answers ("12", "-0.5"). */
export const formatMilli = (milli: number): string => {
  const sign = milli < 0 ? '-' : '';
  const abs = Math.abs(milli);
  const fraction = String(abs % MILLI).padStart(3, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(abs / MILLI)}${fraction ? `.${fraction}` : ''}`;
};

const parseMilli = (text: string): number => {
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const milli = Number(whole) * MILLI + Number(fraction.padEnd(3, '0'));
  return text.startsWith('-') ? -milli : milli;
};

/** A pharmacy user reads its own pharmacies' stocks and changes those it holds write on; staff reach all. */
function stockKey(c: Context<AuthEnv>, db: DB, params: { pharmacyId: string; itemId: string }, need: PharmacyPermission) {
  const pharmacyId = Number(params.pharmacyId);
  const itemId = Number(params.itemId);
  assertPharmacyRight(c.get('principal'), pharmacyId, need);
  if (!db.prepare('SELECT 1 FROM stockable_items WHERE id = @itemId').get({ itemId })) throw notFoundError();
  return { pharmacyId, itemId };
}

type LogRow = { id: number; logged_at: string; action: string; delta_milli: number; validated: number };
const serialiseLog = (row: LogRow) => ({
  id: row.id,
  logged_at: row.logged_at,
  action: row.action,
  delta_quantity: formatMilli(row.delta_milli),
  validated: row.validated === 1,
});

export function registerStockRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const logsOf = db.prepare(`SELECT id, logged_at, action, delta_milli, validated FROM stock_logs
    WHERE pharmacy_id = @pharmacyId AND stockable_item_id = @itemId ORDER BY logged_at, id`);
  const quantityOf = db.prepare(`SELECT COALESCE(SUM(delta_milli), 0) AS milli FROM stock_logs
    WHERE pharmacy_id = @pharmacyId AND stockable_item_id = @itemId`);

  app.openapi(getStockRoute, (c) => {
    const key = stockKey(c, db, c.req.valid('param'), 'read');
    const { milli } = quantityOf.get(key) as { milli: number };
    return c.json({ pharmacy_id: key.pharmacyId, stockable_item_id: key.itemId, quantity: formatMilli(milli) }, 200);
  });

  app.openapi(listLogsRoute, (c) => {
    const key = stockKey(c, db, c.req.valid('param'), 'read');
    return c.json((logsOf.all(key) as LogRow[]).map(serialiseLog), 200);
  });

  app.openapi(addLogRoute, (c) => {
    const key = stockKey(c, db, c.req.valid('param'), 'write');
    const body = c.req.valid('json');
    if (body.stock_action !== 'fix_quantity') throw new ApiError(422, [ONLY_FIX_QUANTITY], { stock_action: [ONLY_FIX_QUANTITY] });
    if (!QUANTITY_PATTERN.test(body.delta_quantity)) throw new ApiError(422, [QUANTITY_FORMAT], { delta_quantity: [QUANTITY_FORMAT] });
    const deltaMilli = parseMilli(body.delta_quantity);
    if (deltaMilli === 0) throw new ApiError(422, [ZERO_DELTA], { delta_quantity: [ZERO_DELTA] });
    const loggedAt = new Date(body.logged_at).toISOString();
    const { lastInsertRowid } = db
      .prepare(`INSERT INTO stock_logs (pharmacy_id, stockable_item_id, logged_at, action, delta_milli, validated)
        VALUES (@pharmacyId, @itemId, @loggedAt, 'fix_quantity', @deltaMilli, @validated)`)
      .run({ ...key, loggedAt, deltaMilli, validated: body.validated ? 1 : 0 });
    const row = db.prepare('SELECT id, logged_at, action, delta_milli, validated FROM stock_logs WHERE id = @id').get({ id: lastInsertRowid });
    return c.json(serialiseLog(row as LogRow), 201);
  });

  app.openapi(stockableItemRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const item = db.prepare('SELECT id, name, yj_code FROM stockable_items WHERE id = @id').get({ id }) as
      | { id: number; name: string; yj_code: string }
      | undefined;
    if (!item) throw notFoundError();
    return c.json({ ...item, orderable_items: [] }, 200);
  });
}
