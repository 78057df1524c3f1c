import type { MiddlewareHandler } from 'hono';
import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { ApiError, MESSAGES } from './errors';

/** One environment's view of the identity provider: tokens must carry this issuer and audience. */
export interface AuthSettings {
  issuer: string;
  audience: string;
  claimNamespace: string;
  publicKey: KeyObject;
  now: () => Date;
}

export interface Principal {
  sub: string;
  roles: string[];
  pharmacyIds: number[];
  isAdmin: boolean;
  scope: string;
  /** The token's `exp` (unix seconds): the cable closes a connection then. */
  expiresAt: number;
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
 * Verifies a compact RS256 JWT and its registered claims, synchronously on this thread: an RSA
 * verification takes well under a millisecond, while WebCrypto (jose) would queue it behind
 * password hashes in libuv's pool. Only RS256 is accepted, so `none` and HS256-with-the-public-key
 * are refused before any key is used. Returns the payload; throws ApiError(401).
 */
export function verifyJwt(token: string, settings: AuthSettings): Record<string, unknown> {
  const parts = token.split('.');
  if (parts.length !== 3) throw unauthenticated();
  const header = decodeSegment(parts[0]);
  if (header.alg !== 'RS256' || header.crit !== undefined) throw unauthenticated();
  const signature = decodeBase64url(parts[2]);
  let valid: boolean;
  try {
    valid = verifySignature('RSA-SHA256', Buffer.from(`${parts[0]}.${parts[1]}`), settings.publicKey, signature);
  } catch {
    throw unauthenticated();
  }
  if (!valid) throw unauthenticated();
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
  return principalOf(verifyJwt(token, settings), settings.claimNamespace);
}

function principalOf(payload: Record<string, unknown>, ns: string): Principal {
  if (typeof payload.sub !== 'string') throw unauthenticated();
  const roles = Array.isArray(payload[`${ns}roles`]) ? (payload[`${ns}roles`] as unknown[]).map(String) : [];
  const meta = (payload[`${ns}app_metadata`] ?? {}) as { pharmacy_ids?: unknown; admin?: unknown };
  const pharmacyIds = Array.isArray(meta.pharmacy_ids) ? meta.pharmacy_ids.map(Number).filter(Number.isInteger) : [];
  return {
    sub: payload.sub,
    roles,
    pharmacyIds,
    isAdmin: roles.includes('admin') || meta.admin === true,
    scope: typeof payload.scope === 'string' ? payload.scope : '',
    expiresAt: payload.exp as number, // verifyJwt has checked it is a number
  };
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
    const principal = principalOf(verifyJwt(token, settings), settings.claimNamespace);
    if (/\/api\/v\d+\/admin(\/|$)/i.test(c.req.path) && !principal.isAdmin) {
      throw new ApiError(403, [MESSAGES.forbidden]);
    }
    c.set('principal', principal);
    await next();
  };
}
