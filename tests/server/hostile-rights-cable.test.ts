import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectJson, startCableServer, subscribeWith, type CableTestServer } from './cableHelpers';
import { ADMIN, PHARMACY } from './helpers';

/**
 * Hostile-client suite, rights on a live cable connection (issue 22, item 3): a connection opened
 * before an admin removed its user from a pharmacy, or before the user's password changed, does
 * not go on listening; the same token cannot subscribe again.
 */
let s: CableTestServer;
let clock = new Date('2026-11-21T10:00:00.000Z');
beforeAll(async () => {
  s = await startCableServer({ now: () => clock });
}, 60_000);
afterAll(() => s.stop());

async function signIn(user: { username: string; password: string }): Promise<string> {
  const res = await s.app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...user } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function send(method: string, path: string, token: string, json?: unknown) {
  const res = await s.app.call(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as unknown };
}

const subscribed = (token: string, channel: Record<string, unknown>) => subscribeWith(s.port, token, channel);

describe('a live cable connection', () => {
  it("is dropped when an admin removes its user from the room's pharmacy, and cannot subscribe again", async () => {
    const token = await signIn(PHARMACY);
    const admin = await s.app.token(ADMIN);
    const me = (await send('GET', '/core/api/v2/common/users/me', token)).body as { id: number };
    const rooms = (await send('GET', '/core/api/v2/pharmacy/inquiry_rooms', token)).body as { id: number; pharmacy_id: number }[];
    const room = rooms.find((r) => r.pharmacy_id === 1)!;
    const channel = { channel: 'InquiryMessagesChannel', room_id: room.id };

    const live = await subscribed(token, channel);
    expect(live.answer).toBe('confirm_subscription');
    expect((await send('DELETE', '/core/api/v2/admin/pharmacies/1/users', admin, { user_id: me.id })).status).toBe(200);
    expect(await live.client.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    await live.client.closed;

    const again = await subscribed(token, channel);
    expect(again.answer).toBe('reject_subscription');
    again.client.ws.close();
    expect((await send('POST', '/core/api/v2/admin/pharmacies/1/users', admin, { user_id: me.id, permission: 'write' })).status).toBe(200);
  });

  it("is dropped when its user's password changes, and its token opens no new connection", async () => {
    const staff = { username: 'suzuki.kenta@example.com', password: 'Staff1234' };
    const old = await signIn(staff);
    const live = await subscribed(old, { channel: 'InquiryRoomsChannel' });
    expect(live.answer).toBe('confirm_subscription');

    clock = new Date(clock.getTime() + 60_000);
    const current = await signIn(staff);
    const changed = await send('POST', '/core/api/v2/common/users/change_password', current, {
      current_password: staff.password, new_password: 'Changed123!', new_password_again: 'Changed123!',
    });
    expect(changed.status).toBe(200);
    expect(await live.client.next((f) => f.type === 'disconnect')).toMatchObject({ type: 'disconnect', reason: 'unauthorized' });
    await live.client.closed;

    const reopened = connectJson(s.port, `/cable?token=${old}`, ['actioncable-v1-json']);
    expect(await reopened.next((f) => f.type === 'disconnect')).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    // The session that made the change keeps its cable.
    const kept = await subscribed(current, { channel: 'InquiryRoomsChannel' });
    expect(kept.answer).toBe('confirm_subscription');
    kept.client.ws.close();
  });
});
