import { serve } from '@hono/node-server';
import { createHmac, createSign } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityDb } from '../../server/identity/db';
import { loadSigningKey, type SigningKey } from '../../server/identity/keys';
import { identityUserId } from '../../server/identity/users';
import { verifyJwt } from '../../server/shared/auth';
import { DEFAULT_AUDIENCES, DEFAULT_ISSUER } from '../../server/site/config';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Hostile-client suite, tokens (issue 6, defects 5 and 6): every variant a probe would forge is
 * refused on every kind of route, reads and writes, in both environments.
 */
const NS = 'https://cs-portal.example.com/';
const T0 = new Date('2026-11-21T10:00:00.000Z');
let app: TestApp;
let key: SigningKey;
/** The admin's real sign-in session: a forged token needs a live sid besides the key. */
let sid: string;
let pharmacySid: string;

beforeAll(async () => {
  app = startApp({ now: () => T0 });
  const db = openIdentityDb(app.dir);
  try {
    key = loadSigningKey(db);
  } finally {
    db.close();
  }
  sid = decodeJwt(await app.token(ADMIN)).sid as string;
  pharmacySid = decodeJwt(await app.token(PHARMACY)).sid as string;
});
afterAll(() => app.dispose());

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const iat = Math.floor(T0.getTime() / 1000);

const claims = (overrides: Record<string, unknown> = {}) => ({
  iss: DEFAULT_ISSUER,
  sub: `auth0|${identityUserId(ADMIN.username)}`,
  aud: DEFAULT_AUDIENCES.production,
  iat,
  exp: iat + 3600,
  scope: 'openid profile email',
  [`${NS}roles`]: ['admin'],
  [`${NS}app_metadata`]: { admin: true, pharmacy_ids: [] },
  sid,
  ...overrides,
});

