import { jwtDecode, type JwtHeader, type JwtPayload } from 'jwt-decode';

/**
 * The SPA only reads tokens (role, expiry, the JWT screen); it never verifies signatures, the
 * API does.
 */
export type TokenClaims = JwtPayload & Record<string, unknown>;

export interface DecodedJwt {
  header: JwtHeader & Record<string, unknown>;
  payload: TokenClaims;
}

/** Throws jwt-decode's InvalidTokenError for a malformed token. */
export const decodeJwt = (token: string): DecodedJwt => ({
  header: jwtDecode<JwtHeader & Record<string, unknown>>(token, { header: true }),
  payload: jwtDecode<TokenClaims>(token),
});

/** Claims of a token, or undefined when it is missing or malformed. */
export const readClaims = (token: string | undefined): TokenClaims | undefined => {
  if (!token) return undefined;
  try {
    return jwtDecode<TokenClaims>(token);
  } catch {
    return undefined;
  }
};

/**
 * Seconds left before `exp` (negative once expired; the JWT screen shows the red notice at or
 * below zero). Undefined when the token has no expiry.
 */
export const secondsUntilExpiry = (payload: Pick<JwtPayload, 'exp'>, now: number = Date.now()): number | undefined =>
  typeof payload.exp === 'number' ? Math.floor(payload.exp - now / 1000) : undefined;
