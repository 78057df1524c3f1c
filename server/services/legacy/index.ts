import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { join } from 'node:path';
import { openDatabase, type DB } from '../../db/open';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { createApi } from '../../shared/openapi';
import { readRoute } from '../../shared/routes';
import { registerLegacyStockRoutes } from './stocks/routes';
import { legacyMigrations } from './migrations';

/** Legacy v1 skeleton (`/api/v1/...`, its own database; routes come in later issues). */
export function openLegacyDb(dir: string): DB {
  return openDatabase(join(dir, 'legacy.sqlite'), legacyMigrations);
}

const pingRoute = readRoute('/api/v1/ping', { response: z.object({ ok: z.boolean() }), responseDescription: 'OK', summary: '疎通確認', tags: ['legacy'] });

export function createLegacyService(ctx: ServiceContext): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth), ctx.listWork);
  app.openapi(pingRoute, (c) => c.json({ ok: true }, 200));
  registerLegacyStockRoutes(app, ctx);
  return app;
}
