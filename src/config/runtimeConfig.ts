import type { EnvironmentConfig, RuntimeConfig } from '../contract/configTypes';

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

/**
 * index.html preloads config.json (`<link rel="preload" as="fetch" crossorigin>`) so it arrives
 * beside the scripts. The browser hands that answer to a fetch only when the two requests are
 * alike, so this one is a plain same-origin GET: no headers, no cache mode of its own. The server
 * answers `Cache-Control: no-store`, so a redeploy that changes config.json still shows on the
 * next load.
 */
export const RUNTIME_CONFIG_REQUEST: RequestInit = { method: 'GET', mode: 'cors', credentials: 'same-origin' };

export const loadRuntimeConfig = async (fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<RuntimeConfig> => {
  let body: unknown;
  try {
    const response = await fetchImpl(RUNTIME_CONFIG_URL, RUNTIME_CONFIG_REQUEST);
    if (!response.ok) throw new Error(`GET ${RUNTIME_CONFIG_URL} answered ${response.status}`);
    body = await response.json();
  } catch (cause) {
    throw new Error(CONFIG_LOAD_ERROR_MESSAGE, { cause });
  }
  return parseRuntimeConfig(body);
};
