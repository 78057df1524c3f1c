import type { DB } from '../../../db/open';
import type { PharmacyPermission } from '../../../shared/auth';

/**
 * `AccessLookup.pharmacyRights` of one environment: the pharmacy users core holds now (spec
 * section 6, read or write), by the token's sub. The environment hands it to every service's auth
 * check, so the ordering and legacy services learn a user's rights without reading core's tables,
 * and a removal or a switch to read-only applies to the next request, not after the token expires.
 * One indexed read per request (users.auth0_user_id is unique, pharmacy_users is keyed by user).
 */
export function corePharmacyRights(db: DB): (sub: string) => ReadonlyMap<number, PharmacyPermission> {
  const select = db.prepare(`SELECT pu.pharmacy_id, pu.permission FROM users u JOIN pharmacy_users pu ON pu.user_id = u.id
    WHERE u.auth0_user_id = @sub AND u.role = 'pharmacy'`).raw();
  return (sub) => new Map(select.all({ sub }) as [number, PharmacyPermission][]);
}
