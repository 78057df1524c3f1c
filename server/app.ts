/**
 * The reference API: every service in one process, each under its own base and with its own
 * SQLite file (no cross-service joins).
 *
 * The SPA addresses `/api/v2/{module}/{rest}`; the module picks the service base from
 * `/config.json`, and the service receives `/api/v2/{rest}`:
 *   /core/api/v2/...      core service        DATA_DIR/core.sqlite
 *   /medorder/api/v2/...  ordering service    DATA_DIR/medorder.sqlite   (skeleton)
 *   /legacy/api/v1/...    legacy v1           DATA_DIR/legacy.sqlite     (skeleton)
 *   /cable                ActionCable (websocket, ?token=)
 *   /demo/{core,medorder,legacy,cable}  the demo environment's isolated copies,
 *                         DATA_DIR/demo/*.sqlite, seeded from a different random seed
 * Root: identity (Auth0-compatible /oauth/token, /.well-known/jwks.json, /userinfo;
 * DATA_DIR/identity.sqlite, shared by both environments), /config.json, /pc-app/*.yml,
 * /jobs/{service}, /api/openapi.json (production bases only) and the built SPA.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { createCable, type CableChannel } from './cable';
import type { DB } from './db/open';
import { openIdentityDb } from './identity/db';
import { createIdentityManagement } from './identity/management';
import { loadSigningKey } from './identity/keys';
import { registerIdentityRoutes } from './identity/routes';
import { openCoreDb } from './services/core/db';
import { createCoreService } from './services/core';
import { createLegacyService, openLegacyDb } from './services/legacy';
import { createMedorderService, openMedorderDb } from './services/medorder';
import type { SeedScale } from './services/core/seed';
import type { AuthSettings } from './shared/auth';
import { notFoundJson, onError } from './shared/errors';
import { registerSecurity } from './shared/openapi';
import { claimNamespace, DEFAULT_AUDIENCE, DEFAULT_CLIENT_ID } from './site/config';
import { registerSiteRoutes } from './site/routes';

export interface AppOptions {
  dataDir: string;
  seedScale?: SeedScale;
  staticDir?: string;
  now?: () => Date;
}

export interface CreatedApp {
  app: OpenAPIHono;
  close(): void;
  attachWebSockets(server: Server): void;
}

/** Fixed PRNG seeds: production and demo differ so switching environments shows other data. */
export const SEEDS = { production: 20261101, demo: 7_340_219 } as const;

const EXPOSED_HEADERS = ['x-total-count', 'x-current-page', 'x-total-pages', 'x-last-updated', 'x-store-cache-control'];

export function createApp(options: AppOptions): CreatedApp {
  const now = options.now ?? (() => new Date());
  const scale = options.seedScale ?? 'small';
  const namespace = claimNamespace();
  const dbs: DB[] = [];

  const identityDb = openIdentityDb(options.dataDir);
  dbs.push(identityDb);
  const key = loadSigningKey(identityDb);
  const auth: AuthSettings = { audience: DEFAULT_AUDIENCE, claimNamespace: namespace, publicKey: key.publicKey, now };

  const app = new OpenAPIHono();
  app.onError(onError);
  app.notFound(notFoundJson);
  app.use(
    '*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'If-Updated-Since'],
      exposeHeaders: EXPOSED_HEADERS,
    }),
  );
  registerSecurity(app);
  const identity = createIdentityManagement(identityDb, now);
  registerIdentityRoutes(app, { db: identityDb, key, audience: DEFAULT_AUDIENCE, clientId: DEFAULT_CLIENT_ID, claimNamespace: namespace, now });

  const demo = new Hono();
  for (const [envName, dir, seed] of [
    ['production', options.dataDir, SEEDS.production],
    ['demo', join(options.dataDir, 'demo'), SEEDS.demo],
  ] as const) {
    const core = openCoreDb(dir, seed, scale);
    const medorder = openMedorderDb(dir);
    const legacy = openLegacyDb(dir);
    dbs.push(core, medorder, legacy);
    // Production services mount on the OpenAPI app (their routes land in /api/openapi.json);
    // the demo copies mount on a plain Hono so the document lists each route once.
    const mount = (base: string, service: Hono) =>
      envName === 'production' ? app.route(base, service as OpenAPIHono) : demo.route(base, service);
    mount('/core', createCoreService({ db: core, auth, now, identity }) as unknown as Hono);
    mount('/medorder', createMedorderService({ db: medorder, auth, now }) as unknown as Hono);
    mount('/legacy', createLegacyService({ db: legacy, auth, now }) as unknown as Hono);
  }
  app.route('/demo', demo);

  app.doc('/api/openapi.json', {
    openapi: '3.0.3',
    info: { title: 'CS portal reference API', version: '2.0.0', description: '本番環境のベース。デモ環境は同じ経路を /demo 配下に持つ。' },
    security: [{ bearerAuth: [] }],
  });
  registerSiteRoutes(app, options.staticDir);

  const cable = createCable({
    auth,
    endpoints: { '/cable': new Map<string, CableChannel>(), '/demo/cable': new Map<string, CableChannel>() },
  });

  return {
    app,
    attachWebSockets: (server) => cable.attach(server),
    close() {
      cable.close();
      for (const db of dbs) if (db.open) db.close();
    },
  };
}
