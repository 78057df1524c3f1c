import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { COMPANY_SHAPE, companyDeleteRefusal } from '../../../../src/contract/masters/companies';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { actorName } from '../actor';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness, maxIso } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { assertShapeUnique, listDeclarationOf } from '../../../shared/masterShape';
import { createRecordRoute, deleteRecordRoute, detailRoute, listRoute, updateRecordRoute, writeRoute } from '../../../shared/routes';
import { namedColumns, updateColumns } from '../../../shared/partialUpdate';
import { inList, listParam } from '../../../shared/sql';
import { pharmaciesOfCompany } from '../pharmacies/routes';
import { COMPANY_SEARCH } from './search';
import { CompanyDetailSchema, CompanySchema, CompanyWrite, PharmacyIdsInputSchema } from './schema';

type Company = z.infer<typeof CompanySchema>;
type CompanyDetail = z.infer<typeof CompanyDetailSchema>;

// pharmacies_count is kept by triggers on pharmacies.company_id (core migration 2).
const COMPANY_SELECT = 'c.id, c.name, c.note, c.pharmacies_count, c.created_at, c.updated_at, c.created_by, c.updated_by';

/** Sorts, search and fields from the contract's shape; the SELECT and the membership routes stay here. */
export const COMPANY_LIST = listDeclarationOf(COMPANY_SHAPE, { alias: 'c', search: COMPANY_SEARCH });

const tags = ['core: companies'];

const listCompaniesRoute = listRoute(COMPANY_LIST, CompanySchema, tags);
const getRoute = detailRoute(COMPANY_LIST.path, CompanyDetailSchema, '会社詳細 (所属薬局を含む)', tags, { etag: true });

const write = (summary: string, responseDescription: string) =>
  ({ body: CompanyWrite.create, response: CompanyDetailSchema, summary, responseDescription, tags });
const update = (summary: string, responseDescription: string) =>
  ({ body: CompanyWrite.update, response: CompanyDetailSchema, summary, responseDescription, tags, description: '送られなかった項目はそのまま、null は消去。' });
const membership = (summary: string) =>
  ({ body: PharmacyIdsInputSchema, response: CompanyDetailSchema, summary, responseDescription: '更新した会社', tags });

const createCompanyRoute = createRecordRoute(COMPANY_LIST.path, write('会社登録', '登録した会社'));
const updateRoute = updateRecordRoute(COMPANY_LIST.path, update('会社更新', '更新した会社'));
// Beyond spec section 7 (the companyDelete addition): section 7 gives companies no DELETE.
const deleteCompanyRoute = deleteRecordRoute(COMPANY_LIST.path, {
  summary: '会社削除 (所属している薬局がない場合だけ)',
  description: '所属している薬局がある会社は 422 (件数つき)。削除は版として残り、変更履歴の復元 (reify) で同じIDのまま戻せる。',
  tags,
});
const addPharmaciesRoute = writeRoute('patch', `${COMPANY_LIST.path}/{id}/pharmacies`, membership('会社に薬局を追加 (x-store-cache-control: clear)'));
const removePharmaciesRoute = writeRoute('delete', `${COMPANY_LIST.path}/{id}/pharmacies`, membership('会社から薬局を外す (x-store-cache-control: clear)'));

function findCompany(db: DB, id: number): Company | undefined {
  return db.prepare(`SELECT ${COMPANY_SELECT} FROM companies c WHERE c.id = @id`).get({ id }) as Company | undefined;
}

function companyDetail(db: DB, id: number): CompanyDetail {
  const company = findCompany(db, id);
  if (!company) throw notFoundError();
  return { ...company, pharmacies: pharmaciesOfCompany(db, id) };
}

/** Pharmacy rows for the given ids; unknown ids are a 422 naming them. */
function loadPharmacies(db: DB, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = db
    .prepare(`SELECT id, name, company_id FROM pharmacies WHERE id IN ${inList('ids')}`)
    .all({ ids: listParam(unique) }) as { id: number; name: string; company_id: number | null }[];
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw validationError({ pharmacy_ids: [`存在しない薬局が指定されました。(ID: ${missing.join(', ')})`] });
  }
  return rows;
}

