import type { EnvironmentConfig } from '../../../src/contract/configTypes';

/** Absolute bases on http://localhost so msw (node) can intercept every call. */
export const testEnvironment = (overrides: Partial<EnvironmentConfig> = {}): EnvironmentConfig => ({
  key: 'demo',
  label: 'デモ環境',
  apiBases: { core: 'http://localhost/core', medorder: 'http://localhost/medorder' },
  legacyBase: 'http://localhost/legacy',
  cableUrl: 'ws://localhost/cable',
  auth: {
    mode: 'password',
    domain: 'http://localhost/idp',
    clientId: 'test-client',
    audience: 'https://api.cs-portal.test',
    claimNamespace: 'https://cs-portal.test/',
    realm: 'Username-Password-Authentication',
  },
  orderingAppUrl: 'https://order.test',
  sharingAppUrl: 'https://share.test',
  pcAppHost: 'https://pc.test',
  jobQueueLinks: [],
  ...overrides,
});
