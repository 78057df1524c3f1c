import type { EnvironmentConfig, RuntimeConfig } from '../contract/configTypes';

/**
 * The environment switcher (production / demo). The choice survives reloads in localStorage;
 * tokens are stored per environment, so switching signs out of the old one and starts clean.
 */
export const ENVIRONMENT_STORAGE_KEY = 'cs-portal.environment';

// localStorage is missing in node and may throw in locked-down browsers; the portal then uses the default.
const defaultStorage = (): Storage | undefined => {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
};

export const selectEnvironment = (config: RuntimeConfig, storage: Storage | undefined = defaultStorage()): EnvironmentConfig => {
  const storedKey = storage?.getItem(ENVIRONMENT_STORAGE_KEY);
  const byKey = (key: string | null | undefined) => config.environments.find((environment) => environment.key === key);
  return byKey(storedKey) ?? byKey(config.defaultEnvironment) ?? config.environments[0];
};

export const switchEnvironment = (key: string, storage: Storage | undefined = defaultStorage()): void => {
  storage?.setItem(ENVIRONMENT_STORAGE_KEY, key);
};

interface SignOut {
  logout: (params: unknown) => Promise<unknown>;
}

/**
 * What the switcher does: remember the new environment, sign out of the current one, then do a
 * full reload on /login so every provider is rebuilt for the new environment.
 */
export const switchEnvironmentAndSignOut = async (
  key: string,
  authProvider: SignOut,
  options: { storage?: Storage; navigate?: (url: string) => void } = {},
): Promise<void> => {
  switchEnvironment(key, options.storage ?? defaultStorage());
  try {
    await authProvider.logout({});
  } finally {
    (options.navigate ?? ((url: string) => window.location.assign(url)))('/login');
  }
};
