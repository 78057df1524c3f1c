import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { DB } from '../../db/open';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { checkFreshness } from '../../shared/freshness';
import { answerList, type ListDeclaration } from '../../shared/listEndpoint';
import { detailRoute, listRoute } from '../../shared/routes';
import { tokyoDate } from '../../shared/time';
import { booleanParam, isTrue, PharmacyDetailSchema, PharmacySchema } from './schemas';
import { PHARMACY_SEARCH } from './searchIndexes';

export type Pharmacy = z.infer<typeof PharmacySchema>;
type PharmacyDetail = z.infer<typeof PharmacyDetailSchema>;

export const PHARMACY_COLUMNS = `p.id, p.company_id, p.name, p.micode, p.postal_code, p.address1, p.address2, p.address3,
  p.address4, p.phone, p.fax, p.email, p.started_on, p.ended_on, p.service_share, p.service_medorder, p.created_at, p.updated_at`;

type PharmacyRow = Omit<Pharmacy, 'services'> & { service_share: number; service_medorder: number };

export function toPharmacy(row: PharmacyRow): Pharmacy {
  const { service_share, service_medorder, ...rest } = row;
  const services: Pharmacy['services'] = [];
  if (service_share) services.push('share');
  if (service_medorder) services.push('medorder');
  return { ...rest, services };
}

/** Pharmacies matching `where` (a condition on alias `p` with named parameters), by id. */
export function pharmaciesWhere(db: DB, where: string, params: Record<string, unknown>): Pharmacy[] {
  const rows = db.prepare(`SELECT ${PHARMACY_COLUMNS} FROM pharmacies p WHERE ${where} ORDER BY p.id`).all(params);
  return (rows as PharmacyRow[]).map(toPharmacy);
}

export const pharmaciesOfCompany = (db: DB, companyId: number) => pharmaciesWhere(db, 'p.company_id = @companyId', { companyId });

const idFilter = (description: string) => ({ schema: z.string().regex(/^\d{1,12}$/).optional().openapi({ description }), example: '1' });

export const PHARMACY_LIST = {
  base: '/core',
  path: '/api/v2/admin/pharmacies',
  summary: '薬局一覧',
  sortColumns: {
    id: 'p.id',
    // NULL (no company) sorts as 0 so the sort is a plain range over its index.
    company_id: 'COALESCE(p.company_id, 0)',
    name: 'p.name',
    // Prefecture order (JIS code), not the text order of the names.
    address1: 'p.prefecture_order',
    updated_at: 'p.updated_at',
    created_at: 'p.created_at',
  },
  defaultSort: '-updated_at',
  filters: {
    add_ended: { label: '終了した薬局を含む', schema: booleanParam().openapi({ description: 'true: 終了日が今日以前の薬局も含む' }), example: 'true' },
    company_id: { label: '会社ID', ...idFilter('この会社に所属する薬局のみ') },
    without_company: { label: '会社未所属のみ', schema: booleanParam().openapi({ description: 'true: 会社未所属の薬局のみ' }), example: 'true' },
    without_group_id: { label: '近隣グループID', ...idFilter('この近隣グループに所属していない薬局のみ (グループへの追加候補)') },
    group_id: { label: '近隣グループID', ...idFilter('この近隣グループに所属する薬局のみ') },
  },
  search: PHARMACY_SEARCH,
  fields: ['id', 'company_id', 'name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4', 'phone', 'fax',
    'email', 'started_on', 'ended_on', 'services', 'created_at', 'updated_at'],
} satisfies ListDeclaration;

const tags = ['core: pharmacies'];
const route = listRoute(PHARMACY_LIST, PharmacySchema, tags);
const getRoute = detailRoute(PHARMACY_LIST.path, PharmacyDetailSchema, '薬局詳細', tags);

export function registerPharmacyRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  app.openapi(route, (c) => {
    const q = c.req.valid('query');
    return answerList<PharmacyRow, Pharmacy>(c, db, q, PHARMACY_LIST, {
      select: PHARMACY_COLUMNS,
      from: 'FROM pharmacies p',
      alias: 'p',
      idColumn: 'p.id',
      tables: ['pharmacies', 'group_pharmacies'],
      filters: [
        !isTrue(q.add_ended) && ['p.ended_on IS NULL OR p.ended_on > @today', { today: tokyoDate(ctx.now()) }],
        q.company_id && ['p.company_id = @company_id', { company_id: Number(q.company_id) }],
        // Unary + keeps the planner off the company_id index: a fifth of all rows has no company,
        // so walking the sort's index finds a page sooner than sorting every one of them.
        isTrue(q.without_company) && ['+p.company_id IS NULL'],
        q.without_group_id && [
          'NOT EXISTS (SELECT 1 FROM group_pharmacies gp WHERE gp.group_id = @without_group_id AND gp.pharmacy_id = p.id)',
          { without_group_id: Number(q.without_group_id) },
        ],
        q.group_id && ['p.id IN (SELECT gp.pharmacy_id FROM group_pharmacies gp WHERE gp.group_id = @group_id)', { group_id: Number(q.group_id) }],
      ],
      toRecord: toPharmacy,
    });
  });

  app.openapi(getRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const row = db
      .prepare(`SELECT ${PHARMACY_COLUMNS}, p.note, p.created_by, p.updated_by FROM pharmacies p WHERE p.id = @id`)
      .get({ id }) as (PharmacyRow & Pick<PharmacyDetail, 'note' | 'created_by' | 'updated_by'>) | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, row.updated_at);
    if (fresh) return fresh;
    return c.json(toPharmacy(row) as PharmacyDetail, 200);
  });
}
