import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LOOKUPS_MAX } from '../../src/contract';
import { SEEDS } from '../../server/app';
import { RANK_WINDOW } from '../../server/db/list';
import { openCoreDb } from '../../server/services/core';
import { PAGE_SIZE } from '../../server/shared/paging';
import { BATCH_CALLS_AT_ONCE } from '../../server/services/core/lookups/routes';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Issue 36 item 1, "one user must never stall everyone", through HTTP on a temporary database:
 * a per-user budget of list work (429 with Retry-After, staff and pharmacy alike, a batch's
 * sub-calls counted), a ranked search's bounded window, a batch of plain lists only, and a room
 * marked read only when a person was shown it. Behaviour is asserted (statuses, headers,
 * messages, counts), never timing.
 */

const BATCH = '/core/api/v2/common/lookups';
const STAFF2 = { username: 'sato.misaki@example.com', password: 'Staff1234' };
const MEDICINES = '/core/api/v2/master/ethical_medicines';
const JAPANESE = /[ぁ-んァ-ヶ一-龠]/;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
const read = async (res: Response) => {
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
};
const get = (app: TestApp, path: string, token: string, headers: Record<string, string> = {}) => app.call(path, { token, headers }).then(read);
const batch = (app: TestApp, calls: { path: string; query?: string }[], token: string) => app.call(BATCH, { method: 'POST', token, json: { calls } }).then(read);

/** A 429 as the guard answers it: Retry-After in whole seconds, a Japanese message in `{"errors": [...]}`. */
const expectTooMany = (answer: { status: number; headers: Headers; body: Json }) => {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number.isInteger(Number(answer.headers.get('retry-after')))).toBe(true);
  expect(answer.body.errors.join('')).toMatch(JAPANESE);
};

const PALETTE_CALLS = [
  { path: '/api/v2/core/master/ethical_medicines', query: `sort=relevance&query=${encodeURIComponent('錠 a')}&page=10` },
  { path: '/api/v2/core/master/ethical_medicines', query: `sort=relevance&query=${encodeURIComponent('錠 m')}&page=9` },
  { path: '/api/v2/core/master/ethical_medicines', query: 'page=1' },
];

