import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { DB } from '../../../db/open';
import type { AuthEnv } from '../../../shared/auth';
import { notFoundError, validationError } from '../../../shared/errors';
import { answerList, listQuerySchema, type ListDeclaration } from '../../../shared/listEndpoint';
import { listHeaders } from '../../../shared/openapi';
import { readRoute, writeRoute } from '../../../shared/routes';
import { actorName } from '../actor';
import type { CoreServiceContext } from '../context';
import { USER_SEARCH } from '../users/search';
import { changeUserPharmacies } from '../users/identitySync';
import { PharmacyUserInputSchema, PharmacyUserRemoveSchema, PharmacyUserResultSchema, PharmacyUserSchema, type Permission } from '../users/schema';

type PharmacyUser = z.infer<typeof PharmacyUserSchema>;

export const UNKNOWN_USER = (id: number) => `存在しないユーザが指定されました。(ID: ${id})`;
export const ADMIN_CANNOT_JOIN = '管理ユーザは薬局に所属できません。';

/** A pharmacy's users: the list contract of every master, under the pharmacy's own path (the API bench asks it of the first pharmacy by id, which has users in the seed). */
export const PHARMACY_USER_LIST = {
  base: '/core',
  path: '/api/v2/admin/pharmacies/{id}/users' as const,
  summary: '薬局のユーザ一覧 (権限つき)',
  sortColumns: { id: 'u.id', name: 'u.name', email: 'u.email', updated_at: 'u.updated_at' },
  defaultSort: 'id',
  filters: {},
  search: USER_SEARCH,
  fields: ['id', 'name', 'email', 'permission', 'created_at', 'updated_at'],
  requires: { id: { from: '/core/api/v2/admin/pharmacies?sort=id' } },
} satisfies ListDeclaration;

const tags = ['core: pharmacy users'];
const RESULT_DESCRIPTION = '変更後の所属 (permission が null なら所属なし)';

const listRoute = readRoute(PHARMACY_USER_LIST.path, {
  summary: PHARMACY_USER_LIST.summary,
  tags,
  query: listQuerySchema(PHARMACY_USER_LIST),
  response: z.array(PharmacyUserSchema.partial()),
  headers: listHeaders,
  notModified: true,
});

const joinRoute = writeRoute('post', PHARMACY_USER_LIST.path, {
  body: PharmacyUserInputSchema,
  response: PharmacyUserResultSchema,
  summary: '薬局にユーザを追加、または権限 (read / write) を切り替える (x-store-cache-control: clear)',
  description: '認証基盤の app_metadata.pharmacy_ids も同時に更新する。認証基盤が拒否すれば何も保存しない。',
  responseDescription: RESULT_DESCRIPTION,
  tags,
});

const leaveRoute = writeRoute('delete', PHARMACY_USER_LIST.path, {
  body: PharmacyUserRemoveSchema,
  response: PharmacyUserResultSchema,
  summary: '薬局からユーザを外す (x-store-cache-control: clear)',
  description: '認証基盤の app_metadata.pharmacy_ids も同時に更新する。所属していなければ何もしない。',
  responseDescription: RESULT_DESCRIPTION,
  tags,
});

const assertPharmacy = (db: DB, id: number) => {
  if (!db.prepare('SELECT 1 FROM pharmacies WHERE id = @id').get({ id })) throw notFoundError();
};

/** The user a membership change names: it must exist and be a pharmacy user. */
function pharmacyUser(db: DB, userId: number): void {
  const user = db.prepare('SELECT role FROM users WHERE id = @userId').get({ userId }) as { role: string } | undefined;
  if (!user) throw validationError({ user_id: [UNKNOWN_USER(userId)] });
  if (user.role !== 'pharmacy') throw validationError({ user_id: [ADMIN_CANNOT_JOIN] });
}

const permissionOf = (db: DB, pharmacyId: number, userId: number) =>
  (db.prepare('SELECT permission FROM pharmacy_users WHERE pharmacy_id = @pharmacyId AND user_id = @userId').get({ pharmacyId, userId }) as
    { permission: Permission } | undefined)?.permission ?? null;

/**
 * A pharmacy's users (spec section 7): list with permission, join or switch read/write, leave.
 * Each change goes through changeUserPharmacies, which keeps the identity store's
 * app_metadata.pharmacy_ids equal to core's or saves nothing.
 */
export function registerPharmacyUserRoutes(app: OpenAPIHono<AuthEnv>, ctx: CoreServiceContext): void {
  const { db } = ctx;

  app.openapi(listRoute, (c) => {
    const pharmacyId = Number(c.req.valid('param').id);
    const q = c.req.valid('query');
    assertPharmacy(db, pharmacyId);
    return answerList<PharmacyUser>(c, db, q, PHARMACY_USER_LIST, {
      select: 'u.id, u.name, u.email, pu.permission, pu.created_at, u.updated_at',
      from: 'FROM pharmacy_users pu JOIN users u ON u.id = pu.user_id',
      alias: 'u',
      idColumn: 'u.id',
      tables: ['users', 'pharmacy_users'],
      filters: [['pu.pharmacy_id = @pharmacy_id', { pharmacy_id: pharmacyId }]],
    });
  });

  const change = async (pharmacyId: number, userId: number, permission: Permission | null, by: string) => {
    assertPharmacy(db, pharmacyId);
    pharmacyUser(db, userId);
    const at = ctx.now().toISOString();
    await changeUserPharmacies(db, ctx.identity, userId, () => {
      // Checked again inside the write: the pharmacy or the user may have gone while waiting.
      assertPharmacy(db, pharmacyId);
      pharmacyUser(db, userId);
      const current = permissionOf(db, pharmacyId, userId);
      if (current === permission) return;
      if (permission === null) {
        db.prepare('DELETE FROM pharmacy_users WHERE pharmacy_id = @pharmacyId AND user_id = @userId').run({ pharmacyId, userId });
      } else {
        db.prepare(
          `INSERT INTO pharmacy_users (pharmacy_id, user_id, permission, created_at, updated_at) VALUES (@pharmacyId, @userId, @permission, @at, @at)
           ON CONFLICT (pharmacy_id, user_id) DO UPDATE SET permission = excluded.permission, updated_at = excluded.updated_at`,
        ).run({ pharmacyId, userId, permission, at });
      }
      db.prepare('UPDATE users SET updated_at = @at, updated_by = @by WHERE id = @userId').run({ at, by, userId });
      // The user's open websockets are judged again in this same turn: a subscription to a room
      // of a pharmacy they left ends now, not at the next ping (the cable also checks before
      // every broadcast, so nothing reaches them in between either).
      const sub = db.prepare('SELECT auth0_user_id FROM users WHERE id = @userId').pluck().get({ userId }) as string;
      ctx.cable.recheckUser(sub);
    });
    return { user_id: userId, pharmacy_id: pharmacyId, permission: permissionOf(db, pharmacyId, userId) };
  };

  app.openapi(joinRoute, async (c) => {
    const { user_id, permission } = c.req.valid('json');
    const result = await change(Number(c.req.valid('param').id), user_id, permission, actorName(db, c.get('principal')));
    c.header('x-store-cache-control', 'clear');
    return c.json(result, 200);
  });

  app.openapi(leaveRoute, async (c) => {
    const { user_id } = c.req.valid('json');
    const result = await change(Number(c.req.valid('param').id), user_id, null, actorName(db, c.get('principal')));
    c.header('x-store-cache-control', 'clear');
    return c.json(result, 200);
  });
}
