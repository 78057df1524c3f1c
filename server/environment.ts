import { join } from 'node:path';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { CableEndpoint, CableServer } from './cable';
import type { DB } from './db/open';
import { createJobRunner, openJobsDb, type LocalJobRunner } from './jobs/runner';
import { createCoreService, openCoreDb } from './services/core';
import { coreMasterReader, seedPublishedRows } from './services/core/masterFiles/publishedRows';
import type { SeedScale } from './db/seedCatalogue';
import { createLegacyService, openLegacyDb } from './services/legacy';
import { createMedorderService, openMedorderDb } from './services/medorder';
import { coreStaffNames } from './services/core/actor';
import type { AuthEnv, AuthSettings } from './shared/auth';
import { corePharmacyRights } from './services/core/pharmacyUsers/rights';
import type { IdentityManagement } from './shared/identityManagement';
import { listWorkGuard, type FairnessBudget } from './shared/fairness';
import { createListCaller, listWorkOf, lookupListPaths, type Dispatch } from './shared/listLookups';
import { createEnvironmentStorage, type LocalStorage } from './storage';
import { createWarehouse, type Warehouse } from './warehouse/warehouse';

export type EnvironmentName = 'production' | 'demo';

export interface EnvironmentOptions {
  name: EnvironmentName;
  /** DATA_DIR: blob storage (`storage/<name>/`) and its signing key live here. */
  dataDir: string;
  /** This environment's databases: DATA_DIR for production, DATA_DIR/demo for the demo. */
  dir: string;
  seed: number;
  scale?: SeedScale;
  /** Where its routes are mounted: `''` (production) or `/demo`. */
  prefix: string;
  /**
   * Token settings of this environment (its own audience, so a token of the other is refused) and
   * the identity store's session look-up; the pharmacy rights come from this environment's core.
   */
  auth: Omit<AuthSettings, 'access'> & { session: AuthSettings['access']['session'] };
  now: () => Date;
  identity: IdentityManagement;
  /** The process's cable server; the environment opens its endpoint `{prefix}/cable` on it. */
  cables: CableServer;
  /**
   * The composed app's request handling: the lookups batch (core) runs its list calls through it,
   * so a call to the ordering service's list meets every check a direct call would.
   */
  dispatch: Dispatch;
  /** The process's per-user budget of list work (one request thread serves both environments). */
  fairness: FairnessBudget;
}

/** One environment's services and the shared pieces they were given. */
export interface Environment {
  name: EnvironmentName;
  prefix: string;
  /** Hono apps to mount at `{prefix}/core`, `{prefix}/medorder`, `{prefix}/legacy`. */
  services: { core: OpenAPIHono<AuthEnv>; medorder: OpenAPIHono<AuthEnv>; legacy: OpenAPIHono<AuthEnv> };
  storage: LocalStorage;
  /** To mount at `{prefix}/storage`. */
  storageRoutes: Hono;
  jobs: LocalJobRunner;
  cable: CableEndpoint;
  warehouse: Warehouse;
  close(): void;
}

/**
 * Opens an environment: its cable endpoint, storage and job runner first, then the services,
 * each given its own database and those shared pieces (as core is given `identity`).
 */
export function createEnvironment(options: EnvironmentOptions): Environment {
  const { name, dir, prefix, now, identity } = options;
  const core = openCoreDb(dir, options.seed, options.scale ?? 'small');
  // Every service of the environment (and its cable) checks tokens and rights the same way.
  const { session, ...jwt } = options.auth;
  const auth: AuthSettings = { ...jwt, access: { session, pharmacyRights: corePharmacyRights(core) } };
  const cable = options.cables.endpoint(`${prefix}/cable`, auth);
  const { storage, routes: storageRoutes } = createEnvironmentStorage({ dataDir: options.dataDir, environment: name, prefix, now });
  const jobsDb = openJobsDb(dir);
  const jobs = createJobRunner({ db: jobsDb, now });
  const medorder = openMedorderDb(dir, options.seed, options.scale ?? 'small', seedPublishedRows);
  const legacy = openLegacyDb(dir);
  const dbs: DB[] = [jobsDb, core, medorder, legacy];
  const warehouse = createWarehouse({ file: join(dir, 'warehouse.duckdb'), projectId: `cs-portal-${name}`, sources: { core, medorder }, now });
  // The lists the batch may run, and that count as list work: read from the services' own route
  // declarations once they exist (the guard and the batch ask only when a request comes).
  let lookupPaths: ReadonlySet<string> = new Set();
  const listWork = listWorkGuard(options.fairness, listWorkOf(prefix, () => lookupPaths));
  const shared = { auth, now, storage, jobs, cable, listWork };
  const services = {
    core: createCoreService({ db: core, identity, warehouse, lists: createListCaller(prefix, options.dispatch, () => lookupPaths), ...shared }),
    // The ordering service reads core's imported master rows through this reader, never core's file.
    medorder: createMedorderService({ db: medorder, ...shared }, coreMasterReader(core, storage), coreStaffNames(core)),
    legacy: createLegacyService({ db: legacy, ...shared }),
  };
  lookupPaths = lookupListPaths(services);

  return {
    name,
    prefix,
    services,
    storage,
    storageRoutes,
    jobs,
    cable,
    warehouse,
    close() {
      jobs.stop();
      warehouse.close();
      for (const db of dbs) if (db.open) db.close();
    },
  };
}
