import type { OpenAPIHono } from '@hono/zod-openapi';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import { createApi } from '../../shared/openapi';
import { registerCompanyRoutes } from './companies';
import type { CoreServiceContext } from './context';
import { registerDealerRoutes } from './dealers';
import { registerPharmacyRoutes } from './pharmacies';
import { registerUserRoutes } from './users';

/**
 * The core service: routes under `/api/v2/...`, mounted at `/core` and `/demo/core`. It reaches the
 * identity provider only through `ctx.identity`.
 */
export function createCoreService(ctx: CoreServiceContext): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth));
  registerUserRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPharmacyRoutes(app, ctx);
  registerDealerRoutes(app, ctx);
  return app;
}