/** Signs with the server's real private key: only the claims make these tokens wrong. */
const rs256 = (payload: Record<string, unknown>, header: Record<string, unknown> = { alg: 'RS256', typ: 'JWT', kid: key.kid }) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createSign('RSA-SHA256').update(input).sign(key.privateKey).toString('base64url')}`;
};

const hs256 = (payload: Record<string, unknown>, secret: string | Buffer) => {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

const publicPem = () => key.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** One read and one write per service, in each environment. */
const routes = (prefix: string) => [
  { method: 'GET', path: `${prefix}/core/api/v2/common/users/me` },
  { method: 'GET', path: `${prefix}/core/api/v2/admin/companies` },
  { method: 'POST', path: `${prefix}/core/api/v2/admin/companies`, json: { name: '株式会社偽造トークン' } },
  { method: 'GET', path: `${prefix}/medorder/api/v2/admin/ping` },
  { method: 'GET', path: `${prefix}/legacy/api/v1/ping` },
];

const statuses = async (token: string, prefix = '') => {
  const result: Record<string, number> = {};
  for (const route of routes(prefix)) {
    const res = await app.call(route.path, { method: route.method, token, json: route.json });
    result[`${route.method} ${route.path}`] = res.status;
  }
  return result;
};

const allRefused = (result: Record<string, number>) => Object.fromEntries(Object.keys(result).map((k) => [k, 401]));

describe('forged and misdirected tokens', () => {
  it('accepts a correctly signed production token (the control)', async () => {
    const result = await statuses(rs256(claims()));
    for (const [route, status] of Object.entries(result)) expect(status, route).toBeLessThan(300);
  });

  const variants: [string, () => string][] = [
    ['wrong issuer', () => rs256(claims({ iss: 'https://evil.example.com/' }))],
    ['issuer taken from a Host header', () => rs256(claims({ iss: 'http://localhost/' }))],
    ['no issuer', () => rs256(claims({ iss: undefined }))],
    ['wrong audience', () => rs256(claims({ aud: 'https://other.example.com' }))],
    ['no audience', () => rs256(claims({ aud: undefined }))],
    ['the demo environment\'s audience', () => rs256(claims({ aud: DEFAULT_AUDIENCES.demo }))],
    ['expired', () => rs256(claims({ exp: iat - 1 }))],
    ['no expiry', () => rs256(claims({ exp: undefined }))],
    ['not yet valid', () => rs256(claims({ nbf: iat + 600 }))],
    ['bad signature', () => {
      const token = rs256(claims());
      const sig = Buffer.from(token.split('.')[2], 'base64url');
      sig[10] ^= 1;
      return `${token.split('.').slice(0, 2).join('.')}.${sig.toString('base64url')}`;
    }],
    ['claims swapped under a valid signature', () => {
      const [header, , sig] = rs256(claims()).split('.');
      return `${header}.${b64(claims({ sub: 'auth0|someone-else' }))}.${sig}`;
    }],
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
    ['alg none with a signature part', () => `${b64({ alg: 'none' })}.${b64(claims())}.${b64('x')}`],
    ['HS256 keyed with the public key (PEM)', () => hs256(claims(), publicPem())],
    ['HS256 keyed with the public key (DER)', () => hs256(claims(), key.publicKey.export({ type: 'spki', format: 'der' }))],
    ['RS512 header over an RS256 signature', () => {
      const [, payload, sig] = rs256(claims()).split('.');
      return `${b64({ alg: 'RS512', kid: key.kid })}.${payload}.${sig}`;
    }],
    ['a crit header', () => rs256(claims(), { alg: 'RS256', crit: ['exp'], exp: 1 })],
    ['a JSON array as payload', () => rs256([claims()] as unknown as Record<string, unknown>)],
    ['no session id (issue 36 item 4)', () => rs256(claims({ sid: undefined }))],
    ['a session id never issued', () => rs256(claims({ sid: '00000000-0000-4000-8000-000000000000' }))],
    ['another user\'s session id', () => rs256(claims({ sid: pharmacySid }))],
    ['a session id that is no string', () => rs256(claims({ sid: 1 }))],
    ['garbage', () => 'not.a.token'],
    ['four segments', () => `${rs256(claims())}.x`],
    ['non-base64url characters', () => rs256(claims()).replace('.', '.!')],
  ];

  for (const [name, make] of variants) {
    it(`refuses ${name} on every route`, async () => {
      const result = await statuses(make());
      expect(result).toEqual(allRefused(result));
    });
  }

  it('refuses every other spelling of a valid token (any one character changed, added or removed)', () => {
    const token = rs256(claims());
    const settings = { issuer: DEFAULT_ISSUER, audience: DEFAULT_AUDIENCES.production, claimNamespace: NS, publicKey: key.publicKey, now: () => T0 };
    expect(verifyJwt(token, settings).sub).toBe(claims().sub);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ ';
    fc.assert(
      fc.property(
        fc.nat({ max: token.length }),
        fc.constantFrom(...alphabet),
        fc.constantFrom('replace', 'insert', 'delete'),
        (at, char, edit) => {
          const forged =
            edit === 'replace' ? token.slice(0, at) + char + token.slice(at + 1)
              : edit === 'insert' ? token.slice(0, at) + char + token.slice(at)
                : token.slice(0, at) + token.slice(at + 1);
          fc.pre(forged !== token);
          expect(() => verifyJwt(forged, settings)).toThrow();
        },
      ),
      { numRuns: 500 },
    );
    // The signature's last character carries 2 bits and 4 unused ones: node's decoder ignores the
    // unused bits, so flipping one would spell the same signature differently.
    const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1)!;
    const sameBytes = token.slice(0, -1) + B64[B64.indexOf(last) ^ 1];
    expect(Buffer.from(sameBytes.split('.')[2], 'base64url')).toEqual(Buffer.from(token.split('.')[2], 'base64url'));
    expect(() => verifyJwt(sameBytes, settings)).toThrow();
  });

  it('says that an expired token has expired, and only then', async () => {
    const expired = await app.call('/core/api/v2/common/users/me', { token: rs256(claims({ exp: iat - 1 })) });
    expect(await expired.json()).toEqual({ errors: ['認証の有効期限が切れました。再度ログインしてください。'] });
    const forgedExpired = await app.call('/core/api/v2/common/users/me', { token: rs256(claims({ exp: iat - 1, iss: 'https://evil.example.com/' })) });
    expect(await forgedExpired.json()).toEqual({ errors: ['認証が必要です。'] });
  });

  it('keeps the environments apart: a token for one is refused by the other, writes included', async () => {
    const production = await app.token();
    const demo = await app.token(ADMIN, DEFAULT_AUDIENCES.demo);
    expect(decodeJwt(demo).aud).toBe(DEFAULT_AUDIENCES.demo);
    const demoOnProduction = await statuses(demo);
    expect(demoOnProduction).toEqual(allRefused(demoOnProduction));
    const productionOnDemo = await statuses(production, '/demo');
    expect(productionOnDemo).toEqual(allRefused(productionOnDemo));
    for (const status of Object.values(await statuses(demo, '/demo'))) expect(status).toBeLessThan(300);
  });
});

describe('the token endpoint', () => {
  it('signs the configured issuer whatever the Host header says', async () => {
    const res = await app.call('/oauth/token', {
      method: 'POST',
      json: { grant_type: 'password', ...ADMIN },
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
    expect(res.status).toBe(200);
    expect(decodeJwt((await res.json()).access_token).iss).toBe(DEFAULT_ISSUER);
    const forged = await app.app.request('http://evil.example.com/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', ...ADMIN }),
    });
    expect(decodeJwt((await forged.json()).access_token).iss).toBe(DEFAULT_ISSUER);
  });

  it('issues only the configured audiences', async () => {
    for (const audience of Object.values(DEFAULT_AUDIENCES)) {
      const res = await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...ADMIN, audience } });
      expect(decodeJwt((await res.json()).access_token).aud).toBe(audience);
    }
    const other = await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...ADMIN, audience: 'https://evil.example.com' } });
    expect(other.status).toBe(403);
    expect((await other.json()).error).toBe('access_denied');
  });

  it('refuses an unknown client', async () => {
    const res = await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...ADMIN, client_id: 'someone-else' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'access_denied', error_description: 'Unauthorized' });
  });

  it('answers /userinfo for either environment\'s token and refuses forged ones', async () => {
    expect((await app.call('/userinfo', { token: await app.token(ADMIN, DEFAULT_AUDIENCES.demo) })).status).toBe(200);
    for (const token of [rs256(claims({ iss: 'https://evil.example.com/' })), hs256(claims(), publicPem()), rs256(claims({ aud: 'x' }))]) {
      expect((await app.call('/userinfo', { token })).status).toBe(401);
    }
  });
});

describe('the cable\'s token check', () => {
  /** The first frame the cable sends on `/cable?token=…`: welcome, or the unauthorized disconnect. */
  const firstFrame = async (token: string, path = '/cable') => {
    const server = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s as Server));
    });
    app.attachWebSockets(server);
    try {
      const ws = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}${path}?token=${token}`, ['actioncable-v1-json']);
      const frame = await new Promise<Record<string, unknown>>((resolve, reject) => {
        ws.once('message', (data) => resolve(JSON.parse(data.toString())));
        ws.once('error', reject);
      });
      ws.terminate();
      return frame.type;
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  };

  it('welcomes a valid token and disconnects wrong issuer, wrong audience and forged ones', async () => {
    expect(await firstFrame(rs256(claims()))).toBe('welcome');
    for (const token of [rs256(claims({ iss: 'https://evil.example.com/' })), rs256(claims({ aud: 'https://other.example.com' })), hs256(claims(), publicPem())]) {
      expect(await firstFrame(token)).toBe('disconnect');
    }
  });

  it('keeps the environments apart on the cable too', async () => {
    const demo = rs256(claims({ aud: DEFAULT_AUDIENCES.demo }));
    expect(await firstFrame(demo, '/demo/cable')).toBe('welcome');
    expect(await firstFrame(demo, '/cable')).toBe('disconnect');
    expect(await firstFrame(rs256(claims()), '/demo/cable')).toBe('disconnect');
  });
});
