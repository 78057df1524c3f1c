import type { DB } from '../../db/open';
import type { Principal } from '../../shared/auth';
import type { StaffName } from '../../db/paperTrail';

/** Display name of the acting user (core's users table, by the token's sub) for created_by / updated_by. */
export function actorName(db: DB, principal: Principal): string {
  const row = db.prepare('SELECT name FROM users WHERE auth0_user_id = @sub').get({ sub: principal.sub }) as { name: string } | undefined;
  return row?.name ?? principal.sub;
}

/** Core's user of a token's subject as versions name them (another service's versions: the ordering service's). */
export function coreStaffNames(db: DB): (sub: string) => StaffName | undefined {
  const find = db.prepare('SELECT CAST(id AS TEXT) AS whodunnit, name FROM users WHERE auth0_user_id = @sub');
  return (sub) => find.get({ sub }) as StaffName | undefined;
}
