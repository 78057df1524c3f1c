import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { assertPharmacyRight, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, notFoundError } from '../../../shared/errors';
import { inList, listParam } from '../../../shared/sql';
import { readRoute, writeRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { rackQuantity } from '../../../db/stocksScenario';
import { BAD_PAGE_TOKEN, decodePageToken, encodePageToken } from './pageToken';

/*
 * Legacy v1's stock calls (spec section 7 "Legacy v1"), camelCase as v1 speaks: FIFO rack entries
 * of one drug and the cached stocks of a pharmacy, both paged by an opaque pageToken followed
 * until `nextPageToken` is null, and the fix that rebuilds a cached stock from its rack history.
 */

const tags = ['legacy: stocks'];
/** Small pages on purpose: the SPA must follow tokens, and the seeded histories span pages. */
export const FIFO_RACK_PAGE_SIZE = 5;
export const STOCK_PAGE_SIZE = 5;
export const FIX_LOCKED = 'FIFOラックの履歴に不整合があるため、この薬の在庫は修正できません。';
export const YJ_CODE_MISMATCH = 'パスとリクエストの YJ コードが一致しません。';
export const PHARMACY_REQUIRED = 'pharmacyId か pageToken を指定してください。';
export const YJ_CODES_WITH_TOKEN = 'yjCodes と pageToken は同時に指定できません。';

const pharmacyIdField = labelled('pharmacyId', z.string().regex(/^\d{1,12}$/));
const yjCodeField = labelled('yjCode', z.string().regex(/^[0-9A-Z]{12}$/));
const pageTokenField = labelled('pageToken', z.string().max(400).optional());

const FifoRackSchema = z
  .object({ id: z.number(), type: z.number(), quantity: z.number(), executedAt: z.string(), prescriptionNumber: z.string().nullable() })
  .openapi('FifoRack');
const V1StockSchema = z.object({ yjCode: z.string(), quantity: z.number() }).openapi('V1Stock');

// Plain pages of v1 rows: the lookups batch may run them, and they count as list work.
const fifoRacksRoute = readRoute('/api/v1/medorder/fifo-racks', {
  summary: 'FIFO ラック履歴 (v1、実行日時順、pageToken で続きを取得)',
  tags,
  batchable: true,
  query: z.object({ pharmacyId: pharmacyIdField.optional(), yjCode: yjCodeField.optional(), pageToken: pageTokenField }),
  response: z.object({ fifoRacks: z.array(FifoRackSchema), nextPageToken: z.string().nullable() }),
  responseDescription: 'FIFO ラック履歴',
});
const stocksRoute = readRoute('/api/v1/medorder/stocks', {
  summary: '薬局の在庫 (v1、YJ コード順、yjCodes で絞り込み、pageToken で続きを取得)',
  tags,
  batchable: true,
  query: z.object({
    pharmacyId: pharmacyIdField.optional(),
    yjCodes: labelled('yjCodes', z.string().regex(/^[0-9A-Z]{12}(,[0-9A-Z]{12}){0,99}$/).optional()),
    pageToken: pageTokenField,
  }),
  response: z.object({ stocks: z.array(V1StockSchema), nextPageToken: z.string().nullable() }),
  responseDescription: '在庫',
});
const fixRoute = writeRoute('post', '/api/v1/medorder/stocks/{yjCode}/fix', {
  summary: '在庫を FIFO ラック履歴から再計算 (v1)',
  tags,
  params: z.object({ yjCode: yjCodeField.openapi({ param: { name: 'yjCode', in: 'path' }, example: '1124003F2230' }) }),
  body: z.object({ pharmacyId: labelled('pharmacyId', z.number().int().positive().max(999_999_999_999)), yjCode: yjCodeField }),
  response: V1StockSchema,
  responseDescription: '修正後の在庫',
});

const required = (message: string, key: string) => new ApiError(422, [message], { [key]: [message] });

export function registerLegacyStockRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  app.openapi(fifoRacksRoute, (c) => {
    const query = c.req.valid('query');
    let start: { pharmacyId: number; yjCode: string; executedAt: string; id: number };
    if (query.pageToken) {
      const token = decodePageToken(query.pageToken, { p: 'number', y: 'string', e: 'string', i: 'number' });
      start = { pharmacyId: Number(token.p), yjCode: String(token.y), executedAt: String(token.e), id: Number(token.i) };
      const contradicts = (query.pharmacyId && Number(query.pharmacyId) !== start.pharmacyId) || (query.yjCode && query.yjCode !== start.yjCode);
      if (contradicts) throw required(BAD_PAGE_TOKEN, 'pageToken');
    } else {
      if (!query.pharmacyId || !query.yjCode) throw required('pharmacyId と yjCode を指定してください。', query.pharmacyId ? 'yjCode' : 'pharmacyId');
      start = { pharmacyId: Number(query.pharmacyId), yjCode: query.yjCode, executedAt: '', id: 0 };
    }
    assertPharmacyRight(c.get('principal'), start.pharmacyId, 'read');
    const rows = db
      .prepare(`SELECT id, type, quantity, executed_at AS executedAt, prescription_number AS prescriptionNumber FROM fifo_racks
        WHERE pharmacy_id = @pharmacyId AND yj_code = @yjCode AND (executed_at, id) > (@executedAt, @id)
        ORDER BY executed_at, id LIMIT @limit`)
      .all({ ...start, limit: FIFO_RACK_PAGE_SIZE + 1 }) as z.infer<typeof FifoRackSchema>[];
    const page = rows.slice(0, FIFO_RACK_PAGE_SIZE);
    const last = page.at(-1);
    const nextPageToken =
      rows.length > FIFO_RACK_PAGE_SIZE && last ? encodePageToken({ p: start.pharmacyId, y: start.yjCode, e: last.executedAt, i: last.id }) : null;
    return c.json({ fifoRacks: page, nextPageToken }, 200);
  });

  app.openapi(stocksRoute, (c) => {
    const query = c.req.valid('query');
    if (query.pageToken && query.yjCodes) throw required(YJ_CODES_WITH_TOKEN, 'pageToken');
    let pharmacyId: number;
    let after = '';
    if (query.pageToken) {
      const token = decodePageToken(query.pageToken, { p: 'number', a: 'string' });
      pharmacyId = Number(token.p);
      after = String(token.a);
      if (query.pharmacyId && Number(query.pharmacyId) !== pharmacyId) throw required(BAD_PAGE_TOKEN, 'pageToken');
    } else if (query.pharmacyId) {
      pharmacyId = Number(query.pharmacyId);
    } else {
      throw required(PHARMACY_REQUIRED, 'pharmacyId');
    }
    assertPharmacyRight(c.get('principal'), pharmacyId, 'read');
    const codes = query.yjCodes?.split(',');
    const rows = db
      .prepare(`SELECT yj_code AS yjCode, quantity FROM stocks
        WHERE pharmacy_id = @pharmacyId AND yj_code > @after ${codes ? `AND yj_code IN ${inList('codes')}` : ''}
        ORDER BY yj_code LIMIT @limit`)
      .all({ pharmacyId, after, limit: STOCK_PAGE_SIZE + 1, ...(codes && { codes: listParam(codes) }) }) as z.infer<typeof V1StockSchema>[];
    const page = rows.slice(0, STOCK_PAGE_SIZE);
    const last = page.at(-1);
    const nextPageToken = rows.length > STOCK_PAGE_SIZE && last && !codes ? encodePageToken({ p: pharmacyId, a: last.yjCode }) : null;
    // With yjCodes the answer is whole (at most 100 codes): paging by token is for the pharmacy's full list.
    return c.json({ stocks: codes ? rows : page, nextPageToken }, 200);
  });

  app.openapi(fixRoute, (c) => {
    const { yjCode } = c.req.valid('param');
    const body = c.req.valid('json');
    if (body.yjCode !== yjCode) throw required(YJ_CODE_MISMATCH, 'yjCode');
    assertPharmacyRight(c.get('principal'), body.pharmacyId, 'write');
    const key = { pharmacyId: body.pharmacyId, yjCode };
    const stock = db.prepare('SELECT fix_locked AS fixLocked FROM stocks WHERE pharmacy_id = @pharmacyId AND yj_code = @yjCode').get(key) as
      | { fixLocked: number }
      | undefined;
    if (!stock) throw notFoundError();
    if (stock.fixLocked) throw new ApiError(422, [FIX_LOCKED]);
    const racks = db
      .prepare('SELECT type, quantity FROM fifo_racks WHERE pharmacy_id = @pharmacyId AND yj_code = @yjCode ORDER BY executed_at, id')
      .all(key) as { type: number; quantity: number }[];
    const quantity = rackQuantity(racks);
    db.prepare('UPDATE stocks SET quantity = @quantity WHERE pharmacy_id = @pharmacyId AND yj_code = @yjCode').run({ ...key, quantity });
    return c.json({ yjCode, quantity }, 200);
  });
}
