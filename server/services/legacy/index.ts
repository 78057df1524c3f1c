import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { join } from 'node:path';
import { openDatabase, type DB } from '../../db/open';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { commonErrors, createApi, jsonResponse, SECURITY } from '../../shared/openapi';
import { registerLegacyStockRoutes } from './stocks/routes';
import { legacyMigrations } from './migrations';

/** Legacy v1 skeleton (`/api/v1/...`, its own database; routes come in later issues). */
export function openLegacyDb(dir: string): DB {
  return openDatabase(join(dir, 'legacy.sqlite'), legacyMigrations);
}

const pingRoute = createRoute({
  method: 'get',
  path: '/api/v1/ping',
  summary: '疎通確認',
  tags: ['legacy'],
  security: SECURITY,
  responses: { 200: jsonResponse(z.object({ ok: z.boolean() }), 'OK'), ...commonErrors },
});

export function createLegacyService(ctx: ServiceContext): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth), ctx.listWork);
  app.openapi(pingRoute, (c) => c.json({ ok: true }, 200));
  registerLegacyStockRoutes(app, ctx);
  return app;
}
