import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { USER_SHAPE } from '../../../../src/contract/masters/users';
import type { DB } from '../../../db/open';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import { notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness, maxIso } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { listDeclarationOf } from '../../../shared/masterShape';
import { createRecordRoute, detailRoute, listRoute } from '../../../shared/routes';
import { actorName } from '../actor';
import type { CoreServiceContext } from '../context';
import { generateInitialPassword } from './initialPassword';
import { USER_SEARCH } from './search';
import { identityCall } from './identitySync';
import { AdminUserDetailSchema, AdminUserSchema, DEFAULT_PERMISSION, UserCreatedSchema, UserWrite } from './schema';

type AdminUser = z.infer<typeof AdminUserSchema>;
type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const DUPLICATE_EMAIL = 'このメールアドレスはすでに登録されています。';
export const PHARMACY_REQUIRED = '薬局を選択してください。';
export const ADMIN_HAS_NO_PHARMACY = '管理ユーザには薬局を指定できません。';
export const unknownPharmacy = (id: number) => `存在しない薬局が指定されました。(ID: ${id})`;

const USER_SELECT = 'u.id, u.user_id, u.auth0_user_id, u.name, u.email, u.role, u.created_at, u.updated_at, u.created_by, u.updated_by';

/** Sorts, the role filter, search and fields from the contract's shape; the SELECT and the candidate filter stay here. */
export const USER_LIST = listDeclarationOf(USER_SHAPE, {
  alias: 'u',
  search: USER_SEARCH,
  filters: {
    without_pharmacy_id: {
      label: '薬局ID',
      schema: z.string().regex(/^\d{1,12}$/).optional().openapi({ description: 'この薬局に所属していないユーザのみ (薬局への追加候補)' }),
      example: '1',
    },
  },
});

const tags = ['core: users'];
const listUsersRoute = listRoute(USER_LIST, AdminUserSchema, tags);
const getUserRoute = detailRoute(USER_LIST.path, AdminUserDetailSchema, 'ユーザ詳細 (所属薬局と権限、認証基盤の app_metadata を含む)', tags);

const createUserRoute = createRecordRoute(USER_LIST.path, {
  body: UserWrite.create,
  response: UserCreatedSchema,
  summary: 'ユーザ登録 (初期パスワードを発行する)',
  description:
    '薬局ユーザ (role=pharmacy) は pharmacy_id と permission (read|write、省略時 write) が必要。初期パスワードはポリシー' +
    '(8文字以上、大文字・小文字・数字、記号は !@#$%^&*) を満たすものを生成し、この応答でのみ返す。認証基盤にはハッシュのみが保存され、すぐにサインインできる。',
  responseDescription: '登録したユーザと初期パスワード',
  tags,
});

function userDetail(db: DB, ctx: CoreServiceContext, id: number): AdminUserDetail {
  const user = db.prepare(`SELECT ${USER_SELECT}, u.pharmacy_ids FROM users u WHERE u.id = @id`).get({ id }) as
    (AdminUser & { pharmacy_ids: string }) | undefined;
  if (!user) throw notFoundError();
  const pharmacies = db
    .prepare(
      `SELECT p.id, p.name, p.micode, p.address1, p.ended_on, pu.permission FROM pharmacy_users pu
       JOIN pharmacies p ON p.id = pu.pharmacy_id WHERE pu.user_id = @id ORDER BY p.id`,
    )
    .all({ id }) as AdminUserDetail['pharmacies'];
  const identityUser = ctx.identity.getUser(user.auth0_user_id);
  return {
    ...user,
    pharmacy_ids: JSON.parse(user.pharmacy_ids) as number[],
    app_metadata: identityUser ? { pharmacy_ids: [...identityUser.app_metadata.pharmacy_ids] } : null,
    pharmacies,
  };
}

