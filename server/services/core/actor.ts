import type { DB } from '../../db/open';
import type { Principal } from '../../shared/auth';

/** Display name of the acting user (core's users table, by the token's sub) for created_by / updated_by. */
export function actorName(db: DB, principal: Principal): string {
  const row = db.prepare('SELECT name FROM users WHERE auth0_user_id = @sub').get({ sub: principal.sub }) as { name: string } | undefined;
  return row?.name ?? principal.sub;
}
