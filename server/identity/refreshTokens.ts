import { createHash, randomBytes } from 'node:crypto';
import type { DB } from '../db/open';

/** Auth0's defaults for rotating refresh tokens: 15 days of inactivity, 30 days in all. */
export const REFRESH_IDLE_MS = 15 * 24 * 3600_000;
export const REFRESH_ABSOLUTE_MS = 30 * 24 * 3600_000;

export interface RefreshGrant {
  userId: string;
  /** The sign-in session (sessions.ts) the family belongs to: its id is the family's, and the access tokens' `sid`. */
  sessionId: string;
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

/** Refresh tokens stored as SHA-256 digests, one family per sign-in session, rotated on every use. */
export function createRefreshTokens(db: DB, now: () => Date, sessions: { revoke(sessionId: string): void }) {
  const insert = db.prepare(
    `INSERT INTO refresh_tokens (token_hash, family_id, user_id, client_id, audience, scope, family_created_at, created_at)
     VALUES (@tokenHash, @familyId, @userId, @clientId, @audience, @scope, @familyCreatedAt, @createdAt)`,
  );
  const find = db.prepare('SELECT * FROM refresh_tokens WHERE token_hash = @tokenHash');
  const markRotated = db.prepare('UPDATE refresh_tokens SET rotated_at = @at WHERE token_hash = @tokenHash');
  const deleteFamily = db.prepare('DELETE FROM refresh_tokens WHERE family_id = @familyId');
  const prune = db.prepare('DELETE FROM refresh_tokens WHERE family_created_at < @familyBefore OR created_at < @usedBefore');

  const store = ({ sessionId, ...grant }: RefreshGrant, familyCreatedAt: string): string => {
    const token = randomBytes(32).toString('base64url');
    insert.run({ tokenHash: digest(token), familyId: sessionId, ...grant, familyCreatedAt, createdAt: now().toISOString() });
    return token;
  };

  return {
    /** A new family, at sign-in, for the session just begun. */
    issue(grant: RefreshGrant): string {
      const at = now();
      prune.run({
        familyBefore: new Date(at.getTime() - REFRESH_ABSOLUTE_MS).toISOString(),
        usedBefore: new Date(at.getTime() - REFRESH_IDLE_MS).toISOString(),
      });
      return store(grant, at.toISOString());
    },

    /** Exchanges a token for its successor; undefined when it is unknown, another client's, expired or reused. */
    rotate: db.transaction((token: string, clientId: string): (RefreshGrant & { token: string }) | undefined => {
      const row = find.get({ tokenHash: digest(token) }) as Row | undefined;
      if (!row || row.client_id !== clientId) return undefined;
      const at = now().getTime();
      if (row.rotated_at !== null) {
        // A spent token presented again means a copy exists, and which holder is the owner
        // cannot be told (a thief may have rotated first): as Auth0's reuse detection, the whole
        // family and its session end, so the access tokens issued from it stop too. Two tabs of
        // the portal never race here: they renew one at a time (the SPA's renewal lock).
        sessions.revoke(row.family_id);
        return undefined;
      }
      if (at - Date.parse(row.family_created_at) >= REFRESH_ABSOLUTE_MS || at - Date.parse(row.created_at) >= REFRESH_IDLE_MS) {
        deleteFamily.run({ familyId: row.family_id });
        return undefined;
      }
      markRotated.run({ at: new Date(at).toISOString(), tokenHash: digest(token) });
      const grant = { userId: row.user_id, sessionId: row.family_id, clientId: row.client_id, audience: row.audience, scope: row.scope };
      return { ...grant, token: store(grant, row.family_created_at) };
    }),

    /**
     * `POST /oauth/revoke` (a sign-out): the token's whole family and its session, so the access
     * tokens of that sign-in stop too. False when the token belongs to another client.
     */
    revoke(token: string, clientId: string): boolean {
      const row = find.get({ tokenHash: digest(token) }) as Row | undefined;
      if (!row) return true;
      if (row.client_id !== clientId) return false;
      sessions.revoke(row.family_id);
      return true;
    },
  };
}

export type RefreshTokens = ReturnType<typeof createRefreshTokens>;
