import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_ABSOLUTE_MS, REFRESH_IDLE_MS } from '../../server/identity/refreshTokens';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Hostile-client suite, refresh tokens (issue 6, defect 4; issue 36 item 5): rotated on use, a
 * replayed one revokes its family and its session, bound to the client, expiring, revoked at
 * /oauth/revoke and by a password change.
 */
let clock = new Date('2026-11-21T10:00:00.000Z');
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => clock });
});
afterAll(() => app.dispose());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const post = async (path: string, body: Record<string, string>) => {
  const res = await app.call(path, { method: 'POST', json: body });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, string> | undefined };
};

const signInTokens = async (user = ADMIN) => {
  const { status, body } = await post('/oauth/token', { grant_type: 'password', ...user, client_id: 'cs-portal', scope: 'openid profile email offline_access' });
  expect(status).toBe(200);
  return body!;
};
const signIn = async (user = ADMIN) => (await signInTokens(user)).refresh_token;

const me = async (accessToken: string) => (await app.call('/core/api/v2/common/users/me', { token: accessToken })).status;

const refresh = (token: string, clientId = 'cs-portal') =>
  post('/oauth/token', { grant_type: 'refresh_token', refresh_token: token, client_id: clientId });

describe('rotation', () => {
  it('answers each use with a new refresh token; the old one is spent', async () => {
    const first = await signIn();
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body!.refresh_token).toEqual(expect.any(String));
    expect(second.body!.refresh_token).not.toBe(first);
    const third = await refresh(second.body!.refresh_token);
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a spent token comes back (a stolen copy)', async () => {
    const stolen = await signIn();
    const owner = (await refresh(stolen)).body!.refresh_token;
    advance(60_000);
    const replay = await refresh(stolen);
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' });
    expect((await refresh(owner)).status).toBe(403);
  });

  it('revokes the family and its session when a spent token comes back at once (issue 36 item 5)', async () => {
    // A thief who rotates first gets the newest token; the owner's replay of the spent one, a
    // moment later, must end the thief's chain too, access tokens included (they carry the sid).
    const signedIn = await signInTokens(PHARMACY);
    const thief = (await refresh(signedIn.refresh_token)).body!;
    expect(await me(thief.access_token)).toBe(200);
    expect((await refresh(signedIn.refresh_token)).status).toBe(403);
    expect((await refresh(thief.refresh_token)).status).toBe(403);
    expect(await me(thief.access_token)).toBe(401);
    expect(await me(signedIn.access_token)).toBe(401);
    // Another sign-in of the same user is another session: untouched.
    const other = await signInTokens(PHARMACY);
    expect(await me(other.access_token)).toBe(200);
    expect((await refresh(other.refresh_token)).status).toBe(200);
  });

  it('keeps the session through rotation: a refreshed access token carries the sign-in\'s sid', async () => {
    const signedIn = await signInTokens(PHARMACY);
    const sid = decodeJwt(signedIn.access_token).sid;
    expect(sid).toEqual(expect.any(String));
    const renewed = (await refresh(signedIn.refresh_token)).body!;
    expect(decodeJwt(renewed.access_token).sid).toBe(sid);
    expect(decodeJwt(renewed.id_token).sid).toBe(sid);
    expect(decodeJwt((await signInTokens(PHARMACY)).access_token).sid).not.toBe(sid);
  });

  it('keeps families apart: revoking one sign-in leaves the others', async () => {
    const a = await signIn();
    const b = await signIn();
    expect((await post('/oauth/revoke', { client_id: 'cs-portal', token: a })).status).toBe(200);
    expect((await refresh(a)).status).toBe(403);
    expect((await refresh(b)).status).toBe(200);
  });
});

describe('binding and expiry', () => {
  it('works only for the client it was issued to', async () => {
    const token = await signIn();
    const other = await refresh(token, 'someone-else');
    expect(other.status).toBe(401);
    expect((await refresh(token)).status).toBe(200);
  });

  it('expires after 15 days unused', async () => {
    const token = await signIn();
    advance(REFRESH_IDLE_MS - 1000);
    const kept = (await refresh(token)).body!.refresh_token;
    advance(REFRESH_IDLE_MS);
    expect((await refresh(kept)).status).toBe(403);
  });

  it('expires 30 days after the sign-in however often it is used', async () => {
    let token = await signIn();
    for (let day = 0; day < 29; day += 1) {
      advance(24 * 3600_000);
      const next = await refresh(token);
      expect(next.status, `day ${day + 1}`).toBe(200);
      token = next.body!.refresh_token;
    }
    advance(REFRESH_ABSOLUTE_MS - 29 * 24 * 3600_000);
    expect((await refresh(token)).status).toBe(403);
  });
});

describe('POST /oauth/revoke', () => {
  it('revokes like Auth0: 200 for a known or unknown token, 400 without one, 401 for another client', async () => {
    const token = await signIn(PHARMACY);
    expect(await post('/oauth/revoke', { client_id: 'other', token })).toMatchObject({ status: 401 });
    expect((await refresh(token)).status).toBe(200);
    const current = (await refresh(await signIn(PHARMACY))).body!.refresh_token;
    expect(await post('/oauth/revoke', { client_id: 'cs-portal', token: current })).toEqual({ status: 200, body: undefined });
    expect((await refresh(current)).status).toBe(403);
    expect((await post('/oauth/revoke', { client_id: 'cs-portal', token: 'never-issued' })).status).toBe(200);
    expect(await post('/oauth/revoke', { client_id: 'cs-portal' })).toEqual({
      status: 400,
      body: { error: 'invalid_request', error_description: 'Missing required parameter: token' },
    });
  });

  it('accepts the form encoding too', async () => {
    const token = await signIn(PHARMACY);
    const res = await app.call('/oauth/revoke', {
      method: 'POST',
      body: new URLSearchParams({ client_id: 'cs-portal', token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(200);
    expect((await refresh(token)).status).toBe(403);
  });
});

describe('password change', () => {
  it('revokes every refresh token of the user, and only theirs', async () => {
    const staff = { username: 'suzuki.kenta@example.com', password: 'Staff1234' };
    const mine = [await signIn(staff), await signIn(staff)];
    const someoneElses = await signIn(PHARMACY);
    const token = await app.token(staff);
    const res = await app.call('/core/api/v2/common/users/change_password', {
      method: 'POST',
      token,
      json: { current_password: staff.password, new_password: 'Changed123!', new_password_again: 'Changed123!' },
    });
    expect(res.status).toBe(200);
    for (const old of mine) expect((await refresh(old)).status).toBe(403);
    expect((await refresh(someoneElses)).status).toBe(200);
  });
});
