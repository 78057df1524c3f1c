import type { DB } from '../../../db/open';
import { ApiError, MESSAGES } from '../../../shared/errors';
import { IdentityManagementError, type IdentityManagement } from '../../../shared/identityManagement';

export const IDENTITY_USER_MISSING = '認証基盤にこのユーザが見つかりません。';

/** The identity provider's refusals as the API's errors: its rate limit stays a 429, the rest a 422. */
export async function identityCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof IdentityManagementError) {
      if (error.statusCode === 429) throw new ApiError(429, [MESSAGES.tooManyRequests]);
      throw new ApiError(422, [error.statusCode === 404 ? IDENTITY_USER_MISSING : error.message]);
    }
    throw error;
  }
}

const queues = new WeakMap<DB, Map<number, Promise<unknown>>>();

/**
 * Runs `task` after every earlier task of the same user has settled: a change writes core, then
 * awaits the identity store, and two changes of one user must not interleave there (the second
 * would push a list the first then rolls back).
 */
export function perUser<T>(db: DB, userId: number, task: () => Promise<T>): Promise<T> {
  let byUser = queues.get(db);
  if (!byUser) queues.set(db, (byUser = new Map()));
  const previous = byUser.get(userId) ?? Promise.resolve();
  const run = previous.then(task, task);
  const settled = run.catch(() => undefined);
  byUser.set(userId, settled);
  void settled.then(() => {
    if (byUser.get(userId) === settled) byUser.delete(userId);
  });
  return run;
}

interface MembershipRow {
  pharmacy_id: number;
  user_id: number;
  permission: string;
  created_at: string;
  updated_at: string;
}

const pharmacyIdsOf = (db: DB, userId: number): number[] => {
  const row = db.prepare('SELECT pharmacy_ids FROM users WHERE id = @userId').get({ userId }) as { pharmacy_ids: string } | undefined;
  return row ? (JSON.parse(row.pharmacy_ids) as number[]) : [];
};

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Changes a user's pharmacies in one core transaction (`write`), then makes the identity store's
 * app_metadata.pharmacy_ids the user's whole new list. If the identity store refuses, the core
 * change is undone (rows and the user's stamps as they were), so neither side keeps half of it.
 * A change that leaves the set of pharmacies as it was (a permission switch) never calls it.
 */
export function changeUserPharmacies<T>(db: DB, identity: IdentityManagement, userId: number, write: () => T): Promise<T> {
  return perUser(db, userId, async () => {
    const user = db.prepare('SELECT auth0_user_id, updated_at, updated_by FROM users WHERE id = @userId').get({ userId }) as
      { auth0_user_id: string; updated_at: string; updated_by: string | null } | undefined;
    const rowsBefore = db.prepare('SELECT * FROM pharmacy_users WHERE user_id = @userId').all({ userId }) as MembershipRow[];
    const idsBefore = pharmacyIdsOf(db, userId);
    const result = db.transaction(write)();
    const idsAfter = pharmacyIdsOf(db, userId);
    if (!user || sameIds(idsBefore, idsAfter)) return result;
    try {
      await identityCall(() => identity.updateUser(user.auth0_user_id, { app_metadata: { pharmacy_ids: idsAfter } }));
    } catch (error) {
      db.transaction(() => {
        db.prepare('DELETE FROM pharmacy_users WHERE user_id = @userId').run({ userId });
        const insert = db.prepare(
          'INSERT INTO pharmacy_users (pharmacy_id, user_id, permission, created_at, updated_at) VALUES (@pharmacy_id, @user_id, @permission, @created_at, @updated_at)',
        );
        for (const row of rowsBefore) insert.run(row);
        db.prepare('UPDATE users SET updated_at = @at, updated_by = @by WHERE id = @userId').run({ at: user.updated_at, by: user.updated_by, userId });
      })();
      throw error;
    }
    return result;
  });
}
