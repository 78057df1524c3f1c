import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/*
 * A staff member's unread total (x-unread-total) is read from counts the database's triggers keep
 * (migration 53), not counted over the rooms. Each room's own unread_count is still counted from
 * its messages, so the sum of every room's count is an independent reading of the same figure:
 * after each write below, for each reader, the two must agree, and the total must move as the
 * write says.
 */

const STAFF2 = { username: 'sato.misaki@example.com', password: 'Staff1234' };
const BASE = '/core/api/v2/admin';
const OWN = '/core/api/v2/pharmacy';

let app: TestApp;
let admin: string;
let staff2: string;
let pharmacy: string;

beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  [admin, staff2, pharmacy] = await Promise.all([app.token(ADMIN), app.token(STAFF2), app.token(PHARMACY)]);
});
afterAll(() => app.dispose());

interface Room {
  id: number;
  unread_count: number;
  pharmacy_id: number;
}

async function call(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.call(path, { token, ...init });
  expect(res.status, `${init.method ?? 'GET'} ${path}`).toBeLessThan(300);
  return { headers: res.headers, body: (await res.json()) as unknown };
}

/** The header's total, after checking it against the sum of every room's own count (all pages). */
async function unreadTotal(token: string, side = BASE): Promise<number> {
  const first = await call(`${side}/inquiry_rooms`, token);
  const pages = Number(first.headers.get('x-total-pages'));
  let rooms = first.body as Room[];
  for (let page = 2; page <= pages; page++) rooms = rooms.concat((await call(`${side}/inquiry_rooms?page=${page}`, token)).body as Room[]);
  const total = Number(first.headers.get('x-unread-total'));
  expect(total, 'x-unread-total against the rooms’ own counts').toBe(rooms.reduce((sum, room) => sum + room.unread_count, 0));
  return total;
}

const staffTotals = async () => ({ admin: await unreadTotal(admin), staff2: await unreadTotal(staff2) });

const post = async (side: string, token: string, roomId: number, content: string) =>
  ((await call(`${side}/inquiry_rooms/${roomId}/messages`, token, { method: 'POST', json: { content } })).body as { id: number }).id;
/** A person reading the room: everything in it is seen. */
const read = (token: string, roomId: number) => call(`${BASE}/inquiry_rooms/${roomId}/messages`, token);
const remove = (token: string, messageId: number) => call(`${BASE}/inquiry_messages/${messageId}`, token, { method: 'DELETE' });

describe('the unread total', () => {
  it('agrees with the rooms’ counts as seeded, for staff and for a pharmacy user', async () => {
    const totals = await staffTotals();
    expect(totals.admin).toBeGreaterThan(0);
    expect(totals.staff2).toBeGreaterThan(0);
    await unreadTotal(pharmacy, OWN);
  });

  it('follows new messages, reads and deletes, each reader on their own', async () => {
    const ownRooms = (await call(`${OWN}/inquiry_rooms`, pharmacy)).body as Room[];
    const roomId = ownRooms[0].id;
    const start = await staffTotals();

    // A pharmacy's message is unread for every staff member.
    const fromPharmacy = await post(OWN, pharmacy, roomId, '在庫の件でご相談です。');
    expect(await staffTotals()).toEqual({ admin: start.admin + 1, staff2: start.staff2 + 1 });

    // Reading the room clears it for that reader alone.
    const roomUnread = ((await call(`${BASE}/inquiry_rooms?room_id=${roomId}`, admin)).body as Room[])[0].unread_count;
    expect(roomUnread).toBeGreaterThan(0);
    await read(admin, roomId);
    expect(await staffTotals()).toEqual({ admin: start.admin + 1 - roomUnread, staff2: start.staff2 + 1 });
    const afterRead = await staffTotals();

    // One's own message is never unread for oneself (and posting marks the room read); the others see it.
    const seenByStaff2 = await post(BASE, admin, roomId, '確認します。');
    const unseenByStaff2 = await post(BASE, admin, roomId, '少々お待ちください。');
    expect(await staffTotals()).toEqual({ admin: afterRead.admin, staff2: afterRead.staff2 + 2 });

    // staff2 reads both, then one more arrives that staff2 has not seen.
    await read(staff2, roomId);
    const staff2Read = await staffTotals();
    const unseen = await post(BASE, admin, roomId, '担当者に確認しました。');
    expect(await staffTotals()).toEqual({ admin: staff2Read.admin, staff2: staff2Read.staff2 + 1 });

    // Deleting a message staff2 had read leaves staff2's total; deleting one they had not read takes it off.
    await remove(admin, seenByStaff2);
    expect(await staffTotals()).toEqual({ admin: staff2Read.admin, staff2: staff2Read.staff2 + 1 });
    await remove(admin, unseen);
    expect(await staffTotals()).toEqual({ admin: staff2Read.admin, staff2: staff2Read.staff2 });
    await remove(admin, unseenByStaff2);
    expect(await staffTotals()).toEqual({ admin: staff2Read.admin, staff2: staff2Read.staff2 });

    // The pharmacy's own total is unmoved by its own message and counts the staff's replies until read.
    await unreadTotal(pharmacy, OWN);
    expect(fromPharmacy).toBeGreaterThan(0);
  });

  it('counts a room a pharmacy opens, and a message in a room no staff member has read', async () => {
    const start = await staffTotals();
    const opened = (await call(`${OWN}/inquiry_rooms`, pharmacy, { method: 'POST', json: { pharmacy_id: 1, name: '請求書の件', content: '請求書が届きません。' } }))
      .body as Room;
    await post(OWN, pharmacy, opened.id, '至急お願いします。');
    expect(await staffTotals()).toEqual({ admin: start.admin + 2, staff2: start.staff2 + 2 });
    await read(staff2, opened.id);
    expect(await staffTotals()).toEqual({ admin: start.admin + 2, staff2: start.staff2 });
    const reply = await post(BASE, staff2, opened.id, '再送いたします。');
    expect(await staffTotals()).toEqual({ admin: start.admin + 3, staff2: start.staff2 });
    await remove(staff2, reply);
    expect(await staffTotals()).toEqual({ admin: start.admin + 2, staff2: start.staff2 });
  });
});
