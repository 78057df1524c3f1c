import type { OpenAPIHono } from '@hono/zod-openapi';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { createApi } from '../../shared/openapi';
import { registerCompanyRoutes } from './companies';
import { registerDealerRoutes } from './dealers';
import { registerPharmacyRoutes } from './pharmacies';
import { registerUserRoutes } from './users';

/** The core service: routes under `/api/v2/...`, mounted at `/core` and `/demo/core`. */
export function createCoreService(ctx: ServiceContext): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth));
  registerUserRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPharmacyRoutes(app, ctx);
  registerDealerRoutes(app, ctx);
  return app;
}
