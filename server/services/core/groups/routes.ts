import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { GROUP_SHAPE } from '../../../../src/contract/masters/groups';
import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { actorName } from '../actor';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness, maxIso } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { assertShapeUnique, listDeclarationOf } from '../../../shared/masterShape';
import { createRecordRoute, detailRoute, listRoute, updateRecordRoute, writeRoute } from '../../../shared/routes';
import { namedColumns, updateColumns } from '../../../shared/partialUpdate';
import { pharmaciesWhere } from '../pharmacies/routes';
import { PharmacySchema } from '../pharmacies/schema';
import { GroupPharmacyInputSchema, GroupSchema, GroupWrite } from './schema';
import { GROUP_SEARCH } from './search';

type Group = z.infer<typeof GroupSchema>;
type GroupDetail = z.infer<typeof GroupDetailSchema>;

// pharmacies_count is kept by triggers on group_pharmacies (core migration 3).
const GROUP_SELECT = 'g.id, g.name, g.pharmacies_count, g.created_at, g.updated_at, g.created_by, g.updated_by';

/** A group with its pharmacies (here, not in schema.ts: see there). */
const GroupDetailSchema = GroupSchema.extend({ pharmacies: z.array(PharmacySchema) }).openapi('GroupDetail');

/** Sorts, search and fields from the contract's shape; the SELECT, the candidate filter and membership stay here. */
export const GROUP_LIST = listDeclarationOf(GROUP_SHAPE, {
  alias: 'g',
  search: GROUP_SEARCH,
  filters: {
    without_pharmacy_id: {
      label: '薬局ID',
      schema: z.string().regex(/^\d{1,12}$/).optional().openapi({ description: 'この薬局が所属していない近隣グループのみ (薬局の参加候補)' }),
      example: '1',
    },
  },
});

export const UNKNOWN_PHARMACY = '存在しない薬局が指定されました。';

const tags = ['core: groups'];

const listGroupsRoute = listRoute(GROUP_LIST, GroupSchema, tags);
const getRoute = detailRoute(GROUP_LIST.path, GroupDetailSchema, '近隣グループ詳細 (所属薬局を含む)', tags, { etag: true });

const write = (summary: string, responseDescription: string) =>
  ({ body: GroupWrite.create, response: GroupDetailSchema, summary, responseDescription, tags });
const update = (summary: string, responseDescription: string) =>
  ({ body: GroupWrite.update, response: GroupDetailSchema, summary, responseDescription, tags, description: '送られなかった項目はそのまま。' });
const membership = (summary: string) =>
  ({ body: GroupPharmacyInputSchema, response: GroupDetailSchema, summary, responseDescription: '更新した近隣グループ', tags });

const createGroupRoute = createRecordRoute(GROUP_LIST.path, write('近隣グループ登録', '登録した近隣グループ'));
const updateRoute = updateRecordRoute(GROUP_LIST.path, update('近隣グループ更新', '更新した近隣グループ'));
const joinRoute = writeRoute('post', `${GROUP_LIST.path}/{id}/pharmacy`, membership('近隣グループに薬局を追加 (x-store-cache-control: clear)'));
const leaveRoute = writeRoute('delete', `${GROUP_LIST.path}/{id}/pharmacy`, membership('近隣グループから薬局を外す (x-store-cache-control: clear)'));

function findGroup(db: DB, id: number): Group | undefined {
  return db.prepare(`SELECT ${GROUP_SELECT} FROM groups g WHERE g.id = @id`).get({ id }) as Group | undefined;
}

function groupDetail(db: DB, id: number): GroupDetail {
  const group = findGroup(db, id);
  if (!group) throw notFoundError();
  return { ...group, pharmacies: pharmaciesWhere(db, 'p.id IN (SELECT pharmacy_id FROM group_pharmacies WHERE group_id = @id)', { id }) };
}

function assertPharmacyExists(db: DB, pharmacyId: number): void {
  if (!db.prepare('SELECT 1 FROM pharmacies WHERE id = @pharmacyId').get({ pharmacyId })) {
    throw validationError({ pharmacy_id: [`${UNKNOWN_PHARMACY}(ID: ${pharmacyId})`] });
  }
}

