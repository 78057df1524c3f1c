import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { contains } from '../../db/list';
import { tablesVersion } from '../../db/versions';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { checkFreshness } from '../../shared/freshness';
import { commonErrors, idParam, jsonResponse, listHeaders, SECURITY } from '../../shared/openapi';
import { listQueryShape } from '../../shared/paging';
import { answerList } from '../../shared/listEndpoint';
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
    return answerList<Dealer>(c, db, q, {
      select: SELECT,
      from: FROM,
      idColumn: 'd.id',
      sortColumns: SORT_COLUMNS,
      defaultSort: 'id',
      version: () => tablesVersion(db, 'dealers'),
      filters: [
        q.query && [`${contains('d.name')} OR ${contains('d.code')}`, q.query, q.query],
        q.prefecture_id && ['d.prefecture_id = ?', Number(q.prefecture_id)],
      ],
    });
  });

  app.openapi(getRoute, (c) => {
    const row = db.prepare(`SELECT ${SELECT} ${FROM} WHERE d.id = ?`).get(Number(c.req.valid('param').id)) as Dealer | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, tablesVersion(db, 'dealers'));
    if (fresh) return fresh;
    return c.json(row, 200);
  });
}
