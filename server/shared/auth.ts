import type { MiddlewareHandler } from 'hono';
import { errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { KeyObject } from 'node:crypto';
import { ApiError, MESSAGES } from './errors';

export interface AuthSettings {
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
}

export type AuthEnv = { Variables: { principal: Principal } };

export function bearerToken(header: string | undefined): string | undefined {
  const m = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return m?.[1];
}

/** Verifies an RS256 access token issued by our identity endpoints. Throws ApiError(401). */
export async function verifyAccessToken(token: string, settings: AuthSettings): Promise<Principal> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, settings.publicKey, {
      algorithms: ['RS256'],
      audience: settings.audience,
      currentDate: settings.now(),
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new ApiError(401, [MESSAGES.expired]);
    throw new ApiError(401, [MESSAGES.unauthenticated]);
  }
  if (typeof payload.sub !== 'string') throw new ApiError(401, [MESSAGES.unauthenticated]);
  const ns = settings.claimNamespace;
  const roles = Array.isArray(payload[`${ns}roles`]) ? (payload[`${ns}roles`] as unknown[]).map(String) : [];
  const meta = (payload[`${ns}app_metadata`] ?? {}) as { pharmacy_ids?: unknown; admin?: unknown };
  const pharmacyIds = Array.isArray(meta.pharmacy_ids) ? meta.pharmacy_ids.map(Number).filter(Number.isInteger) : [];
  return {
    sub: payload.sub,
    roles,
    pharmacyIds,
    isAdmin: roles.includes('admin') || meta.admin === true,
    scope: typeof payload.scope === 'string' ? payload.scope : '',
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
    if (!token) throw new ApiError(401, [MESSAGES.unauthenticated]);
    const principal = await verifyAccessToken(token, settings);
    if (/\/api\/v\d+\/admin(\/|$)/.test(c.req.path) && !principal.isAdmin) {
      throw new ApiError(403, [MESSAGES.forbidden]);
    }
    c.set('principal', principal);
    await next();
  };
}
