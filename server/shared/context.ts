import type { DB } from '../db/open';
import type { AuthSettings, Principal } from './auth';
import type { Cable } from './cable';
import type { JobRunner } from './jobs';
import type { BlobStorage } from './storage';

export interface ServiceContext {
  db: DB;
  auth: AuthSettings;
  now: () => Date;
  /** The environment's blob storage, job runner and cable endpoint (see docs/ARCHITECTURE.md). */
  storage: BlobStorage;
  jobs: JobRunner;
  cable: Cable;
}

/** Display name of the acting user (core users table, by the token's sub) for created_by / updated_by. */
export function actorName(db: DB, principal: Principal): string {
  const row = db.prepare('SELECT name FROM users WHERE auth0_user_id = ?').get(principal.sub) as { name: string } | undefined;
  return row?.name ?? principal.sub;
}
