import type { EnvironmentConfig } from '../contract/configTypes';
import { SILENT_CHECK_INTERVAL_MS, TOKEN_LIFETIME_MS, TOKEN_RENEWAL_MARGIN_MS } from '../lib/constants';
import { readClaims } from '../lib/jwt';
import { browserStorage } from '../lib/memoryStorage';
import {
  checkApiError,
  identityFromClaims,
  INVALID_CREDENTIALS_MESSAGE,
  LOGIN_FAILED_MESSAGE,
  LOGIN_PATH,
  MISSING_ROLE_MESSAGE,
  permissionsFromClaims,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from './shared';
import { createSessionStore, type AuthSession } from './session';
import { createTokenEndpoint, TokenEndpointError, type TokenResponse } from './tokenEndpoint';
import type { CsPortalAuthProvider, Permissions } from './types';

/**
 * Password mode: the portal's own login card posts the e-mail and password to the identity
 * provider's token endpoint (Auth0 password-realm grant) and keeps the tokens per environment.
 */
export interface PasswordAuthProviderOptions {
  environment: EnvironmentConfig;
  storage?: Storage;
  fetch?: typeof fetch;
  /** Clock in epoch milliseconds; tests drive it. */
  now?: () => number;
}

const NOT_SIGNED_IN = { message: false } as const; // react-admin goes to /login without a toast

/**
 * Runs the renewal under a lock shared by this browser's tabs (Web Locks, where the browser has
 * them): refresh tokens rotate on use and the identity provider ends the whole sign-in when a
 * spent one is presented again (reuse detection), so two tabs must never renew with the same
 * token at once; the second one finds the first one's session stored and takes it.
 */
const oneTabAtATime = <T>(name: string, task: () => Promise<T>): Promise<T> => {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request(name, task) as Promise<T>) : task();
};

export const createPasswordAuthProvider = ({
  environment,
  storage = browserStorage(),
  fetch: fetchImpl = (...args) => globalThis.fetch(...args),
  now = Date.now,
}: PasswordAuthProviderOptions): CsPortalAuthProvider => {
  const { auth } = environment;
  const sessions = createSessionStore(storage, environment.key);
  const tokenEndpoint = createTokenEndpoint(auth, fetchImpl);

  const toSession = (tokens: TokenResponse, previous?: AuthSession): AuthSession => {
    const exp = readClaims(tokens.access_token)?.exp;
    const lifetimeMs =
      typeof tokens.expires_in === 'number' ? tokens.expires_in * 1000 : typeof exp === 'number' ? exp * 1000 - now() : TOKEN_LIFETIME_MS;
    return {
      accessToken: tokens.access_token,
      idToken: tokens.id_token ?? previous?.idToken,
      // The endpoint rotates refresh tokens (each use answers a new one); keep the old one if none came.
      refreshToken: tokens.refresh_token ?? previous?.refreshToken,
      expiresAt: now() + lifetimeMs,
    };
  };

  const permissionsOf = (session: AuthSession | undefined): Permissions =>
    permissionsFromClaims(readClaims(session?.accessToken), readClaims(session?.idToken), auth.claimNamespace);

  // Concurrent callers (checkAuth, several queries, the interval) share one refresh request.
  let renewal: Promise<AuthSession | undefined> | undefined;

  /** `asked`: the refresh token stored when the renewal was asked for, before waiting for other tabs. */
  const refreshSession = async (asked: string | undefined): Promise<AuthSession | undefined> => {
    const session = sessions.read();
    if (!session?.refreshToken) return undefined;
    // Another tab renewed while this one waited for the lock: its session is ours too.
    if (session.refreshToken !== asked) return session;
    try {
      const next = toSession(await tokenEndpoint.refreshGrant(session.refreshToken), session);
      // Signed out (or signed in again) while the request was out: do not resurrect the old session.
      if (sessions.read()?.refreshToken !== session.refreshToken) return sessions.read();
      sessions.write(next);
      return next;
    } catch (error) {
      // Another tab renewed first (refresh tokens rotate on use): its session is ours too.
      const current = sessions.read();
      if (current && current.refreshToken !== session.refreshToken) return current;
      // A refused refresh token will never work again; a network failure may, so keep the session.
      if (error instanceof TokenEndpointError && error.status >= 400 && error.status < 500) sessions.clear();
      return undefined;
    }
  };

  const renew = (): Promise<AuthSession | undefined> => {
    const asked = sessions.read()?.refreshToken;
    renewal ??= oneTabAtATime(`cs-portal-renewal:${environment.key}`, () => refreshSession(asked)).finally(() => {
      renewal = undefined;
    });
    return renewal;
  };

  const currentToken = (): string | undefined => {
    const session = sessions.read();
    return session && session.expiresAt - now() > TOKEN_RENEWAL_MARGIN_MS ? session.accessToken : undefined;
  };

  const getToken = async (): Promise<string | undefined> => {
    const current = currentToken();
    if (current !== undefined) return current;
    const session = sessions.read();
    if (!session) return undefined;
    const renewed = await renew();
    if (renewed) return renewed.accessToken;
    return session.expiresAt > now() ? session.accessToken : undefined;
  };

  return {
    login: async (params: { username?: string; email?: string; password?: string }) => {
      let tokens: TokenResponse;
      try {
        tokens = await tokenEndpoint.passwordGrant(params.username ?? params.email ?? '', params.password ?? '');
      } catch (error) {
        const code = error instanceof TokenEndpointError ? error.code : undefined;
        const refused = error instanceof TokenEndpointError && (error.status === 401 || error.status === 403) && code === 'invalid_grant';
        const message = refused ? INVALID_CREDENTIALS_MESSAGE : code === 'too_many_attempts' ? TOO_MANY_ATTEMPTS_MESSAGE : LOGIN_FAILED_MESSAGE;
        throw new Error(message, { cause: error });
      }
      const session = toSession(tokens);
      // A user without a portal role must not end up half signed in: nothing is stored.
      if (!permissionsOf(session).role) throw new Error(MISSING_ROLE_MESSAGE);
      sessions.write(session);
    },

    logout: async () => {
      const refreshToken = sessions.read()?.refreshToken;
      sessions.clear();
      // Signing out ends the sign-in on the server too, so a copied refresh token is worthless.
      if (refreshToken) await tokenEndpoint.revoke(refreshToken);
      return LOGIN_PATH;
    },

    checkAuth: async () => {
      const session = sessions.read();
      if (!session) throw NOT_SIGNED_IN;
      if (session.expiresAt > now()) return;
      if (await renew()) return;
      sessions.clear();
      throw NOT_SIGNED_IN;
    },

    checkError: (error: unknown) => checkApiError(error, sessions.clear),

    getIdentity: async () => {
      const session = sessions.read();
      const claims = readClaims(session?.idToken) ?? readClaims(session?.accessToken);
      if (!claims) throw NOT_SIGNED_IN;
      return identityFromClaims(claims);
    },

    getPermissions: async () => permissionsOf(sessions.read()),

    getToken,
    currentToken,

    forceRefresh: async () => (await renew())?.accessToken,

    startSilentRenewal: () => {
      const timer = setInterval(() => void renew(), SILENT_CHECK_INTERVAL_MS);
      return () => clearInterval(timer);
    },
  };
};