/**
 * Neighbour groups (spec section 7 "Groups"): list, detail with its pharmacies, create, rename,
 * and one pharmacy at a time joining or leaving. Joining twice or leaving a group the pharmacy
 * is not in changes nothing and answers the group as it is.
 */
export function registerGroupRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db } = ctx;
  const stamp = (c: Context<AuthEnv>) => ({ at: ctx.now().toISOString(), by: actorName(db, c.get('principal')) });

  app.openapi(listGroupsRoute, (c) => {
    const q = c.req.valid('query');
    return answerList<Group>(c, db, q, GROUP_LIST, {
      select: GROUP_SELECT,
      from: 'FROM groups g',
      alias: 'g',
      idColumn: 'g.id',
      tables: ['groups', 'group_pharmacies'],
      filters: [
        q.without_pharmacy_id && [
          'NOT EXISTS (SELECT 1 FROM group_pharmacies gp WHERE gp.pharmacy_id = @without_pharmacy_id AND gp.group_id = g.id)',
          { without_pharmacy_id: Number(q.without_pharmacy_id) },
        ],
      ],
    });
  });

  app.openapi(getRoute, (c) => {
    const detail = groupDetail(db, Number(c.req.valid('param').id));
    const fresh = checkFreshness(c, maxIso(detail.updated_at, ...detail.pharmacies.map((p) => p.updated_at)));
    if (fresh) return fresh;
    return c.json(detail, 200);
  });

  app.openapi(createGroupRoute, (c) => {
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    const id = db.transaction(() => {
      assertShapeUnique(db, 'groups', GROUP_SHAPE, body, null);
      const info = db
        .prepare('INSERT INTO groups (name, created_at, updated_at, created_by, updated_by) VALUES (@name, @at, @at, @by, @by)')
        .run({ name: body.name, at, by });
      return Number(info.lastInsertRowid);
    })();
    c.header('x-last-updated', tablesVersion(db, 'groups') ?? at);
    return c.json(groupDetail(db, id), 201);
  });

  app.openapi(updateRoute, (c) => {
    const id = Number(c.req.valid('param').id);
    const body = c.req.valid('json');
    const { at, by } = stamp(c);
    db.transaction(() => {
      const current = findGroup(db, id);
      if (!current) throw notFoundError();
      assertRowCurrent(c, db, 'groups', id);
      assertShapeUnique(db, 'groups', GROUP_SHAPE, body, id);
      updateColumns(db, 'groups', id, namedColumns(body, ['name']), { updated_at: at, updated_by: by });
    })();
    c.header('x-last-updated', tablesVersion(db, 'groups') ?? at);
    return c.json(groupDetail(db, id), 200);
  });

  /** Joins or leaves in one transaction; the group's updated_at moves only when membership changed. */
  const changeMembership = (c: Context<AuthEnv>, id: number, pharmacyId: number, join: boolean) => {
    const { at, by } = stamp(c);
    const changed = db.transaction(() => {
      if (!findGroup(db, id)) throw notFoundError();
      assertPharmacyExists(db, pharmacyId);
      const written = join
        ? db.prepare('INSERT OR IGNORE INTO group_pharmacies (group_id, pharmacy_id, created_at) VALUES (@id, @pharmacyId, @at)').run({ id, pharmacyId, at })
        : db.prepare('DELETE FROM group_pharmacies WHERE group_id = @id AND pharmacy_id = @pharmacyId').run({ id, pharmacyId });
      if (written.changes === 0) return false;
      db.prepare('UPDATE groups SET updated_at = @at, updated_by = @by WHERE id = @id').run({ at, by, id });
      return true;
    })();
    // Membership that did not change is no write: the stores keep what they cached (issue 40 item 3).
    if (changed) c.header('x-store-cache-control', 'clear');
    return c.json(groupDetail(db, id), 200);
  };

  app.openapi(joinRoute, (c) => changeMembership(c, Number(c.req.valid('param').id), c.req.valid('json').pharmacy_id, true));
  app.openapi(leaveRoute, (c) => changeMembership(c, Number(c.req.valid('param').id), c.req.valid('json').pharmacy_id, false));
}
