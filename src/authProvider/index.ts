import type { EnvironmentConfig } from '../contract/configTypes';
import { createPasswordAuthProvider } from './password';
import { createRedirectAuthProvider } from './redirect';
import { withAdminOnlyAccess } from './shared';
import { createReturnPathStore, type ReturnPathStore } from './returnPath';
import { browserStorage } from '../lib/memoryStorage';
import type { CsPortalAuthProvider } from './types';

/**
 * The auth provider for the selected environment: password mode (the portal's login card) or
 * redirect mode (Auth0 universal login), per `environment.auth.mode` in config.json. Either way
 * `canAccess` lets admins only (withAdminOnlyAccess, shared.ts).
 */
export interface AuthProviderOptions {
  environment: EnvironmentConfig;
  storage?: Storage;
  fetch?: typeof fetch;
  now?: () => number;
  /** Where a sign-in returns to; per tab (sessionStorage) unless a test passes its own. */
  returnPaths?: ReturnPathStore;
  /** The page the user is on when signed out; tests pass their own. */
  location?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * react-admin signs out through `logout` on every way to /login: a failed checkAuth (a deep link
 * opened signed out, an expired session), a 401 (checkError), the account menu. Whatever the
 * user was looking at then is remembered, so the sign-in returns there (issue 40 item 7);
 * react-admin's own `nextPathname` state loses the hash and does not survive a reload or the
 * identity provider's round trip.
 */
export const withReturnPath = <P extends CsPortalAuthProvider>(provider: P, returnPaths: ReturnPathStore, location: Pick<Location, 'pathname' | 'search' | 'hash'> | undefined): P => ({
  ...provider,
  logout: (params: unknown) => {
    if (location) returnPaths.remember(location);
    return provider.logout(params);
  },
});

export const createAuthProvider = (options: AuthProviderOptions): CsPortalAuthProvider =>
  withReturnPath(
    withAdminOnlyAccess(
      options.environment.auth.mode === 'redirect'
        ? createRedirectAuthProvider({ environment: options.environment, storage: options.storage })
        : createPasswordAuthProvider(options),
    ),
    options.returnPaths ?? defaultReturnPaths(),
    options.location ?? globalThis.location,
  );

/** The tab's return path: what the login page reads after a sign-in. */
export const defaultReturnPaths = (): ReturnPathStore => createReturnPathStore(browserStorage('sessionStorage'));

export { createPasswordAuthProvider } from './password';
export { createRedirectAuthProvider, CALLBACK_ERROR_STORAGE_KEY } from './redirect';
export type { RedirectAuthProvider } from './redirect';
export type { CsPortalAuthProvider, Permissions } from './types';
export { sessionStorageKey } from './session';
export { returnPathOr, safeReturnPath, type ReturnPathStore } from './returnPath';
export * from './shared';
