import type { MiddlewareHandler } from 'hono';
import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { ApiError, MESSAGES } from './errors';

/** What a signature check needs: tokens must carry this issuer and audience. */
export interface JwtSettings {
  issuer: string;
  audience: string;
  publicKey: KeyObject;
  now: () => Date;
}

export type PharmacyPermission = 'read' | 'write';

/**
 * What the auth check looks up on every request, passed in as `IdentityManagement` is (services
 * never read another service's tables): the identity store's sign-in session, and the pharmacy
 * rights as the core service holds them now (not as the token's claim had them an hour ago).
 */
export interface AccessLookup {
  /**
   * The token's sign-in session (its `sid`) as the identity store holds it now: `revoked` after a
   * password change made in another session, a replayed refresh token or a sign-out; `undefined`
   * when the store has no such session of that user (a deleted user, a sid never issued).
   */
  session(sub: string, sid: string): 'active' | 'revoked' | undefined;
  /** The user's pharmacies and the permission on each, by pharmacy id (empty for an unknown user). */
  pharmacyRights(sub: string): ReadonlyMap<number, PharmacyPermission>;
}

/** One environment's view of the identity provider and of its users' current rights. */
export interface AuthSettings extends JwtSettings {
  claimNamespace: string;
  access: AccessLookup;
}

export interface Principal {
  sub: string;
  roles: string[];
  /** Pharmacies the user may read (read or write permission), looked up for this request; empty for staff. */
  pharmacyIds: number[];
  /** The permission on each of them (staff may name any pharmacy: see `pharmacyAllowed`). */
  pharmacyRights: ReadonlyMap<number, PharmacyPermission>;
  isAdmin: boolean;
  scope: string;
  /** The token's `exp` (unix seconds): the cable closes a connection then. */
  expiresAt: number;
  /** The token's sign-in session (`sid`): a password change keeps this one and ends the others. */
  sessionId: string;
}

export type AuthEnv = { Variables: { principal: Principal } };

export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1];
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const unauthenticated = () => new ApiError(401, [MESSAGES.unauthenticated]);

/** Strict base64url: node ignores stray characters and trailing bits, so one token would have many spellings. */
function decodeBase64url(segment: string): Buffer {
  const bytes = Buffer.from(segment, 'base64url');
  if (!BASE64URL.test(segment) || bytes.toString('base64url') !== segment) throw unauthenticated();
  return bytes;
}

function decodeSegment(segment: string): Record<string, unknown> {
  const bytes = decodeBase64url(segment);
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw unauthenticated();
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw unauthenticated();
  return value as Record<string, unknown>;
}

/**
 * Tokens whose signature this key has already verified, newest last. The browser sends the same
 * token on every call for an hour, and the lookups batch checks it once per call inside it (nine
 * for one palette search): the RSA check was most of a cached batch's own time. Whether a token's
 * bytes carry a valid signature under a key never changes, so only that is remembered; the claims
 * (issuer, audience, expiry) and the session are checked on every call. Keyed by the whole token,
 * so any other spelling is verified afresh; a failure is never remembered. Bounded: a token
 * beyond the bound is verified again, never trusted.
 */
const VERIFIED_TOKENS_KEPT = 2048;
const verifiedTokens = new WeakMap<KeyObject, Set<string>>();

function signatureVerified(token: string, key: KeyObject): boolean {
  const kept = verifiedTokens.get(key);
  if (!kept?.has(token)) return false;
  // Newest last, so the bound drops the longest unused.
  kept.delete(token);
  kept.add(token);
  return true;
}

function rememberVerified(token: string, key: KeyObject): void {
  let kept = verifiedTokens.get(key);
  if (!kept) verifiedTokens.set(key, (kept = new Set()));
  kept.add(token);
  if (kept.size > VERIFIED_TOKENS_KEPT) kept.delete(kept.values().next().value as string);
}

/**
 * Verifies a compact RS256 JWT and its registered claims, synchronously on this thread: an RSA
 * verification takes well under a millisecond, while WebCrypto (jose) would queue it behind
 * password hashes in libuv's pool. Only RS256 is accepted, so `none` and HS256-with-the-public-key
 * are refused before any key is used. Returns the payload; throws ApiError(401).
 */