export function registerCompanyRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const stamp = (c: Context<AuthEnv>) => ({ at: ctx.now().toISOString(), by: actorName(db, c.get('principal')) });

  app.openapi(listCompaniesRoute, (c) => {
    const q = c.req.valid('query');
    return answerList<Company>(c, db, q, COMPANY_LIST, {
      select: COMPANY_SELECT,
      from: 'FROM companies c',
      alias: 'c',
      idColumn: 'c.id',
      tables: ['companies'],
      filters: [],
    });
  });

  app.openapi(getRoute, (c) => {
    const detail = companyDetail(db, Number(c.req.valid('param').id));
    const fresh = checkFreshness(c, maxIso(detail.updated_at, ...detail.pharmacies.map((p) => p.updated_at)));
    if (fresh) return fresh;
    return c.json(detail, 200);
  });

  app.openapi(createCompanyRoute, (c) => {
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    const id = db.transaction(() => {
      assertShapeUnique(db, 'companies', COMPANY_SHAPE, body, null);
      const info = db
        .prepare(
          `INSERT INTO companies (name, note, created_at, updated_at, created_by, updated_by)
           VALUES (@name, @note, @at, @at, @by, @by)`,
        )
        .run({ name: body.name, note: body.note ?? null, at, by });
      return Number(info.lastInsertRowid);
    })();
    c.header('x-last-updated', tablesVersion(db, 'companies') ?? at);
    return c.json(companyDetail(db, id), 201);
  });

  app.openapi(updateRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    db.transaction(() => {
      const current = findCompany(db, id);
      if (!current) throw notFoundError();
      assertRowCurrent(c, db, 'companies', id);
      assertShapeUnique(db, 'companies', COMPANY_SHAPE, body, id);
      updateColumns(db, 'companies', id, namedColumns(body, ['name', 'note']), { updated_at: at, updated_by: by });
    })();
    c.header('x-last-updated', tablesVersion(db, 'companies') ?? at);
    return c.json(companyDetail(db, id), 200);
  });

  app.openapi(deleteCompanyRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    db.transaction(() => {
      if (!findCompany(db, id)) throw notFoundError();
      assertRowCurrent(c, db, 'companies', id);
      // Counted here, not read from pharmacies_count: the foreign key would clear their company_id (ON DELETE SET NULL).
      const { pharmacies } = db.prepare('SELECT COUNT(*) AS pharmacies FROM pharmacies WHERE company_id = @id').get({ id }) as { pharmacies: number };
      const refusal = companyDeleteRefusal(pharmacies);
      if (refusal) throw new ApiError(422, [refusal]);
      // The versions trigger keeps the row (event destroy), so 復元 brings it back with its id.
      db.prepare('DELETE FROM companies WHERE id = @id').run({ id });
    })();
    return c.body(null, 204);
  });

  app.openapi(addPharmaciesRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const { pharmacy_ids } = c.req.valid('json');
    const { at, by } = stamp(c);
    const changed = db.transaction(() => {
      if (!findCompany(db, id)) throw notFoundError();
      const rows = loadPharmacies(db, pharmacy_ids);
      const taken = rows.filter((r) => r.company_id !== null && r.company_id !== id);
      if (taken.length > 0) {
        throw validationError({ pharmacy_ids: taken.map((r) => `「${r.name}」はすでに別の会社に所属しています。`) });
      }
      const adding = rows.filter((r) => r.company_id === null).map((r) => r.id);
      if (adding.length === 0) return false;
      db.prepare(
        `UPDATE pharmacies SET company_id = @id, updated_at = @at, updated_by = @by
         WHERE company_id IS NULL AND id IN ${inList('ids')}`,
      ).run({ id, at, by, ids: listParam(adding) });
      db.prepare('UPDATE companies SET updated_at = @at, updated_by = @by WHERE id = @id').run({ at, by, id });
      return true;
    })();
    // Membership that did not change is no write: the stores keep what they cached (issue 40 item 3).
    if (changed) c.header('x-store-cache-control', 'clear');
    return c.json(companyDetail(db, id), 200);
  });

  app.openapi(removePharmaciesRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const { pharmacy_ids } = c.req.valid('json');
    const { at, by } = stamp(c);
    const changed = db.transaction(() => {
      if (!findCompany(db, id)) throw notFoundError();
      const removing = loadPharmacies(db, pharmacy_ids).filter((r) => r.company_id === id).map((r) => r.id);
      if (removing.length === 0) return false;
      db.prepare(
        `UPDATE pharmacies SET company_id = NULL, updated_at = @at, updated_by = @by
         WHERE company_id = @id AND id IN ${inList('ids')}`,
      ).run({ at, by, id, ids: listParam(removing) });
      db.prepare('UPDATE companies SET updated_at = @at, updated_by = @by WHERE id = @id').run({ at, by, id });
      return true;
    })();
    // Membership that did not change is no write: the stores keep what they cached (issue 40 item 3).
    if (changed) c.header('x-store-cache-control', 'clear');
    return c.json(companyDetail(db, id), 200);
  });
}
