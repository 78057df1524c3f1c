import { readFileSync } from 'node:fs';
import type { EnvironmentConfig, RuntimeConfig } from '../../src/contract';
import type { Capability } from '../../src/contract/additions';

export const DEFAULT_CLIENT_ID = 'cs-portal';
export const DEFAULT_CLAIM_NAMESPACE = 'https://cs-portal.example.com/';
/** The identity provider's issuer (Auth0: `https://{tenant}/`). Configured, never taken from a request's Host. */
export const DEFAULT_ISSUER = 'https://cs-portal.example.com/';
export const REALM = 'Username-Password-Authentication';

export type EnvironmentKey = 'production' | 'demo';

/** Each environment is its own API (Auth0 "API" = audience), so a demo token is refused by production. */
export const DEFAULT_AUDIENCES: Record<EnvironmentKey, string> = {
  production: 'https://api.cs-portal.example.com',
  demo: 'https://demo-api.cs-portal.example.com',
};
export const DEFAULT_AUDIENCE = DEFAULT_AUDIENCES.production;

export const claimNamespace = () => process.env.CLAIM_NAMESPACE || DEFAULT_CLAIM_NAMESPACE;
export const issuer = () => process.env.ISSUER || DEFAULT_ISSUER;
/** env AUDIENCE_PRODUCTION / AUDIENCE_DEMO override the defaults. */
export const audienceOf = (key: EnvironmentKey) => process.env[`AUDIENCE_${key.toUpperCase()}`] || DEFAULT_AUDIENCES[key];
/** env AUTH_MODE=redirect: the SPA signs in through the hosted login (`/authorize`) instead of its own card. */
export const authMode = (): 'password' | 'redirect' => (process.env.AUTH_MODE === 'redirect' ? 'redirect' : 'password');
export const audiences = () => (Object.keys(DEFAULT_AUDIENCES) as EnvironmentKey[]).map(audienceOf);

function environment(key: EnvironmentKey, label: string, prefix: string, capabilities: readonly Capability[]): EnvironmentConfig {
  return {
    key,
    label,
    capabilities: [...capabilities],
    apiBases: { core: `${prefix}/core`, medorder: `${prefix}/medorder` },
    legacyBase: `${prefix}/legacy`,
    cableUrl: `${prefix}/cable`,
    auth: {
      mode: authMode(),
      // Redirect mode: the SDK talks to the issuer's origin and checks each id_token's iss against `${domain}/`.
      domain: authMode() === 'redirect' ? issuer().replace(/\/$/, '') : '',
      clientId: DEFAULT_CLIENT_ID,
      audience: audienceOf(key),
      claimNamespace: claimNamespace(),
      realm: REALM,
    },
    orderingAppUrl: 'https://order.example.com',
    sharingAppUrl: 'https://share.example.com',
    pcAppHost: `${prefix}/pc-app`,
    jobQueueLinks: ['core', 'medorder', 'share'].map((service) => ({ service, label: service, url: `${prefix}/jobs/${service}` })),
  };
}

/**
 * The SPA's runtime config (`/config.json`): each environment names the additions beyond spec
 * section 7 that this server has (its API profile's); env CONFIG_JSON names a file that replaces
 * it wholesale, capabilities included (a deployment against the platform names none).
 */
export function runtimeConfig(capabilities: readonly Capability[]): RuntimeConfig {
  if (process.env.CONFIG_JSON) return JSON.parse(readFileSync(process.env.CONFIG_JSON, 'utf8')) as RuntimeConfig;
  return {
    defaultEnvironment: 'production',
    localDevelopment: process.env.NODE_ENV !== 'production',
    environments: [environment('production', '本番環境', '', capabilities), environment('demo', 'デモ環境', '/demo', capabilities)],
  };
}
