import type { DB } from '../db/open';
import type { IdentityUserRow } from './db';
import { HashQueueFull, passwordHasher } from './passwords';
import { isRefusal, SUSPICIOUS_DESCRIPTION, type createLoginThrottle } from './throttle';

export type CredentialCheck =
  | { ok: true; user: IdentityUserRow }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; description: string; retryAfterSeconds: number };

/**
 * E-mail and password against the identity DB under the sign-in throttle: one check for the
 * password grant and the hosted login form, so both count toward the same limits.
 */
export function createCredentialCheck(db: DB, throttle: ReturnType<typeof createLoginThrottle>) {
  const findByEmail = db.prepare('SELECT * FROM users WHERE email = @email COLLATE NOCASE');
  return async (username: string, password: string, address: string): Promise<CredentialCheck> => {
    const attempt = throttle.begin(username.toLowerCase(), address);
    if (isRefusal(attempt)) return { ok: false, reason: 'throttled', ...attempt };
    // An account under guessing from many addresses is slowed down, never locked.
    if (attempt.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, attempt.delayMs));
    const user = findByEmail.get({ email: username }) as IdentityUserRow | undefined;
    let valid: boolean;
    try {
      // An unknown e-mail is hashed against a dummy: the answer takes as long as a wrong password.
      valid = await passwordHasher.verify(password, user?.password_hash, address);
    } catch (error) {
      attempt.abandoned();
      if (error instanceof HashQueueFull) return { ok: false, reason: 'throttled', description: SUSPICIOUS_DESCRIPTION, retryAfterSeconds: 1 };
      throw error;
    }
    if (!user || !valid) {
      attempt.failed();
      return { ok: false, reason: 'invalid' };
    }
    attempt.succeeded();
    return { ok: true, user };
  };
}

export type CheckCredentials = ReturnType<typeof createCredentialCheck>;