describe('list work: a per-user concurrency budget', () => {
  let app: TestApp;
  beforeAll(() => {
    // Only the concurrent places limit here: the cost budget is out of reach.
    app = startApp({ jobTickMs: 0, fairness: { concurrent: 2, burstMs: 1e9, msPerSecond: 1e9 } });
  });
  afterAll(() => app.dispose());

  it('a pharmacy user flooding batches gets 429 with Retry-After; another user meanwhile is answered every time', async () => {
    const [flooder, victim] = [await app.token(PHARMACY), await app.token(ADMIN)];
    const calls = Array.from({ length: LIST_LOOKUPS_MAX }, (_, i) => PALETTE_CALLS[i % PALETTE_CALLS.length]);
    const flood = Array.from({ length: 12 }, () => batch(app, calls, flooder));
    // The other user as a person uses the portal: users/me at any moment, a list page after another.
    const victims = Array.from({ length: 6 }, () => get(app, '/core/api/v2/common/users/me', victim));
    const pages = (async () => {
      const answers = [];
      for (let page = 1; page <= 6; page++) answers.push(await get(app, `${MEDICINES}?page=${page}`, victim));
      return answers;
    })();
    const [flooded, served] = await Promise.all([Promise.all(flood), Promise.all([...victims, ...[pages]]).then((all) => all.flat())]);
    expect(served.map((answer) => answer.status)).toEqual(served.map(() => 200));
    const refused = flooded.filter((answer) => answer.status === 429);
    // Two batches at once at most: of twelve sent together, ten at least wait their turn.
    expect(refused.length).toBeGreaterThanOrEqual(10);
    for (const answer of refused) expectTooMany(answer);
    const admitted = flooded.filter((answer) => answer.status === 200);
    expect(admitted.length).toBeGreaterThanOrEqual(1);
    for (const answer of admitted) expect(answer.body.answers.map((sub: Json) => sub.status)).toEqual(calls.map(() => 200));
  });

  it('staff alike: an admin flooding direct list calls and batches is held to its own places, the pharmacy user is not', async () => {
    const [flooder, other] = [await app.token(ADMIN), await app.token(PHARMACY)];
    const flood = [
      ...Array.from({ length: 6 }, () => batch(app, PALETTE_CALLS, flooder)),
      ...Array.from({ length: 6 }, (_, i) => get(app, `${MEDICINES}?page=${i + 1}`, flooder)),
    ];
    const others = Array.from({ length: 6 }, () => get(app, '/core/api/v2/common/users/me', other));
    const [flooded, served] = await Promise.all([Promise.all(flood), Promise.all(others)]);
    expect(served.every((answer) => answer.status === 200)).toBe(true);
    expect(flooded.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(4);
    for (const answer of flooded) expect([200, 429]).toContain(answer.status);
    // Once the flood is over its places are free again.
    expect((await batch(app, PALETTE_CALLS, flooder)).status).toBe(200);
  });

  it('a refused token costs no one a place; OPTIONS and users/me are no list work', async () => {
    const token = await app.token(PHARMACY);
    const forged = await Promise.all(Array.from({ length: 6 }, () => batch(app, PALETTE_CALLS, `${token}x`)));
    expect(forged.map((answer) => answer.status)).toEqual(forged.map(() => 401));
    const mine = await Promise.all(Array.from({ length: 8 }, () => get(app, '/core/api/v2/common/users/me', token)));
    expect(mine.every((answer) => answer.status === 200)).toBe(true);
    expect((await batch(app, PALETTE_CALLS, token)).status).toBe(200);
  });
});

describe('list work: a per-user cost budget, a batch\'s sub-calls counted', () => {
  let app: TestApp;
  beforeAll(() => {
    // A budget of a microsecond refilled over hours: the first list call spends it, any next is refused.
    app = startApp({ jobTickMs: 0, fairness: { concurrent: 100, burstMs: 0.001, msPerSecond: 0.0001 } });
  });
  afterAll(() => app.dispose());

  it('a batch spends the budget call by call: the calls that start once it is spent answer 429 with retry-after; the next batch is a 429', async () => {
    const [pharmacy, staff] = [await app.token(PHARMACY), await app.token(ADMIN)];
    // More calls than a batch runs at once: the later ones start only after an earlier one has
    // ended, and so has been charged (issue 38: calls in progress together are admitted together,
    // as direct calls sent together are).
    const calls = Array.from({ length: BATCH_CALLS_AT_ONCE + 2 }, (_, index) => PALETTE_CALLS[index % PALETTE_CALLS.length]);
    const first = await batch(app, calls, pharmacy);
    expect(first.status).toBe(200);
    const statuses = first.body.answers.map((sub: Json) => sub.status);
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(BATCH_CALLS_AT_ONCE)).toEqual([429, 429]);
    for (const sub of first.body.answers) {
      expect([200, 429]).toContain(sub.status);
      if (sub.status !== 429) continue;
      expect(Number(sub.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(sub.body.errors.join('')).toMatch(JAPANESE);
    }
    expectTooMany(await batch(app, PALETTE_CALLS, pharmacy));
    expectTooMany(await get(app, `${MEDICINES}?page=1`, pharmacy));
    // Hostile: the most calls a batch takes, all refused at once, none a 5xx.
    expectTooMany(await batch(app, Array.from({ length: LIST_LOOKUPS_MAX }, () => PALETTE_CALLS[0]), pharmacy));
    // The pharmacy user's other calls, and staff's lists, are untouched.
    expect((await get(app, '/core/api/v2/common/users/me', pharmacy)).status).toBe(200);
    expect((await get(app, `${MEDICINES}?page=1`, staff)).status).toBe(200);
  });

  it('staff alike: an admin\'s direct list calls spend its own budget', async () => {
    const staff = await app.token(STAFF2);
    expect((await get(app, '/core/api/v2/admin/pharmacies?page=1', staff)).status).toBe(200);
    const refused = await get(app, '/core/api/v2/admin/pharmacies?page=2', staff);
    expectTooMany(refused);
    expect(refused.body).toEqual({ errors: [expect.stringMatching(JAPANESE)] });
  });
});

describe('the lookups batch runs plain list GETs only', () => {
  let app: TestApp;
  beforeAll(() => {
    app = startApp({ jobTickMs: 0 });
  });
  afterAll(() => app.dispose());

  it('refuses users/me, an upload link and a room\'s messages with a 422 per call index, and runs none of them', async () => {
    const [admin, pharmacy] = [await app.token(ADMIN), await app.token(PHARMACY)];
    const room = (await get(app, '/core/api/v2/admin/inquiry_rooms?status=unreplied', admin)).body.find((r: Json) => r.unread_count > 0);
    expect(room).toBeDefined();
    const calls = [
      { path: '/api/v2/core/master/ethical_medicines', query: 'page=1' },
      { path: '/api/v2/core/common/users/me' },
      { path: '/api/v2/core/admin/pharmacies/1/licenses/presigned_url' },
      { path: `/api/v2/core/admin/inquiry_rooms/${room.id}/messages` },
      { path: '/api/v2/core/pharmacy/inquiry_rooms/1/messages' },
      { path: '/api/v2/core/admin/inquiry_messages/file_presigned_url' },
      { path: '/api/v2/core/admin/pharmacies/1/users' },
      { path: '/api/v2/core/admin/inquiry_rooms' },
      { path: '/api/v2/medorder/admin/ping' },
      { path: '/api/v1/ping' },
    ];
    for (const token of [admin, pharmacy]) {
      const answer = await batch(app, calls, token);
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.body.field_errors).sort()).toEqual(calls.slice(1).map((_, i) => `calls.${i + 1}.path`).sort());
      expect(answer.body.errors.join('')).toMatch(JAPANESE);
    }
    // Nothing ran: the room is as unread as before.
    const after = (await get(app, `/core/api/v2/admin/inquiry_rooms?room_id=${room.id}`, admin)).body[0];
    expect(after.unread_count).toBe(room.unread_count);
  });

  it('still runs every declared list and legacy\'s pages', async () => {
    const answer = await batch(app, [...PALETTE_CALLS, { path: '/api/v2/core/admin/pharmacies', query: 'page=1' }, { path: '/api/v1/medorder/stocks', query: 'pharmacyId=1' }], await app.token());
    expect(answer.status).toBe(200);
    expect(answer.body.answers.map((sub: Json) => sub.status)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('a room is marked read only when a person was shown its messages', () => {
  let app: TestApp;
  beforeAll(() => {
    app = startApp({ jobTickMs: 0 });
  });
  afterAll(() => app.dispose());

  const unreadRoom = async (token: string) => (await get(app, '/core/api/v2/admin/inquiry_rooms?status=unreplied', token)).body.find((r: Json) => r.unread_count > 0);
  const unreadOf = async (token: string, id: number) => (await get(app, `/core/api/v2/admin/inquiry_rooms?room_id=${id}`, token)).body[0].unread_count as number;

  it('a prefetch (Sec-Purpose or Purpose) answers the messages and leaves the room unread; a plain read marks it', async () => {
    const admin = await app.token(ADMIN);
    const room = await unreadRoom(admin);
    expect(room).toBeDefined();
    for (const headers of <Record<string, string>[]>[{ 'sec-purpose': 'prefetch' }, { 'sec-purpose': 'prefetch;prerender' }, { 'Sec-Purpose': 'PREFETCH' }, { purpose: 'prefetch' }]) {
      const answer = await get(app, `/core/api/v2/admin/inquiry_rooms/${room.id}/messages`, admin, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.body.length).toBeGreaterThan(0);
      expect(await unreadOf(admin, room.id), JSON.stringify(headers)).toBe(room.unread_count);
    }
    // Hostile values are no prefetch and no error: a person asked.
    const long = await get(app, `/core/api/v2/admin/inquiry_rooms/${room.id}/messages`, admin, { 'sec-purpose': 'x'.repeat(150) });
    expect(long.status).toBe(200);
    expect(await unreadOf(admin, room.id)).toBe(0);
  });

  it('the pharmacy side too', async () => {
    const pharmacy = await app.token(PHARMACY);
    const rooms = (await get(app, '/core/api/v2/pharmacy/inquiry_rooms', pharmacy)).body as Json[];
    const room = rooms.find((r) => r.unread_count > 0);
    expect(room).toBeDefined();
    await get(app, `/core/api/v2/pharmacy/inquiry_rooms/${room.id}/messages`, pharmacy, { 'sec-purpose': 'prefetch' });
    const unread = async () => ((await get(app, '/core/api/v2/pharmacy/inquiry_rooms', pharmacy)).body as Json[]).find((r) => r.id === room.id).unread_count;
    expect(await unread()).toBe(room.unread_count);
    await get(app, `/core/api/v2/pharmacy/inquiry_rooms/${room.id}/messages`, pharmacy);
    expect(await unread()).toBe(0);
  });
});

describe('a ranked search over a huge match set ranks within a bounded window', () => {
  let app: TestApp;
  const MATCHES = RANK_WINDOW + 50;
  const LAST_PAGE = RANK_WINDOW / PAGE_SIZE;
  beforeAll(() => {
    app = startApp({ jobTickMs: 0 });
    // More medicines named alike than the window holds, written through the core's own triggers (search index kept).
    const db = openCoreDb(app.dir, SEEDS.production, 'small');
    const insert = db.prepare('INSERT INTO ethical_medicines (brand_name, created_at, updated_at) VALUES (@name, @at, @at)');
    const at = new Date().toISOString();
    db.transaction(() => {
      for (let i = 0; i < MATCHES; i++) insert.run({ name: `窓枠試験錠${i % 2 === 0 ? '' : 'ア'} ${i}mg`, at });
    })();
    db.close();
  }, 60_000);
  afterAll(() => app?.dispose());

  const ranked = (page: number | string, token: string) => get(app, `${MEDICINES}?sort=relevance&query=${encodeURIComponent('窓枠試験')}&page=${page}`, token);

  it('serves the window\'s pages, with the whole total', async () => {
    const token = await app.token(PHARMACY);
    for (const page of [1, LAST_PAGE]) {
      const answer = await ranked(page, token);
      expect(answer.status).toBe(200);
      expect(answer.body).toHaveLength(PAGE_SIZE);
      expect(Number(answer.headers.get('x-total-count'))).toBe(MATCHES);
    }
    expect((await ranked(1, token)).body[0].brand_name).toMatch(/^窓枠試験錠/);
  });

  it('refuses a page beyond the window with a Japanese 422 naming the last page, staff alike; never a 5xx', async () => {
    for (const token of [await app.token(PHARMACY), await app.token(ADMIN)]) {
      for (const page of [LAST_PAGE + 1, 999_999_999]) {
        const answer = await ranked(page, token);
        expect(answer.status).toBe(422);
        expect(answer.body.field_errors.page.join('')).toContain(`${LAST_PAGE}ページ`);
        expect(answer.body.errors.join('')).toMatch(JAPANESE);
      }
    }
    // Without the rank the same search pages on (the default order has an index).
    const token = await app.token(PHARMACY);
    const plain = await get(app, `${MEDICINES}?query=${encodeURIComponent('窓枠試験')}&page=${LAST_PAGE + 1}`, token);
    expect(plain.status).toBe(200);
    expect(plain.body).toHaveLength(PAGE_SIZE);
  });
});
