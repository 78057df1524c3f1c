import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

const NS = 'https://cs-portal.example.com/';
const AUDIENCE = 'https://api.cs-portal.example.com';

let app: TestApp;
let clock = new Date('2026-11-21T10:00:00.000Z');

beforeAll(() => {
  app = startApp({ now: () => clock });
});
afterAll(() => app.dispose());

const grant = (body: Record<string, string>, form = false) =>
  app.call('/oauth/token', form
    ? { method: 'POST', body: new URLSearchParams(body).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    : { method: 'POST', json: body });

describe('POST /oauth/token', () => {
  it('issues tokens for the password grant (JSON)', async () => {
    const res = await grant({ grant_type: 'password', ...ADMIN, scope: 'openid profile email' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid profile email' });
    expect(body.refresh_token).toBeUndefined();
    const access = decodeJwt(body.access_token);
    expect(access.aud).toBe(AUDIENCE);
    expect(access.iss).toBe('https://cs-portal.example.com/');
    expect(access.sub).toMatch(/^auth0\|[0-9a-f]{24}$/);
    expect(access.exp! - access.iat!).toBe(3600);
    expect(access.iat).toBe(Math.floor(clock.getTime() / 1000));
    expect(access[`${NS}roles`]).toEqual(['admin']);
    expect(access[`${NS}app_metadata`]).toMatchObject({ admin: true, pharmacy_ids: [] });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const id = decodeJwt(body.id_token);
    expect(id).toMatchObject({ aud: 'cs-portal', name: '管理 花子', email: 'admin@example.com', email_verified: true });
    expect(String(id.picture)).toMatch(/^data:image\/svg\+xml/);
  });

  it('accepts the password-realm grant as a form post, with the pharmacy claims', async () => {
    const res = await grant(
      { grant_type: 'http://auth0.com/oauth/grant-type/password-realm', ...PHARMACY, realm: 'Username-Password-Authentication', client_id: 'cs-portal', audience: AUDIENCE },
      true,
    );
    expect(res.status).toBe(200);
    const access = decodeJwt((await res.json()).access_token);
    expect(access[`${NS}roles`]).toEqual(['pharmacy']);
    expect(access[`${NS}app_metadata`]).toEqual({ pharmacy_ids: [1] });
  });

  it('rejects a wrong password like Auth0', async () => {
    const res = await grant({ grant_type: 'password', username: ADMIN.username, password: 'nope' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'Wrong email or password.' });
    const unknown = await grant({ grant_type: 'password', username: 'who@example.com', password: 'x' }, true);
    expect(unknown.status).toBe(403);
  });

  it('answers unsupported_grant_type and invalid_request', async () => {
    const unsupported = await grant({ grant_type: 'client_credentials' });
    expect(unsupported.status).toBe(403);
    expect((await unsupported.json()).error).toBe('unsupported_grant_type');
    const missing = await grant({ grant_type: 'password', username: ADMIN.username });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
    const noGrant = await grant({});
    expect(noGrant.status).toBe(400);
    const malformed = await app.call('/oauth/token', { method: 'POST', body: '{"grant_type":' });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toBe('invalid_request');
  });

  it('issues and honours refresh tokens with offline_access', async () => {
    const res = await grant({ grant_type: 'password', ...ADMIN, scope: 'openid profile email offline_access' });
    const body = await res.json();
    expect(body.refresh_token).toEqual(expect.any(String));
    const refreshed = await grant({ grant_type: 'refresh_token', refresh_token: body.refresh_token, client_id: 'cs-portal' }, true);
    expect(refreshed.status).toBe(200);
    const again = await refreshed.json();
    expect(again.scope).toBe('openid profile email offline_access');
    expect(decodeJwt(again.access_token).sub).toBe(decodeJwt(body.access_token).sub);
    const bad = await grant({ grant_type: 'refresh_token', refresh_token: 'forged' });
    expect(bad.status).toBe(403);
    expect((await bad.json()).error).toBe('invalid_grant');
  });
});

describe('JWKS and userinfo', () => {
  it('publishes a key that verifies the access token', async () => {
    const jwks = await (await app.call('/.well-known/jwks.json')).json();
    expect(jwks.keys).toHaveLength(1);
    const token = await app.token();
    const { kid } = decodeProtectedHeader(token);
    const jwk = jwks.keys.find((k: { kid: string }) => k.kid === kid);
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwk.d).toBeUndefined();
    const { payload } = await jwtVerify(token, await importJWK(jwk, 'RS256'), { audience: AUDIENCE, currentDate: clock });
    expect(payload.scope).toBe('openid profile email');
  });

  it('returns the profile for a bearer token', async () => {
    const res = await app.call('/userinfo', { token: await app.token() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name: '管理 花子', email: 'admin@example.com', email_verified: true, sub: expect.stringMatching(/^auth0\|/) });
    expect((await app.call('/userinfo')).status).toBe(401);
  });
});

describe('bearer checks on services', () => {
  it('needs a token, a valid one, and the admin role under /admin', async () => {
    const none = await app.call('/core/api/v2/admin/companies');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ errors: ['認証が必要です。'] });
    const bad = await app.call('/core/api/v2/admin/companies', { token: 'abc.def.ghi' });
    expect(bad.status).toBe(401);
    const pharmacy = await app.token(PHARMACY);
    const forbidden = await app.call('/core/api/v2/admin/companies', { token: pharmacy });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ errors: ['この操作を行う権限がありません。'] });
    expect((await app.call('/medorder/api/v2/admin/ping', { token: pharmacy })).status).toBe(403);
    expect((await app.call('/core/api/v2/master/dealers', { token: pharmacy })).status).toBe(200);
    const me = await app.call('/core/api/v2/common/users/me', { token: pharmacy });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ name: '薬局 一郎', role: 'pharmacy', pharmacy_ids: [1] });
  });

  it('says when a token has expired', async () => {
    const token = await app.token();
    const saved = clock;
    clock = new Date(saved.getTime() + 3601_000);
    try {
      const res = await app.call('/core/api/v2/common/users/me', { token });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ errors: ['認証の有効期限が切れました。再度ログインしてください。'] });
    } finally {
      clock = saved;
    }
  });

  it('rejects a token for another audience', async () => {
    const res = await grant({ grant_type: 'password', ...ADMIN, audience: 'https://other.example.com' });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe('access_denied');
  });

  it('serves users/me, the skeleton services and JSON 404s', async () => {
    const token = await app.token();
    const me = await (await app.call('/core/api/v2/common/users/me', { token })).json();
    expect(Object.keys(me).sort()).toEqual(
      ['auth0_user_id', 'created_at', 'email', 'id', 'name', 'pharmacy_ids', 'role', 'updated_at', 'user_id'].sort(),
    );
    expect(me).toMatchObject({ email: 'admin@example.com', role: 'admin', auth0_user_id: `auth0|${me.user_id}` });
    expect(await (await app.call('/medorder/api/v2/admin/ping', { token })).json()).toEqual({ ok: true });
    expect(await (await app.call('/legacy/api/v1/ping', { token })).json()).toEqual({ ok: true });
    const demoToken = await app.token(ADMIN, 'https://demo-api.cs-portal.example.com');
    expect(await (await app.call('/demo/medorder/api/v2/admin/ping', { token: demoToken })).json()).toEqual({ ok: true });
    for (const path of ['/core/api/v2/admin/nothing', '/medorder/api/v2/admin/nothing', '/api/nothing', '/legacy/api/v1/x']) {
      const res = await app.call(path, { token });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ errors: ['見つかりません。'] });
    }
  });
});
