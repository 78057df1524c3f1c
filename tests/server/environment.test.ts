import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { CAPABILITIES } from '../../src/contract/additions';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { RuntimeConfig } from '../../src/contract/configTypes';
import { DEFAULT_AUDIENCES } from '../../server/site/config';
import { ADMIN, getJson, startApp, tempDir, type TestApp } from './helpers';

let app: TestApp;
let staticDir: string;

/** GET in the demo environment, with a token for the demo API. */
async function getDemo<T = unknown>(target: TestApp, path: string) {
  const res = await target.call(path, { token: await target.token(ADMIN, DEFAULT_AUDIENCES.demo) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as T };
}

beforeAll(() => {
  staticDir = tempDir();
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'assets', 'app.js'), 'console.log(1)');
  app = startApp({ staticDir });
});
afterAll(() => {
  app.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('environments', () => {
  it('keeps the demo data separate and differently seeded', async () => {
    const prod = await getJson<{ id: number; name: string }[]>(app, '/core/api/v2/admin/companies?sort=id');
    const demo = await getDemo<{ id: number; name: string }[]>(app, '/demo/core/api/v2/admin/companies?sort=id');
    expect(demo.status).toBe(200);
    expect(demo.body.map((c) => c.name)).not.toEqual(prod.body.map((c) => c.name));
    const created = await app.call('/core/api/v2/admin/companies', { method: 'POST', token: await app.token(), json: { name: '株式会社本番だけ' } });
    expect(created.status).toBe(201);
    const q = `?query=${encodeURIComponent('本番だけ')}`;
    expect((await getJson<unknown[]>(app, `/core/api/v2/admin/companies${q}`)).body).toHaveLength(1);
    expect((await getDemo<unknown[]>(app, `/demo/core/api/v2/admin/companies${q}`)).body).toHaveLength(0);
    // The same identity serves both environments, each with its own audience.
    const me = await getDemo<{ email: string }>(app, '/demo/core/api/v2/common/users/me');
    expect(me.body.email).toBe('admin@example.com');
  });

  it('keeps data and signing keys across restarts on the same dir', async () => {
    const dir = tempDir();
    try {
      const first = startApp({}, dir);
      const token = await first.token();
      await first.call('/core/api/v2/admin/companies', { method: 'POST', token, json: { name: '株式会社永続化' } });
      first.close();
      const second = startApp({}, dir);
      try {
        const res = await second.call(`/core/api/v2/admin/companies?query=${encodeURIComponent('永続化')}`, { token });
        expect(res.status).toBe(200); // the old token still verifies
        expect(await res.json()).toHaveLength(1);
        expect(res.headers.get('x-total-count')).toBe('1');
      } finally {
        second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('seeds deterministically', async () => {
    // Seeded from nothing, compared with the app copied from the project's template.
    const other = startApp({ seedFresh: true });
    try {
      for (const path of [
        '/core/api/v2/admin/pharmacies?sort=id&add_ended=true',
        '/core/api/v2/admin/companies?sort=id',
        '/core/api/v2/master/dealers',
        '/demo/core/api/v2/admin/pharmacies?sort=id&add_ended=true',
      ]) {
        const get = path.startsWith('/demo/') ? getDemo : getJson;
        const a = await get(app, path);
        const b = await get(other, path);
        expect(b.body, path).toEqual(a.body);
      }
    } finally {
      other.dispose();
    }
  });
});

describe('root routes', () => {
  it('publishes the OpenAPI document with service bases and bearer security', async () => {
    const doc = await (await app.call('/api/openapi.json')).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/oauth/token', '/.well-known/jwks.json', '/userinfo', '/core/api/v2/common/users/me',
        '/core/api/v2/admin/companies', '/core/api/v2/admin/companies/{id}', '/core/api/v2/admin/companies/{id}/pharmacies',
        '/core/api/v2/admin/pharmacies', '/core/api/v2/admin/pharmacies/{id}', '/core/api/v2/master/dealers',
        '/core/api/v2/master/dealers/{id}', '/medorder/api/v2/admin/ping', '/legacy/api/v1/ping',
      ]),
    );
    expect(doc.paths['/core/api/v2/admin/companies/{id}/pharmacies']).toHaveProperty('patch');
    expect(doc.paths['/core/api/v2/admin/companies/{id}/pharmacies']).toHaveProperty('delete');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('serves the runtime config', async () => {
    const config = (await (await app.call('/config.json')).json()) as RuntimeConfig;
    expect(config.defaultEnvironment).toBe('production');
    expect(config.localDevelopment).toBe(true);
    expect(config.environments.map((e) => e.key)).toEqual(['production', 'demo']);
    const [prod, demo] = config.environments;
    expect(prod).toEqual({
      key: 'production',
      label: '本番環境',
      apiBases: { core: '/core', medorder: '/medorder' },
      legacyBase: '/legacy',
      cableUrl: '/cable',
      auth: {
        mode: 'password', domain: '', clientId: 'cs-portal', audience: 'https://api.cs-portal.example.com',
        claimNamespace: 'https://cs-portal.example.com/', realm: 'Username-Password-Authentication',
      },
      orderingAppUrl: 'https://order.example.com',
      sharingAppUrl: 'https://share.example.com',
      pcAppHost: '/pc-app',
      jobQueueLinks: [
        { service: 'core', label: 'core', url: '/jobs/core' },
        { service: 'medorder', label: 'medorder', url: '/jobs/medorder' },
        { service: 'share', label: 'share', url: '/jobs/share' },
      ],
      // Every addition beyond spec section 7 this server has (API_PROFILE is full by default).
      capabilities: [...CAPABILITIES],
    });
    expect(demo.auth.audience).toBe('https://demo-api.cs-portal.example.com');
    expect(demo).toMatchObject({ label: 'デモ環境', apiBases: { core: '/demo/core', medorder: '/demo/medorder' }, legacyBase: '/demo/legacy', cableUrl: '/demo/cable', pcAppHost: '/demo/pc-app' });
    expect(demo.jobQueueLinks[0].url).toBe('/demo/jobs/core');
  });

  it('serves the PC app descriptors as YAML, ignoring ?t=', async () => {
    for (const prefix of ['', '/demo']) {
      const win = await app.call(`${prefix}/pc-app/latest.yml?t=${Date.now()}`);
      expect(win.status).toBe(200);
      expect(win.headers.get('cache-control')).toBe('no-store');
      const doc = parse(await win.text());
      expect(doc).toMatchObject({ version: '3.4.1', path: 'cs-portal-pc-Setup-3.4.1.exe' });
      expect(doc.files[0]).toMatchObject({ url: 'cs-portal-pc-Setup-3.4.1.exe', sha512: expect.any(String), size: expect.any(Number) });
      expect(Number.isNaN(Date.parse(doc.releaseDate))).toBe(false);
      const mac = parse(await (await app.call(`${prefix}/pc-app/latest-mac.yml?t=1`)).text());
      expect(mac.path).toBe('cs-portal-pc-3.4.1.dmg');
      expect(mac.files.map((f: { url: string }) => f.url.split('.').pop())).toEqual(['zip', 'dmg']);
    }
  });

  it('serves job-queue placeholders and the SPA with history fallback', async () => {
    const jobs = await app.call('/jobs/medorder');
    expect(jobs.status).toBe(200);
    expect(await jobs.text()).toContain('medorder');
    expect((await app.call('/demo/jobs/share')).status).toBe(200);
    expect((await app.call('/jobs/unknown')).status).toBe(404);
    for (const path of ['/', '/v2/core/companies/3/edit', '/login']) {
      const res = await app.call(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>SPA</title>');
    }
    const asset = await app.call('/assets/app.js');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await app.call('/assets/missing.js')).status).toBe(404);
    expect((await app.call('/core/anything')).status).toBe(404);
    expect((await app.call('/demo/core')).status).toBe(404);
    expect((await app.call('/../package.json')).status).toBe(404);
  });

  it('answers CORS preflights without allowing any origin (the SPA is same-origin; see hostile-http for CORS_ORIGINS)', async () => {
    const res = await app.call('/core/api/v2/admin/companies', {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
