/**
 * The reference API: every service in one process, each under its own base and with its own
 * SQLite file (no cross-service joins). No service imports another: what one needs of another it
 * is handed by server/environment.ts (eslint.config.js holds them to it).
 *
 * The SPA addresses `/api/v2/{module}/{rest}`; the module picks the service base from
 * `/config.json`, and the service receives `/api/v2/{rest}`:
 *   /core/api/v2/...      core service        DATA_DIR/core.sqlite
 *   /medorder/api/v2/...  ordering service    DATA_DIR/medorder.sqlite   (skeleton)
 *   /legacy/api/v1/...    legacy v1           DATA_DIR/legacy.sqlite     (skeleton)
 *   /cable                ActionCable (websocket, ?token=)
 *   /storage/{bucket}/... blob storage, presigned URLs  DATA_DIR/storage/production/
 *   /demo/{core,medorder,legacy,cable,storage}  the demo environment's isolated copies,
 *                         DATA_DIR/demo/*.sqlite, seeded from a different random seed
 * Each environment (server/environment.ts) also has its job runner (DATA_DIR[/demo]/jobs.sqlite).
 * Root: identity (Auth0-compatible /oauth/token, /.well-known/jwks.json, /userinfo;
 * DATA_DIR/identity.sqlite, shared by both environments), /config.json, /pc-app/*.yml,
 * /jobs/{service}, /api/openapi.json (each route once, under the servers `/` and `/demo`) and the built SPA.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono, type Env } from 'hono';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createCableServer, type Schedule } from './cable';
import { createEnvironment, type Environment, type EnvironmentName } from './environment';
import { openIdentityDb } from './identity/db';
import { createIdentityManagement } from './identity/management';
import { createSessions } from './identity/sessions';
import { loadSigningKey } from './identity/keys';
import { registerIdentityRoutes } from './identity/routes';
import type { ThrottleLimits } from './identity/throttle';
import { DEFAULT_TICK_MS } from './jobs/runner';
import type { SeedScale } from './db/seedCatalogue';
import type { AuthSettings } from './shared/auth';
import { createFairnessBudget, DEFAULT_FAIRNESS, type FairnessLimits } from './shared/fairness';
import { notFoundJson, onError } from './shared/errors';
import { registerSecurity } from './shared/openapi';
import { serveApiDocument } from './shared/apiDocument';
import { trustedProxies } from './shared/clientOrigin';
import { httpSecurity } from './shared/security';
import { apiProfileFromEnv, platformCables, platformFilter, type ApiProfile } from './shared/apiProfile';
import { audienceOf, audiences, claimNamespace, DEFAULT_CLIENT_ID, issuer } from './site/config';
import { registerSiteRoutes } from './site/routes';

export interface AppOptions {
  dataDir: string;
  seedScale?: SeedScale;
  staticDir?: string;
  now?: () => Date;
  /** Cable ping period (3 s, as Rails); tests shorten it. */
  cablePingMs?: number;
  /** When the cable pings and checks a connection's token expiry (real timers); tests fire it by hand. */
  cableSchedule?: Schedule;
  /** Job ticker period in real time; 0 leaves ticking to the caller (`jobs.tick()`). */
  jobTickMs?: number;
  /** Reverse proxies whose X-Forwarded-For / X-Forwarded-Proto are believed (default: env TRUSTED_PROXIES, none). */
  trustedProxies?: string[];
  /** What it serves beyond spec section 7 (default: env API_PROFILE, full). */
  apiProfile?: ApiProfile;
  /** The sign-in throttle's limits (default: Auth0's); tests that only count refusals shorten its real-time delays. */
  signInThrottle?: ThrottleLimits;
  /** Each user's share of list work (default DEFAULT_FAIRNESS); tests narrow it to count refusals. */
  fairness?: FairnessLimits;
}

export interface CreatedApp {
  app: OpenAPIHono;
  close(): void;
  attachWebSockets(server: Server): void;
  environments: Record<EnvironmentName, Environment>;
}

/** Fixed PRNG seeds: production and demo differ so switching environments shows other data. */
export const SEEDS = { production: 20261101, demo: 7_340_219 } as const;

