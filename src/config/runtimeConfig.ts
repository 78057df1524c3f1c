import type { EnvironmentConfig, RuntimeConfig } from './types';

/**
 * One build serves every deployment; what differs per host is fetched at start-up from
 * `/config.json`. Only the minimum is validated here (at least one environment with a key):
 * the rest is the lead's contract in ./types.ts and a typo there surfaces on the screen that
 * uses it.
 */
export const RUNTIME_CONFIG_URL = '/config.json';

export const CONFIG_LOAD_ERROR_MESSAGE = '設定ファイル(config.json)を読み込めませんでした。';

const isEnvironment = (value: unknown): value is EnvironmentConfig =>
  value !== null && typeof value === 'object' && typeof (value as EnvironmentConfig).key === 'string' && (value as EnvironmentConfig).key !== '';

export const parseRuntimeConfig = (value: unknown): RuntimeConfig => {
  const config = value as Partial<RuntimeConfig> | null;
  const environments = config?.environments;
  if (!Array.isArray(environments) || environments.length === 0 || !environments.every(isEnvironment)) {
    throw new Error(CONFIG_LOAD_ERROR_MESSAGE);
  }
  const keys = environments.map((environment) => environment.key);
  // An unknown default would leave the switcher with nothing selected; the first entry is the safe choice.
  const defaultEnvironment =
    typeof config?.defaultEnvironment === 'string' && keys.includes(config.defaultEnvironment) ? config.defaultEnvironment : keys[0];
  return { defaultEnvironment, localDevelopment: config?.localDevelopment === true, environments };
};

export const loadRuntimeConfig = async (fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<RuntimeConfig> => {
  let body: unknown;
  try {
    // no-store: a redeploy that changes config.json must take effect on the next load.
    const response = await fetchImpl(RUNTIME_CONFIG_URL, { cache: 'no-store', headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_URL} answered ${response.status}`);
    body = await response.json();
  } catch (cause) {
    throw new Error(CONFIG_LOAD_ERROR_MESSAGE, { cause });
  }
  return parseRuntimeConfig(body);
};
