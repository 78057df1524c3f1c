import { readFileSync } from 'node:fs';
import type { EnvironmentConfig, RuntimeConfig } from '../../src/config/types';

export const DEFAULT_AUDIENCE = 'https://api.cs-portal.example.com';
export const DEFAULT_CLIENT_ID = 'cs-portal';
export const DEFAULT_CLAIM_NAMESPACE = 'https://cs-portal.example.com/';
export const REALM = 'Username-Password-Authentication';

export const claimNamespace = () => process.env.CLAIM_NAMESPACE || DEFAULT_CLAIM_NAMESPACE;

function environment(key: string, label: string, prefix: string): EnvironmentConfig {
  return {
    key,
    label,
    apiBases: { core: `${prefix}/core`, medorder: `${prefix}/medorder` },
    legacyBase: `${prefix}/legacy`,
    cableUrl: `${prefix}/cable`,
    auth: {
      mode: 'password',
      domain: '',
      clientId: DEFAULT_CLIENT_ID,
      audience: DEFAULT_AUDIENCE,
      claimNamespace: claimNamespace(),
      realm: REALM,
    },
    orderingAppUrl: 'https://order.example.com',
    sharingAppUrl: 'https://share.example.com',
    pcAppHost: `${prefix}/pc-app`,
    jobQueueLinks: ['core', 'medorder', 'share'].map((service) => ({ service, label: service, url: `${prefix}/jobs/${service}` })),
  };
}

/** The SPA's runtime config (`/config.json`); env CONFIG_JSON names a file that replaces it wholesale. */
export function runtimeConfig(): RuntimeConfig {
  if (process.env.CONFIG_JSON) return JSON.parse(readFileSync(process.env.CONFIG_JSON, 'utf8')) as RuntimeConfig;
  return {
    defaultEnvironment: 'production',
    localDevelopment: process.env.NODE_ENV !== 'production',
    environments: [environment('production', '本番環境', ''), environment('demo', 'デモ環境', '/demo')],
  };
}
