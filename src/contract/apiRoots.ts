/**
 * The first path segments the API side serves (spec: every call the SPA makes; ARCHITECTURE.md
 * "The layers"), at the root and under the demo environment's `/demo/`. Everything else is the
 * SPA's. One list, read by the reference API's static handler (`server/site/static.ts`: never
 * answer these with index.html), its HTTP hardening (`server/shared/security.ts`: no-store,
 * case variants, JSON bodies) and Vite's dev proxy (`vite.config.ts`: forward these to the API).
 * Kept free of imports so vite.config.ts can load it.
 */
export const API_ROOTS = ['core', 'medorder', 'legacy', 'cable', 'storage', 'oauth', '.well-known', 'userinfo', 'api', 'jobs', 'pc-app', 'config.json'] as const;
export type ApiRoot = (typeof API_ROOTS)[number];

/**
 * The identity provider's pages (Auth0's hosted login and logout, served by the reference API's
 * `server/identity/authorize.ts`): exact paths, as `/v2/` also starts the SPA's own routes.
 */
export const IDENTITY_PAGES = ['/authorize', '/v2/logout'] as const;

/** The demo environment's copy of the API roots lives under this segment. */
export const DEMO_ROOT = 'demo';

const ROOTS: ReadonlySet<string> = new Set(API_ROOTS);

/** The API root a path falls under (`/demo/core/x` → `core`, `/config.json` → `config.json`), or undefined for the SPA's paths. */
export function apiRootOf(path: string): ApiRoot | undefined {
  const segments = path.split('/');
  const first = segments[1] === DEMO_ROOT ? segments[2] : segments[1];
  return first !== undefined && ROOTS.has(first) ? (first as ApiRoot) : undefined;
}