export function createApp(options: AppOptions): CreatedApp {
  const now = options.now ?? (() => new Date());
  const proxies = options.trustedProxies ?? trustedProxies();
  const scale = options.seedScale ?? 'small';
  const namespace = claimNamespace();

  const identityDb = openIdentityDb(options.dataDir);
  const key = loadSigningKey(identityDb);
  // Each environment is its own API: a token carries that environment's audience. Sessions (and
  // their revocation) come from the identity store, pharmacy rights from the environment's core
  // (environment.ts).
  const sessions = createSessions(identityDb, now);
  const session = sessions.standing;
  const authOf = (env: EnvironmentName): Omit<AuthSettings, 'access'> & { session: typeof session } =>
    ({ issuer: issuer(), audience: audienceOf(env), claimNamespace: namespace, publicKey: key.publicKey, now, session });

  const app = new OpenAPIHono();
  app.onError(onError);
  app.notFound(notFoundJson);
  app.use('*', ...httpSecurity({ trustedProxies: proxies }));
  // The spec profile answers as the platform would, in front of every service (shared/apiProfile.ts).
  const profile = options.apiProfile ?? apiProfileFromEnv();
  app.use('*', platformFilter(profile));
  registerSecurity(app);
  const identity = createIdentityManagement(identityDb, now, sessions);
  registerIdentityRoutes(app, { db: identityDb, sessions, key, issuer: issuer(), audiences: audiences(), clientId: DEFAULT_CLIENT_ID, claimNamespace: namespace, now, trustedProxies: proxies, throttle: options.signInThrottle });

  // Each environment's cable endpoint exists before its services, which are given its publisher.
  // One budget per user across both environments and every service: they share the one thread.
  const fairness = createFairnessBudget(options.fairness ?? DEFAULT_FAIRNESS);
  // In the spec profile the broadcasts go out without the additions' fields (shared/apiProfile.ts).
  const cables = platformCables(profile, createCableServer({ now, pingIntervalMs: options.cablePingMs, schedule: options.cableSchedule }));
  // An ended session's websockets close in the same turn as the revocation, not at the next ping.
  sessions.onRevoked((sub) => cables.recheckUser(sub));
  const demo = new Hono();
  const environments = {} as Record<EnvironmentName, Environment>;
  for (const [name, dir, seed, prefix] of [
    ['production', options.dataDir, SEEDS.production, ''],
    ['demo', join(options.dataDir, 'demo'), SEEDS.demo, '/demo'],
  ] as const) {
    // The lookups batch's calls go through the whole app (bound late: it is complete before any request).
    const dispatch = (request: Request) => app.fetch(request);
    const env = createEnvironment({ name, dataDir: options.dataDir, dir, seed, scale, prefix, auth: authOf(name), now, identity, cables, dispatch, fairness });
    environments[name] = env;
    if (options.jobTickMs !== 0) env.jobs.start(options.jobTickMs ?? DEFAULT_TICK_MS);
    // Production services mount on the OpenAPI app (their routes land in /api/openapi.json);
    // the demo copies mount on a plain Hono so the document lists each route once.
    const mount = <E extends Env>(base: string, service: Hono<E>) =>
      name === 'production' ? app.route(base, service) : demo.route(base, service);
    mount('/core', env.services.core);
    mount('/medorder', env.services.medorder);
    mount('/legacy', env.services.legacy);
    mount('/storage', env.storageRoutes);
  }
  app.route('/demo', demo);

  serveApiDocument(app, '/api/openapi.json', {
    info: {
      title: 'CS portal reference API',
      version: '2.0.0',
      description:
        '本番環境とデモ環境 (同じ経路を /demo 配下に持つ) のAPI。`x-beyond-spec` の付いた呼び出し・パラメータ・ヘッダは仕様 7 章にない拡張で、値は /config.json の `capabilities` での名前 (true は名前のない拡張)。`x-beyond-spec-values` は仕様にあるパラメータの、仕様にない値。',
    },
  });
  registerSiteRoutes(app, options.staticDir, profile.capabilities);

  return {
    app,
    environments,
    attachWebSockets: (server) => cables.attach(server),
    close() {
      cables.close();
      for (const env of Object.values(environments)) env.close();
      if (identityDb.open) identityDb.close();
    },
  };
}
