import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { contains } from '../../db/list';
import type { DB } from '../../db/open';
import { tablesVersion } from '../../db/versions';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { checkFreshness } from '../../shared/freshness';
import { commonErrors, idParam, jsonResponse, listHeaders, SECURITY } from '../../shared/openapi';
import { listQueryShape } from '../../shared/paging';
import { answerList } from '../../shared/listEndpoint';
import { tokyoDate } from '../../shared/time';
import { booleanParam, isTrue, PharmacyDetailSchema, PharmacySchema } from './schemas';

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

export function pharmaciesOfCompany(db: DB, companyId: number): Pharmacy[] {
  const rows = db.prepare(`SELECT ${PHARMACY_COLUMNS} FROM pharmacies p WHERE p.company_id = ? ORDER BY p.id`).all(companyId);
  return (rows as PharmacyRow[]).map(toPharmacy);
}

const SORT_COLUMNS: Record<string, string> = {
  id: 'p.id',
  company_id: 'p.company_id',
  name: 'p.name',
  // Prefecture order (JIS code), not the text order of the names.
  address1: '(SELECT pr.id FROM prefectures pr WHERE pr.name = p.address1)',
  updated_at: 'p.updated_at',
  created_at: 'p.created_at',
};

const listRoute = createRoute({
  method: 'get',
  path: '/api/v2/admin/pharmacies',
  summary: '薬局一覧',
  tags: ['core: pharmacies'],
  security: SECURITY,
  request: {
    query: z.object({
      ...listQueryShape,
      query: z.string().optional().openapi({ description: '名前・薬局コード・住所の部分一致' }),
      add_ended: booleanParam().openapi({ description: 'true: 終了日が今日以前の薬局も含む' }),
      company_id: z.string().regex(/^\d+$/).optional(),
      without_company: booleanParam().openapi({ description: 'true: 会社未所属の薬局のみ' }),
    }),
  },
  responses: {
    200: { ...jsonResponse(z.array(PharmacySchema.partial()), '薬局一覧'), headers: listHeaders },
    304: { description: '変更なし' },
    ...commonErrors,
  },
});

const getRoute = createRoute({
  method: 'get',
  path: '/api/v2/admin/pharmacies/{id}',
  summary: '薬局詳細',
  tags: ['core: pharmacies'],
  security: SECURITY,
  request: { params: idParam },
  responses: { 200: jsonResponse(PharmacyDetailSchema, '薬局'), 304: { description: '変更なし' }, ...commonErrors },
});

export function registerPharmacyRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;

  app.openapi(listRoute, (c) => {
    const q = c.req.valid('query');
    const address = "p.address1 || p.address2 || p.address3 || COALESCE(p.address4, '')";
    return answerList<PharmacyRow, Pharmacy>(c, db, q, {
      select: PHARMACY_COLUMNS,
      from: 'FROM pharmacies p',
      idColumn: 'p.id',
      sortColumns: SORT_COLUMNS,
      defaultSort: '-updated_at',
      version: () => tablesVersion(db, 'pharmacies'),
      filters: [
        q.query && [`${contains('p.name')} OR ${contains('p.micode')} OR ${contains(address)}`, q.query, q.query, q.query],
        !isTrue(q.add_ended) && ['p.ended_on IS NULL OR p.ended_on > ?', tokyoDate(ctx.now())],
        q.company_id && ['p.company_id = ?', Number(q.company_id)],
        isTrue(q.without_company) && ['p.company_id IS NULL'],
      ],
      toRecord: toPharmacy,
    });
  });

  app.openapi(getRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const row = db
      .prepare(`SELECT ${PHARMACY_COLUMNS}, p.note, p.created_by, p.updated_by FROM pharmacies p WHERE p.id = ?`)
      .get(id) as (PharmacyRow & Pick<PharmacyDetail, 'note' | 'created_by' | 'updated_by'>) | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, row.updated_at);
    if (fresh) return fresh;
    return c.json(toPharmacy(row) as PharmacyDetail, 200);
  });
}