export function verifyJwt(token: string, settings: JwtSettings): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthenticated();
  const header = decodeSegment(parts[0]);
  if (header.alg !== 'RS256' || header.crit !== undefined) throw unauthenticated();
  const signature = decodeBase64url(parts[2]);
  if (!signatureVerified(token, settings.publicKey)) {
    let valid: boolean;
    try {
      valid = verifySignature('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), settings.publicKey, signature);
    } catch {
      throw unauthenticated();
    }
    if (!valid) throw unauthenticated();
    rememberVerified(token, settings.publicKey);
  }
  const payload = decodeSegment(parts[1]);
  const aud = payload.aud;
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (payload.iss !== settings.issuer || !audiences.includes(settings.audience)) throw unauthenticated();
  const now = Math.floor(settings.now().getTime() / 1000);
  if (typeof payload.exp !== 'number' || (payload.nbf !== undefined && typeof payload.nbf !== 'number')) throw unauthenticated();
  if (typeof payload.nbf === 'number' && payload.nbf > now) throw unauthenticated();
  if (payload.exp <= now) throw new ApiError(401, [MESSAGES.expired]);
  return payload;
}

/** Verifies an RS256 access token issued by our identity endpoints for this environment. Throws ApiError(401). */
export async function verifyAccessToken(token: string, settings: AuthSettings): Promise<Principal> {
  return currentPrincipal(token, settings);
}

/** The same, synchronously: what the token's holder may do now (the cable checks it again on every subscribe and ping). */
export function currentPrincipal(token: string, settings: AuthSettings): Principal {
  return principalOf(verifyJwt(token, settings), settings);
}

const NO_RIGHTS: ReadonlyMap<number, PharmacyPermission> = new Map();

/**
 * The token's principal as of now: a token of a revoked session (or of a user or session the
 * identity store does not have) is refused, and a pharmacy user's pharmacies are looked up, so a
 * removal or a read-only switch takes effect at once.
 */
function principalOf(payload: Record<string, unknown>, settings: AuthSettings): Principal {
  const ns = settings.claimNamespace;
  if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') throw unauthenticated();
  const session = settings.access.session(payload.sub, payload.sid);
  if (session === undefined) throw unauthenticated();
  if (session === 'revoked') throw new ApiError(401, [MESSAGES.expired]);
  const roles = Array.isArray(payload[`${ns}roles`]) ? (payload[`${ns}roles`] as unknown[]).map(String) : [];
  const meta = (payload[`${ns}app_metadata`] ?? {}) as { admin?: unknown };
  const isAdmin = roles.includes('admin') || meta.admin === true;
  const pharmacyRights = isAdmin ? NO_RIGHTS : settings.access.pharmacyRights(payload.sub);
  return {
    sub: payload.sub,
    roles,
    pharmacyIds: [...pharmacyRights.keys()],
    pharmacyRights,
    isAdmin,
    scope: typeof payload.scope === 'string' ? payload.scope : '',
    expiresAt: payload.exp as number, // verifyJwt has checked it is a number
    sessionId: payload.sid,
  };
}

export const WRITE_FORBIDDEN = 'この薬局のデータを変更する権限がありません。';

/** Staff may name any pharmacy; a pharmacy user needs the permission (write, or read for reading). */
export const pharmacyAllowed = (principal: Principal, pharmacyId: number, need: PharmacyPermission): boolean =>
  principal.isAdmin || (need === 'read' ? principal.pharmacyRights.has(pharmacyId) : principal.pharmacyRights.get(pharmacyId) === 'write');

/**
 * Every route that names a pharmacy (path, query or body) checks it here: 403 for a pharmacy the
 * caller does not belong to, or (writes) holds only read on.
 */
export function assertPharmacyRight(principal: Principal, pharmacyId: number, need: PharmacyPermission): void {
  if (pharmacyAllowed(principal, pharmacyId, need)) return;
  const reads = need === 'write' && principal.pharmacyRights.has(pharmacyId);
  throw new ApiError(403, [reads ? WRITE_FORBIDDEN : MESSAGES.forbidden]);
}

/**
 * Guards a service's `/api/*`: a valid bearer token for everything; the admin role for
 * `/api/v2/admin/*`. `/api/v2/master/*` and `/api/v2/common/*` need any signed-in user.
 */
export function requireAuth(settings: AuthSettings): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next();
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw unauthenticated();
    const principal = principalOf(verifyJwt(token, settings), settings);
    if (/\/api\/v\d+\/admin(\/|$)/i.test(c.req.path) && !principal.isAdmin) {
      throw new ApiError(403, [MESSAGES.forbidden]);
    }
    c.set('principal', principal);
    await next();
  };
}