/** The create body's rules that span fields or need the database (the schema checked the rest). */
function checkNewUser(db: DB, body: z.infer<typeof UserWrite.create>): void {
  const errors: Record<string, string[]> = {};
  if (db.prepare('SELECT 1 FROM users WHERE email = @email COLLATE NOCASE').get({ email: body.email })) errors.email = [DUPLICATE_EMAIL];
  if (body.role === 'pharmacy') {
    if (body.pharmacy_id === undefined || body.pharmacy_id === null) errors.pharmacy_id = [PHARMACY_REQUIRED];
    else if (!db.prepare('SELECT 1 FROM pharmacies WHERE id = @id').get({ id: body.pharmacy_id })) errors.pharmacy_id = [unknownPharmacy(body.pharmacy_id)];
  } else if ((body.pharmacy_id ?? null) !== null || body.permission !== undefined) {
    errors.pharmacy_id = [ADMIN_HAS_NO_PHARMACY];
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}

/**
 * Users (spec section 7): the list, a user with its pharmacies, and creation. A new user is
 * created in the identity store first (it answers the duplicate e-mail and hashes the password),
 * then in core in one transaction; if core refuses, the identity user is deleted again.
 */
export function registerAdminUserRoutes(app: OpenAPIHono<AuthEnv>, ctx: CoreServiceContext): void {
  const { db } = ctx;

  app.openapi(listUsersRoute, (c) => {
    const q = c.req.valid('query');
    return answerList<AdminUser>(c, db, q, USER_LIST, {
      select: USER_SELECT,
      from: 'FROM users u',
      alias: 'u',
      idColumn: 'u.id',
      tables: ['users', 'pharmacy_users'],
      filters: [
        q.role && ['u.role = @role', { role: q.role }],
        q.without_pharmacy_id && [
          'NOT EXISTS (SELECT 1 FROM pharmacy_users pu WHERE pu.pharmacy_id = @without_pharmacy_id AND pu.user_id = u.id)',
          { without_pharmacy_id: Number(q.without_pharmacy_id) },
        ],
      ],
    });
  });

  app.openapi(getUserRoute, (c) => {
    const detail = userDetail(db, ctx, Number(c.req.valid('param').id));
    const fresh = checkFreshness(c, maxIso(detail.updated_at, tablesVersion(db, 'pharmacy_users')));
    if (fresh) return fresh;
    return c.json(detail, 200);
  });

  app.openapi(createUserRoute, async (c) => {
    const body = c.req.valid('json');
    checkNewUser(db, body);
    const pharmacyIds = body.role === 'pharmacy' ? [body.pharmacy_id!] : [];
    const permission = body.permission ?? DEFAULT_PERMISSION;
    const password = generateInitialPassword();
    const created = await identityCall(async () => {
      try {
        return await ctx.identity.createUser({ email: body.email, name: body.name, password, role: body.role, app_metadata: { pharmacy_ids: pharmacyIds } });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 409) throw validationError({ email: [DUPLICATE_EMAIL] });
        throw error;
      }
    });
    const at = ctx.now().toISOString();
    const by = actorName(db, c.get('principal'));
    let id: number;
    try {
      id = db.transaction(() => {
        checkNewUser(db, body);
        const userId = Number(
          db
            .prepare(
              `INSERT INTO users (user_id, auth0_user_id, name, email, role, created_at, updated_at, created_by, updated_by)
               VALUES (@userId, @sub, @name, @email, @role, @at, @at, @by, @by)`,
            )
            .run({ userId: created.user_id.replace(/^auth0\|/, ''), sub: created.user_id, name: body.name, email: body.email, role: body.role, at, by })
            .lastInsertRowid,
        );
        for (const pharmacyId of pharmacyIds) {
          db.prepare('INSERT INTO pharmacy_users (pharmacy_id, user_id, permission, created_at, updated_at) VALUES (@pharmacyId, @userId, @permission, @at, @at)')
            .run({ pharmacyId, userId, permission, at });
        }
        return userId;
      })();
    } catch (error) {
      // Nothing half-saved: the identity user goes again (core never saw it).
      await ctx.identity.deleteUser(created.user_id).catch(() => undefined);
      throw error;
    }
    c.header('x-last-updated', tablesVersion(db, 'users') ?? at);
    return c.json({ id, email: body.email, password }, 201);
  });
}

