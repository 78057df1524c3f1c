import type { OpenAPIHono } from '@hono/zod-openapi';
import { join } from 'node:path';
import { openDatabase, type DB } from '../../db/open';
import { requestThreadCheckpointsOff, WAL_CHECKPOINT_MS } from '../../db/walCheckpoint';
import { runOffThread } from '../../jobs/offThread';
import type { SeedScale } from '../../db/seedCatalogue';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ListDeclaration } from '../../shared/listEndpoint';
import { createApi } from '../../shared/openapi';
import { registerAdminUserRoutes, USER_LIST } from './users/routes';
import { COMPANY_LIST, registerCompanyRoutes } from './companies/routes';
import type { CoreServiceContext } from './context';
import { coreMigrations } from './migrations';
import { ETHICAL_MEDICINE_LIST, MASTER_JOB_START_PATHS, registerEthicalMedicineRoutes } from './ethicalMedicines/routes';
import { GROUP_LIST, registerGroupRoutes } from './groups/routes';
import { LICENSE_EXPIRY_LIST, registerLicenseRoutes } from './licenses/routes';
import { registerInquiryRoutes } from './inquiries/routes';
import { registerManualCategoryRoutes } from './manuals/categoryRoutes';
import { registerManualFileRoutes } from './manuals/fileRoutes';
import { registerNsipsRoutes } from './nsips/routes';
import { MANUAL_LIST, registerManualRoutes } from './manuals/routes';
import { PHARMACY_LIST, registerPharmacyRoutes } from './pharmacies/routes';
import { registerPostalCodeRoutes } from './postalCodes/routes';
import { registerPharmacySideRoutes } from './pharmacies/pharmacySideRoutes';
import { PHARMACY_USER_LIST, registerPharmacyUserRoutes } from './pharmacyUsers/routes';
import { registerUserRoutes } from './users/accountRoutes';
import { registerWarehouseRoutes, WAREHOUSE_COPY_PATH } from './warehouse/routes';
import { syncPaperTrail } from '../../db/paperTrail';
import { CORE_ACTOR_SQL, versionedTables } from './versions/masters';
import { registerCoreVersionRoutes } from './versions/routes';
import { versionActor } from '../../shared/versionRoutes';
import { LOOKUPS_PATH, registerLookupRoutes } from './lookups/routes';
import { writeTurns } from '../../shared/writeTurns';
import { createUploadLinks } from '../../shared/uploadLinks';
import { registerRecordEtags } from '../../shared/conditionalWrite';
import { CORE_VERSIONED_RECORDS } from './versionedRecords';
import { CORE_PLAIN_LISTS, CORE_PLAIN_MASTERS, CORE_PLAIN_VERSIONED, DEALER_MASTER, ensurePlainMasterTables, registerPlainMasterRoutes } from './plainMasters';

/** The core service's database (its own file), migrated in the order of `coreMigrations`, with its masters' version triggers as their shapes are now. */
export function openCoreDb(dir: string, seed: number, scale: SeedScale): DB {
  const db = openDatabase(join(dir, 'core.sqlite'), coreMigrations(seed, scale));
  // The plain masters' tables follow their shapes: made, or grown by the fields a shape gained.
  ensurePlainMasterTables(db);
  syncPaperTrail(db, versionedTables(db), CORE_ACTOR_SQL);
  // Master imports commit from a job process: the chore below checkpoints, never this thread.
  requestThreadCheckpointsOff(db);
  return db;
}

/**
 * The core service: routes under `/api/v2/...`, mounted at `/core` and `/demo/core`. It reaches the
 * identity provider only through `ctx.identity`.
 */
export function createCoreService(ctx: CoreServiceContext): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  // Every write's versions name the request's user (versions/, issue 39).
  // Each write takes its turn at core's write lock without holding the thread (a job process's import
  // may hold it for seconds); the lookups batch only reads, and the job starts write the job store.
  const untouched = [LOOKUPS_PATH, ...MASTER_JOB_START_PATHS, WAREHOUSE_COPY_PATH];
  app.use('/api/*', requireAuth(ctx.auth), ctx.listWork, versionActor(ctx), writeTurns(ctx.db, { untouched }));
  // The request thread never checkpoints core (openCoreDb): the master lane does, a turn at a time.
  // One that ends after the environment closed (its files may be gone) is moot, not a failure.
  ctx.jobs.every('core_wal_checkpoint', WAL_CHECKPOINT_MS, () =>
    runOffThread('walCheckpoint', { dbFile: ctx.db.name }).catch((e: unknown) => {
      if (ctx.db.open) throw e;
    }),
  );
  // Every kind of upload link is bounded per user and swept the same way.
  const uploads = createUploadLinks(ctx.db, ctx.storage, ctx.now);
  // In front of the routes: each versioned record's answers carry its ETag.
  registerRecordEtags(app, ctx.db, [...CORE_VERSIONED_RECORDS, ...CORE_PLAIN_VERSIONED.filter((record) => !CORE_VERSIONED_RECORDS.some((known) => known.path === record.path))]);
  registerUserRoutes(app, ctx);
  registerCompanyRoutes(app, ctx);
  registerPharmacyRoutes(app, ctx);
  // The dealers keep their place, so the OpenAPI document lists its paths in the same order.
  registerPlainMasterRoutes(app, ctx, [DEALER_MASTER]);
  registerGroupRoutes(app, ctx);
  registerLicenseRoutes(app, ctx, uploads);
  registerPostalCodeRoutes(app);
  registerInquiryRoutes(app, ctx, uploads);
  registerManualCategoryRoutes(app, ctx);
  registerManualRoutes(app, ctx);
  registerManualFileRoutes(app, ctx, uploads);
  registerPharmacySideRoutes(app, ctx);
  registerEthicalMedicineRoutes(app, ctx);
  registerAdminUserRoutes(app, ctx);
  registerPharmacyUserRoutes(app, ctx);
  registerWarehouseRoutes(app, ctx);
  registerNsipsRoutes(app, ctx);
  registerPlainMasterRoutes(app, ctx, CORE_PLAIN_MASTERS.filter((master) => master !== DEALER_MASTER));
  registerLookupRoutes(app, ctx.lists);
  registerCoreVersionRoutes(app, ctx);
  return app;
}

/** Every list the core service declares: the contract test and the API bench iterate over these. */
export const CORE_LISTS: readonly ListDeclaration[] = [COMPANY_LIST, GROUP_LIST, PHARMACY_LIST, LICENSE_EXPIRY_LIST, MANUAL_LIST, ETHICAL_MEDICINE_LIST, USER_LIST, ...CORE_PLAIN_LISTS];

/** Lists under another record's path ({id}): the API bench asks each with a real id (`requires`); the contract test iterates CORE_LISTS. */
export const CORE_NESTED_LISTS: readonly ListDeclaration[] = [PHARMACY_USER_LIST];
