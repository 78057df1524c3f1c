import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Authorization codes of the redirect sign-in (`/authorize` → `/oauth/token`, RFC 6749 §4.1 with
 * PKCE, RFC 7636). Held in memory as SHA-256 digests: a code lives a minute and is redeemed once,
 * so a restart losing them only asks the user to sign in again.
 */
export const AUTHORIZATION_CODE_TTL_MS = 60_000;
/** Codes kept before the oldest are forgotten: sign-ins are throttled, but memory stays bounded anyway. */
const MAX_CODES = 10_000;

export interface CodeGrant {
  userId: string;
  clientId: string;
  /** The exact redirect_uri of the authorization request; the token request must repeat it. */
  redirectUri: string;
  /** base64url(SHA-256(code_verifier)) (S256 only: `plain` is refused at /authorize). */
  codeChallenge: string;
  audience: string;
  scope: string;
  /** Echoed in the id_token, where the SDK compares it with the one it sent. */
  nonce?: string;
}

export interface Redemption {
  clientId: string;
  redirectUri: string;
  codeVerifier: string;
}

export type RedeemResult =
  | { ok: true; grant: CodeGrant }
  /** `reusedSession`: the code was redeemed before; the session it began must be revoked (RFC 6749 §4.1.2). */
  | { ok: false; description: string; reusedSession?: string };

/** RFC 7636 §4.1: 43 to 128 characters of [A-Z] [a-z] [0-9] - . _ ~ */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Whether `verifier` hashes (S256) to `challenge`; compared in constant time. */
export function pkceMatches(verifier: string, challenge: string): boolean {
  if (!VERIFIER.test(verifier)) return false;
  const expected = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const given = Buffer.from(challenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const CODE_MESSAGES = {
  unknown: '認可コードが無効か、有効期限が切れています。',
  reused: '認可コードは使用済みです。',
  client: '認可コードは別のクライアントに発行されたものです。',
  redirectUri: 'redirect_uriが認可リクエストと一致しません。',
  verifier: 'code_verifierが認可リクエストのcode_challengeと一致しません。',
} as const;

interface Entry {
  grant: CodeGrant;
  expiresAt: number;
  redeemed: boolean;
  sessionId?: string;
}

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

export function createAuthorizationCodes(now: () => Date) {
  const entries = new Map<string, Entry>();

  const prune = (at: number) => {
    for (const [key, entry] of entries) if (entry.expiresAt <= at) entries.delete(key);
    while (entries.size >= MAX_CODES) entries.delete(entries.keys().next().value as string);
  };

  return {
    issue(grant: CodeGrant): string {
      const at = now().getTime();
      prune(at);
      const code = randomBytes(32).toString('base64url');
      entries.set(digest(code), { grant, expiresAt: at + AUTHORIZATION_CODE_TTL_MS, redeemed: false });
      return code;
    },

    /**
     * Any attempt with a live code of this client uses it up, right or wrong: a guessed verifier
     * gets one try. A second attempt after a success reports the session to revoke.
     */
    redeem(code: string, r: Redemption): RedeemResult {
      const key = digest(code);
      const entry = entries.get(key);
      if (!entry || entry.expiresAt <= now().getTime()) {
        entries.delete(key);
        return { ok: false, description: CODE_MESSAGES.unknown };
      }
      if (entry.grant.clientId !== r.clientId) return { ok: false, description: CODE_MESSAGES.client };
      if (entry.redeemed) return { ok: false, description: CODE_MESSAGES.reused, reusedSession: entry.sessionId };
      entry.redeemed = true;
      if (entry.grant.redirectUri !== r.redirectUri) return { ok: false, description: CODE_MESSAGES.redirectUri };
      if (!pkceMatches(r.codeVerifier, entry.grant.codeChallenge)) return { ok: false, description: CODE_MESSAGES.verifier };
      return { ok: true, grant: entry.grant };
    },

    /** Remembers the session a redeemed code began, so a replay of the code can end it (access and refresh tokens). */
    bindSession(code: string, sessionId: string): void {
      const entry = entries.get(digest(code));
      if (entry) entry.sessionId = sessionId;
    },
  };
}

export type AuthorizationCodes = ReturnType<typeof createAuthorizationCodes>;
