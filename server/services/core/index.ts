import type { OpenAPIHono } from '@hono/zod-openapi';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ListDeclaration } from '../../shared/listEndpoint';
import { createApi } from '../../shared/openapi';
import { registerAdminUserRoutes, USER_LIST } from './adminUsers';
import { COMPANY_LIST, registerCompanyRoutes } from './companies';
import type { CoreServiceContext } from './context';
import { DEALER_LIST, registerDealerRoutes } from './dealers';
import { ETHICAL_MEDICINE_LIST, registerEthicalMedicineRoutes } from './ethicalMedicines';
import { GROUP_LIST, registerGroupRoutes } from './groups';
import { LICENSE_EXPIRY_LIST, registerLicenseRoutes } from './licenses';
import { registerInquiryRoutes } from './inquiries';
import { registerManualCategoryRoutes } from './manualCategories';
import { registerManualFileRoutes } from './manualFiles';
import { registerNsipsRoutes } from './nsipses';
import { MANUAL_LIST, registerManualRoutes } from './manuals';
import { PHARMACY_LIST, registerPharmacyRoutes } from './pharmacies';
import { registerPostalCodeRoutes } from './postalCodes';
import { registerPharmacySideRoutes } from './pharmacyForPharmacy';
import { PHARMACY_USER_LIST, registerPharmacyUserRoutes } from './pharmacyUsers';
import { registerUserRoutes } from './users';
import { registerWarehouseRoutes } from './warehouse';

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
  registerGroupRoutes(app, ctx);
  registerLicenseRoutes(app, ctx);
  registerPostalCodeRoutes(app);
  registerInquiryRoutes(app, ctx);
  registerManualCategoryRoutes(app, ctx);
  registerManualRoutes(app, ctx);
  registerManualFileRoutes(app, ctx);
  registerPharmacySideRoutes(app, ctx);
  registerEthicalMedicineRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerPharmacyUserRoutes(app, ctx);
  registerWarehouseRoutes(app, ctx);
  registerNsipsRoutes(app, ctx);
  return app;
}

/** Every list the core service declares: the contract test and the API bench iterate over these. */
export const CORE_LISTS: readonly ListDeclaration[] = [COMPANY_LIST, GROUP_LIST, PHARMACY_LIST, DEALER_LIST, LICENSE_EXPIRY_LIST, MANUAL_LIST, ETHICAL_MEDICINE_LIST, USER_LIST];

/** Lists under another record's path ({id}): the API bench asks each with a real id (`requires`); the contract test iterates CORE_LISTS. */
export const CORE_NESTED_LISTS: readonly ListDeclaration[] = [PHARMACY_USER_LIST];
