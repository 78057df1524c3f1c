/**
 * The runtime configuration served at `/config.json`. One build serves every deployment:
 * everything that differs between hosts (API bases, identity tenant, external app links) lives
 * here, not in the bundle.
 */
export type ServiceModule = 'core' | 'medorder';

export type AuthMode = 'password' | 'redirect';

export interface AuthConfig {
  /** password: the portal's own login card posts to `${domain}/oauth/token`; redirect: Auth0 universal login. */
  mode: AuthMode;
  /** Identity provider origin, e.g. `https://tenant.auth0.com`; empty string = same origin (the reference API). */
  domain: string;
  clientId: string;
  audience: string;
  /** Namespace of the custom claims carrying `roles` and `app_metadata`, e.g. `https://cs-portal.example.com/`. */
  claimNamespace: string;
  /** Auth0 database connection used as `realm` by the password-realm grant. */
  realm?: string;
}

export interface JobQueueLink {
  /** Service the dashboard belongs to: core, medorder, share. */
  service: string;
  label: string;
  url: string;
}

export interface EnvironmentConfig {
  /** `production` or `demo`. */
  key: string;
  /** Japanese label shown by the environment switcher, e.g. 本番環境. */
  label: string;
  /** Base URL per service module: `/api/v2/{module}/{rest}` goes to `${apiBases[module]}/api/v2/{rest}`. */
  apiBases: Record<ServiceModule, string>;
  /** Base of the legacy v1 endpoint: `/api/v1/{rest}` goes to `${legacyBase}/api/v1/{rest}`. */
  legacyBase: string;
  /** ActionCable endpoint (ws:// or wss://, or a path resolved against the page's origin). */
  cableUrl: string;
  auth: AuthConfig;
  orderingAppUrl: string;
  sharingAppUrl: string;
  /** Host serving the PC app's release descriptors `latest.yml` and `latest-mac.yml`. */
  pcAppHost: string;
  jobQueueLinks: JobQueueLink[];
  /**
   * The additions beyond spec section 7 this environment's services have (src/contract/additions.ts):
   * the SPA uses an addition only when it is named here. Absent or empty: the section 7 portal.
   */
  capabilities?: string[];
}

export interface RuntimeConfig {
  defaultEnvironment: string;
  /** True only when the portal runs on a developer's machine: shows the user-restore entry. */
  localDevelopment: boolean;
  environments: EnvironmentConfig[];
}
