import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness, maxIso } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { listDeclarationOf } from '../../../shared/masterShape';
import { PHARMACY_SHAPE } from '../../../../src/contract/masters/pharmacies';
import { updateColumns } from '../../../shared/partialUpdate';
import { createRecordRoute, detailRoute, listRoute, updateRecordRoute } from '../../../shared/routes';
import { tokyoDate } from '../../../shared/time';
import { actorName } from '../actor';
import { pharmacyErrorsOf, pharmacyWrite, type PharmacyWrite } from './write';
import { GroupSchema } from '../groups/schema';
import { booleanParam, isTrue, PharmacyDetailSchema, PharmacyInputSchema, PharmacySchema } from './schema';
import { PHARMACY_SEARCH } from './search';

export type Pharmacy = z.infer<typeof PharmacySchema>;
type PharmacyDetail = z.infer<typeof PharmacyDetailSchema>;
type Group = z.infer<typeof GroupSchema>;

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

/** The list: sorts, the company filter, search and fields from the shape; its other filters are bespoke SQL (below). */
export const PHARMACY_LIST = listDeclarationOf(PHARMACY_SHAPE, {
  alias: 'p',
  sql: {
    // NULL (no company) sorts as 0 so the sort is a plain range over its index.
    companyId: 'COALESCE(p.company_id, 0)',
    // Prefecture order (JIS code), not the text order of the names.
    address1: 'p.prefecture_order',
  },
  search: PHARMACY_SEARCH,
  // The 会社 column sorted by the company's name (the companyNameSort addition): the name is kept
  // on each pharmacy by triggers (core migration 14), so the sort is a range over its index.
  sorts: { company_name: 'p.company_name' },
  filters: {
    add_ended: { label: '終了した薬局を含む', schema: booleanParam().openapi({ description: 'true: 終了日が今日以前の薬局も含む' }), example: 'true' },
    without_company: { label: '会社未所属のみ', schema: booleanParam().openapi({ description: 'true: 会社未所属の薬局のみ' }), example: 'true' },
    without_group_id: { label: '近隣グループID', ...idFilter('この近隣グループに所属していない薬局のみ (グループへの追加候補)') },
    group_id: { label: '近隣グループID', ...idFilter('この近隣グループに所属する薬局のみ') },
  },
});

const tags = ['core: pharmacies'];
const route = listRoute(PHARMACY_LIST, PharmacySchema, tags);
const getRoute = detailRoute(PHARMACY_LIST.path, PharmacyDetailSchema, '薬局詳細 (所属近隣グループを含む)', tags, { etag: true });

const createPharmacyRoute = createRecordRoute(PHARMACY_LIST.path, {
  body: PharmacyInputSchema,
  response: PharmacyDetailSchema,
  summary: '薬局登録',
  description: '薬局フォームと同じ規則 (src/contract/pharmacy.ts) で検証する。薬局コードのチェックディジット不一致はエラーにしない。',
  responseDescription: '登録した薬局',
  tags,
});

const updatePharmacyRoute = updateRecordRoute(PHARMACY_LIST.path, {
  body: PharmacyInputSchema,
  response: PharmacyDetailSchema,
  summary: '薬局更新',
  description: '送られなかった項目はそのまま、null は消去。*_attributes は Rails の nested attributes と同じく、省略・null・{} なら変えず、その中でも送られた項目だけ変える。検証は登録と同じ。',
  responseDescription: '更新した薬局',
  tags,
});

const DETAIL_COLUMNS = `${PHARMACY_COLUMNS}, p.note, p.created_by, p.updated_by, p.invoice_number, p.latitude, p.longitude, p.web_url,
  p.navigation, p.deleted_on, p.subdivision_transferor_name, p.subdivision_transferee_name, p.v4_inst_id, p.v1_id, p.predictor`;

type DetailRow = PharmacyRow &
  Pick<PharmacyDetail, 'note' | 'created_by' | 'updated_by' | 'latitude' | 'longitude' | 'web_url' | 'navigation' | 'deleted_on'
    | 'subdivision_transferor_name' | 'subdivision_transferee_name' | 'v4_inst_id' | 'v1_id'> & { invoice_number: string | null; predictor: string | null };

const GROUP_SELECT = 'g.id, g.name, g.pharmacies_count, g.created_at, g.updated_at, g.created_by, g.updated_by';

function groupsOf(db: DB, pharmacyId: number): Group[] {
  return db
    .prepare(`SELECT ${GROUP_SELECT} FROM groups g JOIN group_pharmacies gp ON gp.group_id = g.id WHERE gp.pharmacy_id = @pharmacyId ORDER BY g.id`)
    .all({ pharmacyId }) as Group[];
}

