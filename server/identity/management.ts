import { randomBytes } from 'node:crypto';
import type { DB } from '../db/open';
import {
  IdentityManagementError,
  PASSWORD_STRENGTH_ERROR,
  type IdentityManagement,
  type IdentityUser,
} from '../shared/identityManagement';
import type { IdentityUserRow } from './db';
import { HashQueueFull, passwordHasher } from './passwords';
import { PASSWORD_MAX_LENGTH } from '../../src/contract';
import type { Sessions } from './sessions';
import { createLoginThrottle, isRefusal } from './throttle';
import { auth0Sub } from './users';

/** Characters the password policy allows besides letters and digits (spec section 5). */
const POLICY_CHARACTERS = /^[A-Za-z0-9!@#$%^&*]+$/;

/** At least 8 characters with upper case, lower case and digits; symbols only from !@#$%^&*. */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= 8 &&
    POLICY_CHARACTERS.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password)
  );
}

/** A full hashing queue is Auth0's rate limit: 429. */
async function hashing<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof HashQueueFull) throw new IdentityManagementError(429, 'Too Many Requests');
    throw error;
  }
}

const toIdentityUser = (row: IdentityUserRow): IdentityUser => ({
  user_id: auth0Sub(row.id),
  email: row.email,
  name: row.name,
  app_metadata: { pharmacy_ids: JSON.parse(row.pharmacy_ids) as number[] },
});

/**
 * The identity store's management interface (Auth0's Management API in production). A password
 * change ends the user's other sessions (sessions.ts), so their access tokens are refused by every
 * service's auth check and their refresh tokens by the token endpoint.
 */
export function createIdentityManagement(db: DB, now: () => Date, sessions: Sessions): IdentityManagement {
  const findById = db.prepare('SELECT * FROM users WHERE id = @id');
  const setPassword = db.prepare('UPDATE users SET password_hash = @hash, updated_at = @at WHERE id = @id');
  const setPharmacyIds = db.prepare('UPDATE users SET pharmacy_ids = @pharmacyIds, updated_at = @at WHERE id = @id');
  const rowOf = (userId: string) => findById.get({ id: userId.replace(/^auth0\|/, '') }) as IdentityUserRow | undefined;
  // Guessing the current password with a stolen access token is throttled like sign-in.
  const guesses = createLoginThrottle(now);

  /** The checks Auth0 applies to any password it is given (length first: no hashing of huge input). */
  const assertAcceptable = (password: string) => {
    if (password.length > PASSWORD_MAX_LENGTH) {
      throw new IdentityManagementError(400, `Payload validation error: 'String is too long (${password.length} chars), maximum ${PASSWORD_MAX_LENGTH}' on property password`);
    }
    if (!meetsPasswordPolicy(password)) throw new IdentityManagementError(400, PASSWORD_STRENGTH_ERROR);
  };
  const validPharmacyIds = (ids: unknown) => Array.isArray(ids) && ids.every(Number.isInteger);

  return {
    getUser(userId) {
      const row = rowOf(userId);
      return row && toIdentityUser(row);
    },
    async checkPassword(userId, password) {
      const row = rowOf(userId);
      const attempt = guesses.begin(userId, 'current password');
      if (isRefusal(attempt)) throw new IdentityManagementError(429, 'Too Many Requests');
      let valid: boolean;
      try {
        valid = password.length <= PASSWORD_MAX_LENGTH && (await hashing(() => passwordHasher.verify(password, row?.password_hash)));
      } catch (error) {
        attempt.abandoned();
        throw error;
      }
      if (valid) attempt.succeeded();
      else attempt.failed();
      return valid;
    },
    async updateUser(userId, patch) {
      const row = rowOf(userId);
      if (!row) throw new IdentityManagementError(404, 'The user does not exist.');
      if (patch.password !== undefined) assertAcceptable(patch.password);
      const pharmacyIds = patch.app_metadata?.pharmacy_ids;
      if (pharmacyIds !== undefined && !validPharmacyIds(pharmacyIds)) {
        throw new IdentityManagementError(400, 'Payload validation error: app_metadata.pharmacy_ids');
      }
      const hash = patch.password === undefined ? undefined : await hashing(() => passwordHasher.hash(patch.password!));
      const at = now().toISOString();
      db.transaction(() => {
        if (hash !== undefined) {
          setPassword.run({ hash, at, id: row.id });
          sessions.revokeUser(row.id, patch.keep_session);
        }
        if (pharmacyIds !== undefined) setPharmacyIds.run({ pharmacyIds: JSON.stringify(pharmacyIds), at, id: row.id });
      })();
      return toIdentityUser(rowOf(row.id)!);
    },
    async createUser(user) {
      assertAcceptable(user.password);
      if (!validPharmacyIds(user.app_metadata.pharmacy_ids)) {
        throw new IdentityManagementError(400, 'Payload validation error: app_metadata.pharmacy_ids');
      }
      const hash = await hashing(() => passwordHasher.hash(user.password));
      // Auth0-like 24-hex id, random: a deleted and re-created e-mail is another user.
      const id = randomBytes(12).toString('hex');
      const at = now().toISOString();
      const inserted = db
        .prepare(
          `INSERT INTO users (id, email, name, password_hash, role, pharmacy_ids, created_at, updated_at)
           VALUES (@id, @email, @name, @hash, @role, @pharmacyIds, @at, @at) ON CONFLICT (email) DO NOTHING`,
        )
        .run({ id, email: user.email, name: user.name, hash, role: user.role, pharmacyIds: JSON.stringify(user.app_metadata.pharmacy_ids), at });
      if (inserted.changes === 0) throw new IdentityManagementError(409, 'The user already exists.');
      return toIdentityUser(rowOf(id)!);
    },
    async deleteUser(userId) {
      const row = rowOf(userId);
      if (!row) throw new IdentityManagementError(404, 'The user does not exist.');
      db.prepare('DELETE FROM users WHERE id = @id').run({ id: row.id });
    },
  };
}
