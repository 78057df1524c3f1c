import type { MiddlewareHandler } from 'hono';
import type { DB } from '../db/open';
import type { AuthEnv, AuthSettings } from './auth';
import type { Cable } from './cable';
import type { JobRunner } from './jobs';
import type { BlobStorage } from './storage';

export interface ServiceContext {
  db: DB;
  auth: AuthSettings;
  now: () => Date;
  /** The environment's blob storage, job runner and cable endpoint (see docs/SERVER.md). */
  storage: BlobStorage;
  jobs: JobRunner;
  cable: Cable;
  /**
   * The fairness guard (server/shared/fairness.ts), after requireAuth on `/api/*`: the
   * environment made it, knowing which requests of all its services are list work.
   */
  listWork: MiddlewareHandler<AuthEnv>;
}
