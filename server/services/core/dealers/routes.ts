import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { notFoundError } from '../../../shared/errors';
import { checkFreshness } from '../../../shared/freshness';
import { DEALER_SHAPE } from '../../../../src/contract/masters/dealers';
import { answerList } from '../../../shared/listEndpoint';
import { answerSchema, listDeclarationOf } from '../../../shared/masterShape';
import { detailRoute, listRoute } from '../../../shared/routes';
import { DEALER_SEARCH } from './search';

/** The answer and the list come from the contract's shape (issue 24 item 1); storage stays here. */
export const DealerSchema = answerSchema(DEALER_SHAPE, 'Dealer');
type Dealer = z.infer<typeof DealerSchema>;

const SELECT = 'd.id, d.code, d.name, d.prefecture_id, pr.name AS prefecture_name';
const FROM = 'FROM dealers d JOIN prefectures pr ON pr.id = d.prefecture_id';
const tags = ['core: dealers'];

export const DEALER_LIST = listDeclarationOf(DEALER_SHAPE, {
  alias: 'd',
  sql: { prefectureName: 'pr.name' },
  search: DEALER_SEARCH,
});

const route = listRoute(DEALER_LIST, DealerSchema, tags);
const getRoute = detailRoute(DEALER_LIST.path, DealerSchema, `${DEALER_SHAPE.label}詳細`, tags);

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
