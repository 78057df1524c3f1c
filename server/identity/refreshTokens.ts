import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DB } from '../db/open';

/** Auth0's defaults for rotating refresh tokens: 15 days of inactivity, 30 days in all. */
export const REFRESH_IDLE_MS = 15 * 24 * 3600_000;
export const REFRESH_ABSOLUTE_MS = 30 * 24 * 3600_000;
/**
 * A used token presented again within this time is refused without revoking its family: two
 * tabs of one browser may renew with the same token at once. Later reuse means a copy: the whole
 * family (the thief's and the owner's successors) is revoked.
 */
export const REUSE_LEEWAY_MS = 10_000;

export interface RefreshGrant {
  userId: string;
  clientId: string;
  audience: string;
  scope: string;
}

interface Row extends Record<string, unknown> {
  family_id: string;
  user_id: string;
  client_id: string;
  audience: string;
  scope: string;
  family_created_at: string;
  created_at: string;
  rotated_at: string | null;
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Refresh tokens stored as SHA-256 digests, one family per sign-in, rotated on every use. */
export function createRefreshTokens(db: DB, now: () => Date) {
  const insert = db.prepare(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, client_id, audience, scope, family_created_at, created_at)
     VALUES (@tokenHash, @familyId, @userId, @clientId, @audience, @scope, @familyCreatedAt, @createdAt)`,
  );
  const find = db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = @tokenHash');
  const markRotated = db.prepare('UPDATE refresh_tokens SET rotated_at = @at WHERE token_hash = @tokenHash');
  const deleteFamily = db.prepare('DELETE FROM refresh_tokens WHERE family_id = @familyId');
  const deleteUser = db.prepare('DELETE FROM refresh_tokens WHERE user_id = @userId');
  const prune = db.prepare('DELETE FROM refresh_tokens WHERE family_created_at < @familyBefore OR created_at < @usedBefore');

  const store = (grant: RefreshGrant, familyId: string, familyCreatedAt: string): string => {
    const token = randomBytes(32).toString('base64url');
    insert.run({ tokenHash: digest(token), familyId, ...grant, familyCreatedAt, createdAt: now().toISOString() });
    return token;
  };

  return {
    /** A new family, at sign-in. */
    issue(grant: RefreshGrant): string {
      const at = now();
      prune.run({
        familyBefore: new Date(at.getTime() - REFRESH_ABSOLUTE_MS).toISOString(),
        usedBefore: new Date(at.getTime() - REFRESH_IDLE_MS).toISOString(),
      });
      return store(grant, randomUUID(), at.toISOString());
    },

    /** Exchanges a token for its successor; undefined when it is unknown, another client's, expired or reused. */
    rotate: db.transaction((token: string, clientId: string): (RefreshGrant & { token: string }) | undefined => {
      const row = find.get({ tokenHash: digest(token) }) as Row | undefined;
      if (!row || row.client_id !== clientId) return undefined;
      const at = now().getTime();
      if (row.rotated_at !== null) {
        if (at - Date.parse(row.rotated_at) > REUSE_LEEWAY_MS) deleteFamily.run({ familyId: row.family_id });
        return undefined;
      }
      if (at - Date.parse(row.family_created_at) >= REFRESH_ABSOLUTE_MS || at - Date.parse(row.created_at) >= REFRESH_IDLE_MS) {
        deleteFamily.run({ familyId: row.family_id });
        return undefined;
      }
      markRotated.run({ at: new Date(at).toISOString(), tokenHash: digest(token) });
      const grant = { userId: row.user_id, clientId: row.client_id, audience: row.audience, scope: row.scope };
      return { ...grant, token: store(grant, row.family_id, row.family_created_at) };
    }),

    /** `POST /oauth/revoke`: the token's whole family. False when the token belongs to another client. */
    revoke(token: string, clientId: string): boolean {
      const row = find.get({ tokenHash: digest(token) }) as Row | undefined;
      if (!row) return true;
      if (row.client_id !== clientId) return false;
      deleteFamily.run({ familyId: row.family_id });
      return true;
    },

    /** Every session of the user, e.g. after a password change. */
    revokeUser(userId: string): void {
      deleteUser.run({ userId });
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
