import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { notFoundError } from '../../shared/errors';
import { commonErrors, jsonResponse, SECURITY } from '../../shared/openapi';
import { CoreUserSchema } from './schemas';

type CoreUser = z.infer<typeof CoreUserSchema>;

const meRoute = createRoute({
  method: 'get',
  path: '/api/v2/common/users/me',
  summary: 'サインイン中のユーザ',
  tags: ['core: users'],
  security: SECURITY,
  responses: { 200: jsonResponse(CoreUserSchema, 'ユーザ'), ...commonErrors },
});

export function registerUserRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  app.openapi(meRoute, (c) => {
    const row = ctx.db
      .prepare(
        `SELECT id, user_id, auth0_user_id, name, email, role, pharmacy_ids, created_at, updated_at
         FROM users WHERE auth0_user_id = ?`,
      )
      .get(c.get('principal').sub) as (Omit<CoreUser, 'pharmacy_ids'> & { pharmacy_ids: string }) | undefined;
    if (!row) throw notFoundError();
    return c.json({ ...row, pharmacy_ids: JSON.parse(row.pharmacy_ids) as number[] }, 200);
  });
}
