import type { DB } from '../db/open';
import type { AuthSettings, Principal } from './auth';

export interface ServiceContext {
  db: DB;
  auth: AuthSettings;
  now: () => Date;
}

/** Display name of the acting user (core users table, by the token's sub) for created_by / updated_by. */
export function actorName(db: DB, principal: Principal): string {
  const row = db.prepare('SELECT name FROM users WHERE auth0_user_id = ?').get(principal.sub) as { name: string } | undefined;
  return row?.name ?? principal.sub;
}