/** The detail shape: section 3's nested groups (pharmacy_invoice, service_attributes, predict_config). */
export function pharmacyDetail(db: DB, id: number): PharmacyDetail {
  const row = db.prepare(`SELECT ${DETAIL_COLUMNS} FROM pharmacies p WHERE p.id = @id`).get({ id }) as DetailRow | undefined;
  if (!row) throw notFoundError();
  const { invoice_number, predictor, ...rest } = row;
  const pharmacy = toPharmacy(rest);
  return {
    ...pharmacy,
    note: rest.note,
    created_by: rest.created_by,
    updated_by: rest.updated_by,
    pharmacy_invoice: { invoice_number },
    latitude: rest.latitude,
    longitude: rest.longitude,
    web_url: rest.web_url,
    navigation: rest.navigation,
    deleted_on: rest.deleted_on,
    subdivision_transferor_name: rest.subdivision_transferor_name,
    subdivision_transferee_name: rest.subdivision_transferee_name,
    v4_inst_id: rest.v4_inst_id,
    v1_id: rest.v1_id,
    service_attributes: { share: pharmacy.services.includes('share'), medorder: pharmacy.services.includes('medorder') },
    predict_config: { predictor },
    groups: groupsOf(db, id),
  };
}

/** The stored row's values in the write shape, for a PUT that leaves out some fields. */
function storedWrite(detail: PharmacyDetail): PharmacyWrite {
  return {
    company_id: detail.company_id,
    name: detail.name,
    micode: detail.micode,
    invoice_number: detail.pharmacy_invoice.invoice_number,
    postal_code: detail.postal_code,
    address1: detail.address1,
    address2: detail.address2,
    address3: detail.address3,
    address4: detail.address4,
    phone: detail.phone,
    fax: detail.fax,
    email: detail.email,
    web_url: detail.web_url,
    navigation: detail.navigation,
    note: detail.note,
    started_on: detail.started_on,
    ended_on: detail.ended_on,
    deleted_on: detail.deleted_on,
    subdivision_transferor_name: detail.subdivision_transferor_name,
    subdivision_transferee_name: detail.subdivision_transferee_name,
    v4_inst_id: detail.v4_inst_id,
    services: detail.services,
    predictor: detail.predict_config.predictor,
  };
}

function assertCompanyExists(db: DB, companyId: number | null): void {
  if (companyId !== null && !db.prepare('SELECT 1 FROM companies WHERE id = @companyId').get({ companyId })) {
    throw validationError({ company_id: [`存在しない会社が指定されました。(ID: ${companyId})`] });
  }
}

/** Named parameters of a checked write. */
const writeParams = (write: PharmacyWrite) => {
  const { services, ...rest } = write;
  return { ...rest, service_share: services.includes('share') ? 1 : 0, service_medorder: services.includes('medorder') ? 1 : 0 };
};

export function registerPharmacyRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const stamp = (c: Context<AuthEnv>) => ({ at: ctx.now().toISOString(), by: actorName(db, c.get('principal')) });

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
    const detail = pharmacyDetail(db, Number(c.req.valid('param').id));
    const fresh = checkFreshness(c, maxIso(detail.updated_at, tablesVersion(db, 'group_pharmacies', 'groups')));
    if (fresh) return fresh;
    return c.json(detail, 200);
  });

  app.openapi(createPharmacyRoute, (c) => {
    const write = pharmacyWrite(c.req.valid('json'));
    const errors = pharmacyErrorsOf(write);
    if (errors) throw validationError(errors);
    const { at, by } = stamp(c);
    const id = db.transaction(() => {
      assertCompanyExists(db, write.company_id);
      const params = writeParams(write);
      const columns = Object.keys(params);
      const info = db
        .prepare(
          `INSERT INTO pharmacies (${columns.join(', ')}, created_at, updated_at, created_by, updated_by)
           VALUES (${columns.map((column) => `@${column}`).join(', ')}, @at, @at, @by, @by)`,
        )
        .run({ ...params, at, by });
      return Number(info.lastInsertRowid);
    })();
    c.header('x-last-updated', tablesVersion(db, 'pharmacies') ?? at);
    return c.json(pharmacyDetail(db, id), 201);
  });

  app.openapi(updatePharmacyRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    db.transaction(() => {
      const current = pharmacyDetail(db, id);
      assertRowCurrent(c, db, 'pharmacies', id);
      const previous = storedWrite(current);
      const write = pharmacyWrite(body, previous);
      const errors = pharmacyErrorsOf(write);
      if (errors) throw validationError(errors);
      assertCompanyExists(db, write.company_id);
      // Only the columns whose stored value this request changes are written, and none (no stamp)
      // when it changes nothing: what it does not name stays as stored (updateColumns).
      updateColumns(db, 'pharmacies', id, writeParams(write), { updated_at: at, updated_by: by });
    })();
    c.header('x-last-updated', tablesVersion(db, 'pharmacies') ?? at);
    return c.json(pharmacyDetail(db, id), 200);
  });
}
