import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { tablesVersion } from '../../db/versions';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { checkFreshness } from '../../shared/freshness';
import { answerList, type ListDeclaration } from '../../shared/listEndpoint';
import { detailRoute, listRoute } from '../../shared/routes';
import { DealerSchema } from './schemas';
import { DEALER_SEARCH } from './searchIndexes';

type Dealer = z.infer<typeof DealerSchema>;

const SELECT = 'd.id, d.code, d.name, d.prefecture_id, pr.name AS prefecture_name';
const FROM = 'FROM dealers d JOIN prefectures pr ON pr.id = d.prefecture_id';
const tags = ['core: dealers'];

export const DEALER_LIST = {
  base: '/core',
  path: '/api/v2/master/dealers',
  summary: '卸一覧',
  sortColumns: { id: 'd.id', code: 'd.code', name: 'd.name', prefecture_id: 'd.prefecture_id' },
  defaultSort: 'id',
  filters: {
    prefecture_id: { label: '都道府県ID', schema: z.string().regex(/^\d{1,2}$/).optional().openapi({ description: '都道府県ID' }), example: '13' },
  },
  search: DEALER_SEARCH,
  fields: ['id', 'code', 'name', 'prefecture_id', 'prefecture_name'],
} satisfies ListDeclaration;

const route = listRoute(DEALER_LIST, DealerSchema, tags);
const getRoute = detailRoute(DEALER_LIST.path, DealerSchema, '卸詳細', tags);

export function registerDealerRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  app.openapi(route, (c) => {
    const q = c.req.valid('query');
    return answerList<Dealer>(c, db, q, DEALER_LIST, {
      select: SELECT,
      from: FROM,
      alias: 'd',
      idColumn: 'd.id',
      tables: ['dealers', 'prefectures'],
      filters: [q.prefecture_id && ['d.prefecture_id = @prefecture_id', { prefecture_id: Number(q.prefecture_id) }]],
    });
  });

  app.openapi(getRoute, (c) => {
    const row = db.prepare(`SELECT ${SELECT} ${FROM} WHERE d.id = @id`).get({ id: Number(c.req.valid('param').id) }) as Dealer | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, tablesVersion(db, 'dealers'));
    if (fresh) return fresh;
    return c.json(row, 200);
  });
}
