import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { clientOrigin, trustedProxies } from '../../server/shared/clientOrigin';
import { STRICT_TRANSPORT_SECURITY } from '../../server/shared/security';
import { ADMIN, startApp, type TestApp } from './helpers';

/** A probe app answering the origin it derives, called as if from `peer`. */
function originFrom(peer: string, headers: Record<string, string>, trusted: string[], url = 'http://portal.example/x') {
  const probe = new Hono();
  probe.get('/x', (c) => c.json(clientOrigin(c, trusted)));
  return Promise.resolve(probe.request(url, { headers }, { incoming: { socket: { remoteAddress: peer } } })).then((r) => r.json());
}

describe('client origin', () => {
  it('believes proxy headers only from a trusted peer', async () => {
    const forged = { 'x-forwarded-for': '198.51.100.7', 'x-forwarded-proto': 'https' };
    expect(await originFrom('203.0.113.5', forged, [])).toEqual({ address: '203.0.113.5', https: false });
    expect(await originFrom('203.0.113.5', forged, ['10.0.0.2'])).toEqual({ address: '203.0.113.5', https: false });
    expect(await originFrom('10.0.0.2', forged, ['10.0.0.2'])).toEqual({ address: '198.51.100.7', https: true });
    expect(await originFrom('::ffff:10.0.0.2', forged, ['10.0.0.2'])).toEqual({ address: '198.51.100.7', https: true });
  });

  it('walks X-Forwarded-For back through trusted hops only: a client cannot plant an address', async () => {
    const trusted = ['10.0.0.2', '10.0.0.3'];
    // The client wrote 192.0.2.99 itself; the outer proxy 10.0.0.3 appended the client's real address.
    expect(await originFrom('10.0.0.2', { 'x-forwarded-for': '192.0.2.99, 198.51.100.7, 10.0.0.3' }, trusted)).toMatchObject({ address: '198.51.100.7' });
    expect(await originFrom('10.0.0.2', { 'x-forwarded-for': 'garbage, 10.0.0.3' }, trusted)).toMatchObject({ address: '10.0.0.3' });
    expect(await originFrom('10.0.0.2', {}, trusted)).toEqual({ address: '10.0.0.2', https: false });
    // The value our trusted peer wrote is the last one.
    expect(await originFrom('10.0.0.2', { 'x-forwarded-proto': 'https, http' }, trusted)).toMatchObject({ https: false });
  });

  it('TLS to us directly is https whatever the headers; TRUSTED_PROXIES is parsed strictly', async () => {
    expect(await originFrom('203.0.113.5', { 'x-forwarded-proto': 'http' }, [], 'https://portal.example/x')).toMatchObject({ https: true });
    expect(trustedProxies(' 10.0.0.2, ::1 ,')).toEqual(['10.0.0.2', '::1']);
    expect(trustedProxies('')).toEqual([]);
    expect(() => trustedProxies('10.0.0.0/8')).toThrow(/TRUSTED_PROXIES/);
  });
});

let app: TestApp | undefined;
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  app?.dispose();
  server = app = undefined;
});

/** The app on a real socket at 127.0.0.1 (its peer address as a proxy on the same host would be). */
async function listen(trusted: string[]) {
  app = startApp({ trustedProxies: trusted, jobTickMs: 0 });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: app!.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);
}

describe('HSTS', () => {
  it('is sent only on requests that came over https', async () => {
    app = startApp({ jobTickMs: 0 });
    const direct = await app.app.request('https://portal.example/config.json');
    expect(direct.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    const api = await app.app.request('https://portal.example/core/api/v2/common/users/me');
    expect(api.status).toBe(401);
    expect(api.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await app.call('/config.json')).headers.get('strict-transport-security')).toBeNull();
    // Nobody is trusted: a client saying it used https is not believed.
    const claimed = await app.call('/config.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(claimed.headers.get('strict-transport-security')).toBeNull();
  });

  it('believes X-Forwarded-Proto from a trusted proxy on a real socket, and only then', async () => {
    const viaProxy = await listen(['127.0.0.1']);
    const https = await viaProxy('/config.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers.get('strict-transport-security')).toBe(STRICT_TRANSPORT_SECURITY);
    expect((await viaProxy('/config.json', { headers: { 'x-forwarded-proto': 'http' } })).headers.get('strict-transport-security')).toBeNull();
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy', async () => {
    const direct = await listen(['10.9.9.9']);
    const res = await direct('/config.json', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('per-address sign-in throttle behind a proxy', () => {
  const signIn = (call: (path: string, init?: RequestInit) => Promise<Response>, client: string, password: string) =>
    call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify({ grant_type: 'password', username: ADMIN.username, password }),
    });
  const blockFrom = async (call: (path: string, init?: RequestInit) => Promise<Response>, client: string) => {
    for (let i = 0; i < 10; i++) expect((await signIn(call, client, 'wrong-password')).status).toBe(403);
    expect((await signIn(call, client, ADMIN.password)).status).toBe(429);
  };

  it('blocks the client the trusted proxy names, not every client behind the proxy', async () => {
    const viaProxy = await listen(['127.0.0.1']);
    await blockFrom(viaProxy, '198.51.100.7');
    expect((await signIn(viaProxy, '198.51.100.8', ADMIN.password)).status).toBe(200);
  });

  it('without a trusted proxy the socket peer is the client: a forged X-Forwarded-For escapes nothing', async () => {
    const direct = await listen([]);
    await blockFrom(direct, '198.51.100.7');
    expect((await signIn(direct, '198.51.100.8', ADMIN.password)).status).toBe(429);
  });
});
