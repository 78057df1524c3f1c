import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualSchedule, startCableServer, subscribeWith, type CableTestServer } from './cableHelpers';
import { ADMIN, PHARMACY } from './helpers';

/**
 * Hostile-client suite, sessions (issue 36 items 4 and 6): a password change ends every other
 * session of the user, whenever it began (one signed in after the others with the old password
 * too), its refresh tokens and its websocket included; the changing session goes on. A user
 * removed from a pharmacy hears nothing more from its rooms, from the same turn on.
 *
 * The cable's pings never fire here (a manual schedule): what ends a subscription must be the
 * revocation or the removal itself, not the next periodic check.
 */
let s: CableTestServer;
let clock = new Date('2026-11-21T10:00:00.000Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const pings = manualSchedule();

beforeAll(async () => {
  s = await startCableServer({ now: () => clock, cableSchedule: pings.schedule });
}, 60_000);
afterAll(() => s.stop());

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function signIn(user: { username: string; password: string }): Promise<Tokens> {
  const res = await s.app.call('/oauth/token', {
    method: 'POST',
    json: { grant_type: 'password', ...user, client_id: 'cs-portal', scope: 'openid profile email offline_access' },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

const refresh = async (token: string) =>
  (await s.app.call('/oauth/token', { method: 'POST', json: { grant_type: 'refresh_token', refresh_token: token, client_id: 'cs-portal' } })).status;

async function call(method: string, path: string, token: string, json?: unknown) {
  const res = await s.app.call(path, { method, token, json });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

async function subscribed(token: string, channel: Record<string, unknown>) {
  const { client, answer } = await subscribeWith(s.port, token, channel);
  expect(answer).toBe('confirm_subscription');
  return client;
}

describe('a password change', () => {
  it('ends every other session, also one begun after the changing one; the changing session goes on', async () => {
    const staff = { username: 'takahashi.yumi@example.com', password: 'Staff1234' };
    const a = await signIn(staff);
    advance(60_000);
    const b = await signIn(staff);
    advance(60_000);
    // C signs in after B, e.g. someone else who had the old password.
    const c = await signIn(staff);
    const cLive = await subscribed(c.access_token, { channel: 'InquiryRoomsChannel' });
    const bLive = await subscribed(b.access_token, { channel: 'InquiryRoomsChannel' });
    advance(60_000);

    const changed = await call('POST', '/core/api/v2/common/users/change_password', b.access_token, {
      current_password: staff.password, new_password: 'Changed123!', new_password_again: 'Changed123!',
    });
    expect(changed.status).toBe(200);

    for (const ended of [a, c]) {
      expect(await call('GET', '/core/api/v2/common/users/me', ended.access_token)).toEqual({
        status: 401, body: { errors: ['認証の有効期限が切れました。再度ログインしてください。'] },
      });
      expect((await call('GET', '/medorder/api/v2/admin/ping', ended.access_token)).status).toBe(401);
      expect(await refresh(ended.refresh_token)).toBe(403);
    }
    // C's websocket is closed by the change itself (no ping has fired).
    expect(await cLive.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    await cLive.closed;

    // The changing session: its access token, its refresh chain (whose tokens keep its sid) and its cable.
    expect((await call('GET', '/core/api/v2/common/users/me', b.access_token)).status).toBe(200);
    const renewed = (await (await s.app.call('/oauth/token', {
      method: 'POST', json: { grant_type: 'refresh_token', refresh_token: b.refresh_token, client_id: 'cs-portal' },
    })).json()) as Tokens;
    expect((await call('GET', '/core/api/v2/common/users/me', renewed.access_token)).status).toBe(200);
    expect(bLive.frames.some((f) => f.type === 'disconnect')).toBe(false);
    bLive.ws.close();

    // A sign-in with the new password is a new session and works.
    const d = await signIn({ ...staff, password: 'Changed123!' });
    expect((await call('GET', '/core/api/v2/common/users/me', d.access_token)).status).toBe(200);
  });

  it('leaves other users\' sessions alone', async () => {
    const other = await signIn(PHARMACY);
    const staff = { username: 'sato.misaki@example.com', password: 'Staff1234' };
    const mine = await signIn(staff);
    expect((await call('POST', '/core/api/v2/common/users/change_password', mine.access_token, {
      current_password: staff.password, new_password: 'Changed123!', new_password_again: 'Changed123!',
    })).status).toBe(200);
    expect((await call('GET', '/core/api/v2/common/users/me', other.access_token)).status).toBe(200);
    expect(await refresh(other.refresh_token)).toBe(200);
  });
});

describe('a sign-out (POST /oauth/revoke)', () => {
  it('ends its session: the access tokens of that sign-in stop too, and its websocket closes', async () => {
    const signedIn = await signIn(ADMIN);
    const live = await subscribed(signedIn.access_token, { channel: 'InquiryRoomsChannel' });
    const revoked = await s.app.call('/oauth/revoke', { method: 'POST', json: { client_id: 'cs-portal', token: signedIn.refresh_token } });
    expect(revoked.status).toBe(200);
    expect((await call('GET', '/core/api/v2/common/users/me', signedIn.access_token)).status).toBe(401);
    expect(await live.next((f) => f.type === 'disconnect')).toMatchObject({ reason: 'unauthorized' });
  });
});

describe('a removal from a pharmacy', () => {
  it('stops the room\'s messages reaching the removed user from the same turn: posts at 0, 300 and 1,000 ms after', async () => {
    const user = await signIn(PHARMACY);
    const admin = await s.app.token(ADMIN);
    const me = (await call('GET', '/core/api/v2/common/users/me', user.access_token)).body as { id: number };
    const rooms = (await call('GET', '/core/api/v2/pharmacy/inquiry_rooms', user.access_token)).body as { id: number; pharmacy_id: number }[];
    const room = rooms.find((r) => r.pharmacy_id === 1)!;
    const live = await subscribed(user.access_token, { channel: 'InquiryMessagesChannel', room_id: room.id });
    const before = await call('POST', `/core/api/v2/admin/inquiry_rooms/${room.id}/messages`, admin, { content: '削除前のお知らせ' });
    await live.next((f) => (f.message as { id?: number } | undefined)?.id === (before.body as { id: number }).id);

    const removal = s.app.call('/core/api/v2/admin/pharmacies/1/users', { method: 'DELETE', token: admin, json: { user_id: me.id } });
    const posted: number[] = [];
    const post = async (content: string) => {
      const res = await call('POST', `/core/api/v2/admin/inquiry_rooms/${room.id}/messages`, admin, { content });
      expect(res.status).toBe(201);
      posted.push((res.body as { id: number }).id);
    };
    expect((await removal).status).toBe(200);
    await post('削除直後のお知らせ');
    await new Promise((resolve) => setTimeout(resolve, 300));
    await post('300ms後のお知らせ');
    await new Promise((resolve) => setTimeout(resolve, 700));
    await post('1秒後のお知らせ');

    const heard = live.frames.filter((f) => posted.includes((f.message as { id?: number } | undefined)?.id ?? -1));
    expect(heard).toEqual([]);
    expect(live.frames.find((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    expect((await call('POST', '/core/api/v2/admin/pharmacies/1/users', admin, { user_id: me.id, permission: 'write' })).status).toBe(200);
  });
});
