import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { contains, runList } from '../../db/list';
import { tablesVersion } from '../../db/versions';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { checkFreshness } from '../../shared/freshness';
import { commonErrors, idParam, jsonResponse, listHeaders, SECURITY } from '../../shared/openapi';
import { assertIdsFound, listQueryShape, parseIds, parsePage, parseSort, pickFields, setPagingHeaders } from '../../shared/paging';
import { DealerSchema } from './schemas';

type Dealer = z.infer<typeof DealerSchema>;

const SELECT = 'd.id, d.code, d.name, d.prefecture_id, pr.name AS prefecture_name';
const FROM = 'FROM dealers d JOIN prefectures pr ON pr.id = d.prefecture_id';
const SORT_COLUMNS: Record<string, string> = { id: 'd.id', code: 'd.code', name: 'd.name', prefecture_id: 'd.prefecture_id' };
const tags = ['core: dealers'];

const listRoute = createRoute({
  method: 'get',
  path: '/api/v2/master/dealers',
  summary: '卸一覧',
  tags,
  security: SECURITY,
  request: {
    query: z.object({
      ...listQueryShape,
      query: z.string().optional().openapi({ description: '名前・コードの部分一致' }),
      prefecture_id: z.string().regex(/^\d{1,2}$/).optional(),
    }),
  },
  responses: {
    200: { ...jsonResponse(z.array(DealerSchema.partial()), '卸一覧'), headers: listHeaders },
    304: { description: '変更なし' },
    ...commonErrors,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/v2/master/dealers/{id}',
  summary: '卸詳細',
  tags,
  security: SECURITY,
  request: { params: idParam },
  responses: { 200: jsonResponse(DealerSchema, '卸'), 304: { description: '変更なし' }, ...commonErrors },
});

export function registerDealerRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  app.openapi(listRoute, (c) => {
    const q = c.req.valid('query');
    const orderBy = parseSort(q.sort, 'id', SORT_COLUMNS, 'd.id');
    const ids = parseIds(q.ids);
    const fresh = checkFreshness(c, tablesVersion(db, 'dealers'));
    if (fresh) return fresh;
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.query) {
      where.push(`${contains('d.name')} OR ${contains('d.code')}`);
      params.push(q.query, q.query);
    }
    if (q.prefecture_id) {
      where.push('d.prefecture_id = ?');
      params.push(Number(q.prefecture_id));
    }
    const result = runList<Dealer>(db, { select: SELECT, from: FROM, where, params, orderBy, page: parsePage(q.page), ids, idColumn: 'd.id' });
    assertIdsFound(ids, result.total);
    setPagingHeaders(c, result);
    return c.json(pickFields(result.rows, q.fields), 200);
  });

  app.openapi(getRoute, (c) => {
    const row = db.prepare(`SELECT ${SELECT} ${FROM} WHERE d.id = ?`).get(Number(c.req.valid('param').id)) as Dealer | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, tablesVersion(db, 'dealers'));
    if (fresh) return fresh;
    return c.json(row, 200);
  });
}
