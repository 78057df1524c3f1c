import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { DB } from '../../../db/open';
import type { AuthEnv } from '../../../shared/auth';
import { ApiError, MESSAGES, notFoundError } from '../../../shared/errors';
import { IdentityManagementError } from '../../../shared/identityManagement';
import { readRoute, writeRoute } from '../../../shared/routes';
import type { CoreServiceContext } from '../context';
import { ChangePasswordInputSchema, CoreUserSchema, MessageSchema, RestoreResultSchema } from './schema';

type CoreUser = z.infer<typeof CoreUserSchema>;

export const PASSWORD_MISMATCH = '2つの入力値が異なります。';
export const PASSWORD_CHANGED = 'パスワードが変更されました。';
export const CURRENT_PASSWORD_WRONG = '現在のパスワードが正しくありません。';

const tags = ['core: users'];

const meRoute = readRoute('/api/v2/common/users/me', { summary: 'サインイン中のユーザ', tags, response: CoreUserSchema, responseDescription: 'ユーザ' });

const changePasswordRoute = writeRoute('post', '/api/v2/common/users/change_password', {
  summary: '自分のパスワード変更 (認証基盤のユーザを更新する)',
  description:
    '現在のパスワードが正しく、2つの入力値が一致し、パスワードポリシー (8文字以上、大文字・小文字・数字を含む、記号は !@#$%^&* のみ、128文字以内) を満たすこと。' +
    'ポリシー違反は 422 {"errors": ["PasswordStrengthError: Password is too weak"]}。リフレッシュトークンはすべて失効し、発行済みのアクセストークンは期限まで有効。',
  tags,
  body: ChangePasswordInputSchema,
  response: MessageSchema,
  responseDescription: '変更しました',
});

const restoreRoute = writeRoute('post', '/api/v2/common/users/restore', {
  summary: 'ユーザ復元: 認証基盤の薬局IDをデータベースの薬局IDに合わせる',
  description: '復元前の認証基盤 (app_metadata.pharmacy_ids) とデータベースの薬局IDを返し、認証基盤側をデータベース側で上書きする。',
  tags,
  body: z.object({}).openapi('RestoreInput'),
  response: RestoreResultSchema,
  responseDescription: '復元前の両方の薬局ID',
});

type CoreUserRow = Omit<CoreUser, 'pharmacy_ids'> & { pharmacy_ids: string };

function coreUserOf(db: DB, sub: string): CoreUser {
  const row = db
    .prepare(
      `SELECT id, user_id, auth0_user_id, name, email, role, pharmacy_ids, created_at, updated_at
       FROM users WHERE auth0_user_id = @sub`,
    )
    .get({ sub }) as CoreUserRow | undefined;
  if (!row) throw notFoundError();
  return { ...row, pharmacy_ids: JSON.parse(row.pharmacy_ids) as number[] };
}

/** The identity provider's refusals become the API's error list, its message passed through. */
async function identityCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityManagementError) {
      if (error.statusCode === 429) throw new ApiError(429, [MESSAGES.tooManyRequests]);
      throw error.statusCode === 404 ? notFoundError() : new ApiError(422, [error.message]);
    }
    throw error;
  }
}

export function registerUserRoutes(app: OpenAPIHono<AuthEnv>, ctx: CoreServiceContext): void {
  app.openapi(meRoute, (c) => c.json(coreUserOf(ctx.db, c.get('principal').sub), 200));

  app.openapi(changePasswordRoute, async (c) => {
    const body = c.req.valid('json');
    const { sub, sessionId } = c.get('principal');
    if (body.new_password !== body.new_password_again) throw new ApiError(422, [PASSWORD_MISMATCH]);
    // A stolen access token alone must not be enough to take the account over.
    if (!(await identityCall(() => ctx.identity.checkPassword(sub, body.current_password)))) {
      throw new ApiError(422, [CURRENT_PASSWORD_WRONG], { current_password: [CURRENT_PASSWORD_WRONG] });
    }
    // Every other session of the user ends now, whenever it began (one signed in with the old
    // password a minute ago too); the session making the change goes on.
    await identityCall(() => ctx.identity.updateUser(sub, { password: body.new_password, keep_session: sessionId }));
    return c.json({ message: PASSWORD_CHANGED }, 200);
  });

  app.openapi(restoreRoute, async (c) => {
    const sub = c.get('principal').sub;
    const dbPharmacyIds = coreUserOf(ctx.db, sub).pharmacy_ids;
    const identityUser = ctx.identity.getUser(sub);
    if (!identityUser) throw notFoundError();
    const auth0PharmacyIds = [...identityUser.app_metadata.pharmacy_ids];
    await identityCall(() => ctx.identity.updateUser(sub, { app_metadata: { pharmacy_ids: dbPharmacyIds } }));
    return c.json({ auth0_pharmacy_ids: auth0PharmacyIds, db_pharmacy_ids: dbPharmacyIds, restored: true as const }, 200);
  });
}
