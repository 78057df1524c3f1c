import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, MAX_BODY_BYTES } from '../../server/shared/security';
import { startApp, tempDir, type TestApp } from './helpers';

/**
 * Hostile-client suite, HTTP (issue 6, defects 7, 8, 9 and 11): body limits, security headers,
 * Content-Type and sort probes, CORS and case-variant paths. Nothing answers 5xx.
 */
let app: TestApp;
let staticDir: string;
let token: string;

beforeAll(async () => {
  staticDir = tempDir();
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>SPA</title>');
  app = startApp({ staticDir });
  token = await app.token();
});
afterAll(() => {
  app.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

const COMPANIES = '/core/api/v2/admin/companies';

/** A body whose JSON is valid and a little over `bytes` long. */
const bigJson = (bytes: number) => JSON.stringify({ name: '株式会社大きな本文', note: 'x'.repeat(bytes) });

/** Sends a body in chunks without Content-Length, as a streaming client would. */
const chunked = (text: string) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
      controller.close();
    },
  });

describe('request body limits (defect 7)', () => {
  it('answers 413 in Japanese for a large JSON write, and creates nothing', async () => {
    const res = await app.call(COMPANIES, { method: 'POST', token, body: bigJson(MAX_BODY_BYTES) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ errors: ['リクエストが大きすぎます。'] });
    const list = await app.call(`${COMPANIES}?query=${encodeURIComponent('大きな本文')}`, { token });
    expect(await list.json()).toEqual([]);
  });

  it('limits the unauthenticated token endpoint too, with an Auth0-style body', async () => {
    const res = await app.call('/oauth/token', { method: 'POST', body: JSON.stringify({ grant_type: 'password', username: 'a', password: 'x'.repeat(MAX_BODY_BYTES) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'Request body too large.' });
  });

  it('limits a streamed body without Content-Length', async () => {
    const res = await app.app.request('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      body: chunked(bigJson(4 * MAX_BODY_BYTES)),
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('answers the token endpoint\'s wrong Content-Type in Auth0\'s shape', async () => {
    const body = 'grant_type=password&username=admin@example.com&password=Admin1234';
    const res = await app.call('/oauth/token', { method: 'POST', body, headers: { 'content-type': 'text/plain', 'content-length': String(body.length) } });
    expect(res.status).toBe(415);
    expect((await res.json()).error).toBe('invalid_request');
  });

  it('lets an ordinary body through', async () => {
    const res = await app.call(COMPANIES, { method: 'POST', token, json: { name: '株式会社普通の本文' } });
    expect(res.status).toBe(201);
  });
});

describe('security headers (defect 8)', () => {
  const expectSecurityHeaders = (res: Response, path: string) => {
    expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
  };

  it('sets them on every kind of response, errors included', async () => {
    for (const path of ['/', '/login', '/config.json', '/.well-known/jwks.json', '/core/api/v2/admin/companies', '/nothing.js', '/pc-app/latest.yml']) {
      expectSecurityHeaders(await app.call(path, { token }), path);
    }
    expectSecurityHeaders(await app.call('/oauth/token', { method: 'POST', json: {} }), '/oauth/token');
  });

  it('forbids caching of API answers and tokens', async () => {
    for (const path of ['/core/api/v2/admin/companies', '/core/api/v2/common/users/me', '/demo/core/api/v2/admin/companies', '/userinfo', '/legacy/api/v1/ping']) {
      expect((await app.call(path, { token })).headers.get('cache-control'), path).toBe('no-store');
    }
    expect((await app.call('/core/api/v2/admin/companies')).headers.get('cache-control')).toBe('no-store');
    expect((await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', username: 'admin@example.com', password: 'Admin1234' } })).headers.get('cache-control')).toBe('no-store');
  });

  it('keeps CSP strict on scripts and frames', () => {
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });
});

describe('Content-Type and sort probes (defect 9)', () => {
  it('answers 415 in Japanese for a JSON write with a wrong or missing Content-Type', async () => {
    const body = JSON.stringify({ name: '株式会社種類違い' });
    // With Content-Length (as from a socket: the guard in front answers) and without (the route's validator does).
    for (const length of [{ 'content-length': String(Buffer.byteLength(body)) }, {}] as Record<string, string>[]) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', undefined]) {
        const res = await app.app.request(COMPANIES, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, ...length, ...(type && { 'content-type': type }) },
          body,
        });
        expect(res.status, `${type} ${JSON.stringify(length)}`).toBe(415);
        expect(await res.json()).toEqual({ errors: ['Content-Type は application/json を指定してください。'] });
      }
    }
    const charset = await app.app.request(COMPANIES, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: '株式会社文字コード付き' }),
    });
    expect(charset.status).toBe(201);
  });

  it('answers 4xx, never 5xx, to a JSON write without a body', async () => {
    for (const headers of [{}, { 'content-type': 'application/json' }, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
      const res = await app.app.request(COMPANIES, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers } });
      expect(res.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(headers)).toBeLessThan(500);
      expect((await res.json()).errors).toEqual([expect.any(String)]);
    }
  });

  it('refuses inherited property names as sort keys with 422', async () => {
    for (const key of ['constructor', '-constructor', 'tostring', 'valueof', 'hasownproperty', '__proto__', 'isprototypeof']) {
      for (const path of ['/core/api/v2/admin/companies', '/core/api/v2/admin/pharmacies', '/core/api/v2/master/dealers']) {
        const res = await app.call(`${path}?sort=${key}`, { token });
        expect(res.status, `${path}?sort=${key}`).toBe(422);
        expect((await res.json()).errors[0]).toMatch(/^並び順/);
      }
    }
  });
});

describe('CORS and case-variant paths (defect 11)', () => {
  const preflight = (target: TestApp, origin: string) =>
    target.call(COMPANIES, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });

  it('allows no origin by default', async () => {
    expect((await preflight(app, 'https://evil.example.com')).headers.get('access-control-allow-origin')).toBeNull();
    const get = await app.call(COMPANIES, { token, headers: { origin: 'https://evil.example.com' } });
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('allows exactly the origins in CORS_ORIGINS', async () => {
    process.env.CORS_ORIGINS = 'https://portal.example.com, https://admin.example.com';
    const configured = startApp();
    try {
      const ok = await preflight(configured, 'https://portal.example.com');
      expect(ok.headers.get('access-control-allow-origin')).toBe('https://portal.example.com');
      expect(ok.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
      for (const origin of ['https://evil.example.com', 'https://portal.example.com.evil.example.com', 'null', '*']) {
        expect((await preflight(configured, origin)).headers.get('access-control-allow-origin'), origin).toBeNull();
      }
    } finally {
      delete process.env.CORS_ORIGINS;
      configured.dispose();
    }
  });

  it('answers a JSON 404 for case variants of API paths, never the SPA', async () => {
    for (const path of ['/CORE/api/v2/admin/companies', '/Core/api/v2/admin/companies', '/core/API/v2/admin/companies', '/DEMO/core/api/v2/admin/companies',
      '/Demo/Core/api/v2/admin/companies', '/OAuth/token', '/API/openapi.json', '/Config.json', '/MEDORDER/api/v2/admin/ping', '/Legacy/api/v1/ping', '/.Well-Known/jwks.json']) {
      const res = await app.call(path, { token });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(await res.json(), path).toEqual({ errors: ['見つかりません。'] });
    }
    const spa = await app.call('/Login');
    expect(spa.status).toBe(200);
    expect(await spa.text()).toContain('<title>SPA</title>');
  });
});
