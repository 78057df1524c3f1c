import { randomUUID } from 'node:crypto';
import type { DB } from '../db/open';
import { REFRESH_ABSOLUTE_MS } from './refreshTokens';
import { TOKEN_LIFETIME_SECONDS } from './tokens';
import { auth0Sub } from './users';

/**
 * Sign-in sessions, kept server-side so a revocation names the sessions it ends rather than a
 * time (issue 36 items 4 and 5): a password change ends every other session of the user however
 * late it began, and a replayed refresh token ends the session it belongs to. Every access token
 * carries its session's id (`sid`); its refresh tokens are that session's family
 * (`refresh_tokens.family_id` = `sessions.id`), so a refreshed token keeps the sid.
 *
 * A revoked row is kept (not deleted) until no token of it can still be valid, so the auth check
 * tells "revoked" (401, sign in again) from "never issued" (a forged or foreign sid).
 */
export type SessionStanding = 'active' | 'revoked';

/** No token of a session begun this long ago is valid: its refresh family ended, its last access token expired. */
const SESSION_LIFETIME_MS = REFRESH_ABSOLUTE_MS + TOKEN_LIFETIME_SECONDS * 1000;

export function createSessions(db: DB, now: () => Date) {
  const insert = db.prepare('INSERT INTO sessions (id, user_id, created_at) VALUES (@id, @userId, @at)');
  const prune = db.prepare('DELETE FROM sessions WHERE created_at < @before');
  const revokeOne = db.prepare('UPDATE sessions SET revoked_at = @at WHERE id = @id AND revoked_at IS NULL RETURNING user_id').pluck();
  const revokeUser = db.prepare(
    'UPDATE sessions SET revoked_at = @at WHERE user_id = @userId AND revoked_at IS NULL AND id IS NOT @keep',
  );
  const deleteFamilies = db.prepare(
    'DELETE FROM refresh_tokens WHERE family_id IN (SELECT id FROM sessions WHERE user_id = @userId AND revoked_at IS NOT NULL)',
  );
  const deleteFamily = db.prepare('DELETE FROM refresh_tokens WHERE family_id = @id');
  const standing = db.prepare('SELECT revoked_at IS NULL FROM sessions WHERE id = @sid AND user_id = @userId').pluck();
  // Told after a revocation (the cable closes the ended sessions' connections at once).
  const listeners: ((sub: string) => void)[] = [];
  const revoked = (userId: string) => {
    for (const listener of listeners) listener(auth0Sub(userId));
  };

  return {
    /** A new session at sign-in; its id is the access tokens' `sid` and its refresh tokens' family. */
    begin(userId: string): string {
      const at = now();
      prune.run({ before: new Date(at.getTime() - SESSION_LIFETIME_MS).toISOString() });
      const id = randomUUID();
      insert.run({ id, userId, at: at.toISOString() });
      return id;
    },

    /** Ends one session (a replayed refresh token or code, a sign-out): its access and refresh tokens stop. */
    revoke(sessionId: string): void {
      const userId = db.transaction(() => {
        deleteFamily.run({ id: sessionId });
        return revokeOne.get({ id: sessionId, at: now().toISOString() }) as string | undefined;
      })();
      if (userId !== undefined) revoked(userId);
    },

    /** Ends every session of the user but `keep` (the session changing the password), whenever they began. */
    revokeUser(userId: string, keep?: string): void {
      db.transaction(() => {
        revokeUser.run({ userId, keep: keep ?? null, at: now().toISOString() });
        deleteFamilies.run({ userId });
      })();
      revoked(userId);
    },

    /** `AccessLookup.session`: one primary-key read per request; undefined for an unknown user or session. */
    standing(sub: string, sid: string): SessionStanding | undefined {
      if (!sub.startsWith('auth0|')) return undefined;
      const active = standing.get({ sid, userId: sub.slice('auth0|'.length) }) as number | undefined;
      return active === undefined ? undefined : active ? 'active' : 'revoked';
    },

    onRevoked(listener: (sub: string) => void): void {
      listeners.push(listener);
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
