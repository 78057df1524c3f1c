import type { EnvironmentConfig } from '../config/types';
import { createPasswordAuthProvider } from './password';
import { createRedirectAuthProvider } from './redirect';
import { withAdminOnlyAccess } from './shared';
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
}

export const createAuthProvider = (options: AuthProviderOptions): CsPortalAuthProvider =>
  withAdminOnlyAccess(
    options.environment.auth.mode === 'redirect'
      ? createRedirectAuthProvider({ environment: options.environment, storage: options.storage })
      : createPasswordAuthProvider(options),
  );

export { createPasswordAuthProvider } from './password';
export { createRedirectAuthProvider, CALLBACK_ERROR_STORAGE_KEY } from './redirect';
export type { RedirectAuthProvider } from './redirect';
export type { CsPortalAuthProvider, Permissions } from './types';
export { sessionStorageKey } from './session';
export * from './shared';
