import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertPharmacyRight, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { notFoundError } from '../../../shared/errors';
import { readRoute } from '../../../shared/routes';
import { pharmaciesWhere } from './routes';
import { PharmacySchema } from './schema';

/**
 * GET /api/v2/pharmacy/pharmacies/{id} (spec section 7): one pharmacy as the pharmacy-side API
 * answers it; staff read any, a pharmacy user only its own (the stock diff reads the name here).
 */
const route = readRoute('/api/v2/pharmacy/pharmacies/{id}', { summary: '薬局 (薬局向け)', tags: ['core: pharmacy'], response: PharmacySchema, responseDescription: '薬局' });

export function registerPharmacySideRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  app.openapi(route, (c) => {
    const id = Number(c.req.valid('param').id);
    assertPharmacyRight(c.get('principal'), id, 'read');
    const [pharmacy] = pharmaciesWhere(ctx.db, 'p.id = @id', { id });
    if (!pharmacy) throw notFoundError();
    return c.json(pharmacy, 200);
  });
}
