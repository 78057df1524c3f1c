import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHttpDate, STALE_RECORD } from '../../server/shared/conditionalWrite';
import { getJson, startApp, type TestApp } from './helpers';
import { createBody, harmlessChange, masterPath, WRITABLE_MASTERS } from './plainMasterProbes';

/*
 * Issue 21's conditional writes: every PUT, PATCH and DELETE of a record with updated_at honours
 * If-Unmodified-Since (RFC 9110 §13.1.4). A date earlier than the record's updated_at (in whole
 * seconds) is 412 with STALE_RECORD and changes nothing; the same second or later goes ahead; a
 * header that is no HTTP-date is ignored. The SPA sends `new Date(updatedAt).toUTCString()`.
 */

type Rec = Record<string, unknown>;
const START = Date.parse('2026-11-21T01:00:00.000Z');
let clock = START;
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => new Date(clock) });
});
afterAll(() => app.dispose());

const CORE = '/core/api/v2/admin';
const MEDORDER = '/medorder/api/v2/admin';
const LONG_AGO = 'Sat, 01 Jan 2000 00:00:00 GMT';
const httpDate = (ms: number) => new Date(ms).toUTCString();

const send = async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
  app.call(path, { method, token: await app.token(), json, headers });
const read = async (path: string) => {
  const res = await getJson<Rec>(app, path);
  return res.status === 200 ? res.body : { status: res.status };
};
const listed = async (path: string, id: number) => {
  for (let page = 1; ; page++) {
    const { body, headers } = await getJson<Rec[]>(app, `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    const found = body.find((row) => row.id === id);
    if (found) return found;
    if (page >= Number(headers.get('x-total-pages') ?? 1)) return { missing: id };
  }
};
const created = async (path: string, json: unknown) => {
  const res = await send('POST', path, json);
  expect(res.status, `POST ${path}`).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const firstId = async (path: string) => ((await getJson<Rec[]>(app, path)).body[0].id as number);

let roomId = 0;
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

interface ConditionalCase {
  route: string;
  method: 'PUT' | 'PATCH' | 'DELETE';
  /** The record's id (seeded or created for the test). */
  id: () => Promise<number>;
  path: (id: number) => string;
  /** The conditional write's body (none for DELETE). */
  body?: () => Rec;
  /** The record as a GET shows it (for "changed nothing"). */
  read: (id: number) => Promise<unknown>;
  /** A plain write that stamps updated_at with the clock, when there is one. */
  touch?: (id: number) => Promise<Response>;
  /** The write can succeed only once (a delete, a state transition). */
  once?: boolean;
  ok?: number;
}

const manualCategory = () => created(`${CORE}/manual_categories`, { name: unique('条件付きカテゴリ') });
const ownMessage = async () => {
  roomId = await firstId(`${CORE}/inquiry_rooms`);
  return created(`${CORE}/inquiry_rooms/${roomId}/messages`, { content: '条件付きのテスト' });
};
const readMessage = (id: number) => listed(`${CORE}/inquiry_rooms/${roomId}/messages`, id);

const CASES: ConditionalCase[] = [
  { route: 'pharmacy', method: 'PUT', id: async () => 2, path: (id) => `${CORE}/pharmacies/${id}`, body: () => ({ note: unique('備考') }),
    read: (id) => read(`${CORE}/pharmacies/${id}`), touch: (id) => send('PUT', `${CORE}/pharmacies/${id}`, { note: unique('備考') }) },
  { route: 'company', method: 'PUT', id: () => firstId(`${CORE}/companies`), path: (id) => `${CORE}/companies/${id}`, body: () => ({ note: unique('メモ') }),
    read: (id) => read(`${CORE}/companies/${id}`), touch: (id) => send('PUT', `${CORE}/companies/${id}`, { note: unique('メモ') }) },
  { route: 'group', method: 'PUT', id: () => firstId(`${CORE}/groups`), path: (id) => `${CORE}/groups/${id}`, body: () => ({ name: unique('条件付きグループ') }),
    read: (id) => read(`${CORE}/groups/${id}`), touch: (id) => send('PUT', `${CORE}/groups/${id}`, { name: unique('条件付きグループ') }) },
  { route: 'manual', method: 'PATCH', id: () => firstId(`${CORE}/manuals`), path: (id) => `${CORE}/manuals/${id}`, body: () => ({ title: unique('題名') }),
    read: (id) => read(`${CORE}/manuals/${id}`), touch: (id) => send('PATCH', `${CORE}/manuals/${id}`, { title: unique('題名') }) },
  { route: 'manual (delete)', method: 'DELETE', id: () => created(`${CORE}/manuals`, { title: '消すマニュアル', content: '本文' }), once: true,
    path: (id) => `${CORE}/manuals/${id}`, read: (id) => read(`${CORE}/manuals/${id}`), touch: (id) => send('PATCH', `${CORE}/manuals/${id}`, { title: unique('題名') }) },
  { route: 'manual category', method: 'PATCH', id: manualCategory, path: (id) => `${CORE}/manual_categories/${id}`, body: () => ({ name: unique('カテゴリ') }),
    read: (id) => read(`${CORE}/manual_categories/${id}`), touch: (id) => send('PATCH', `${CORE}/manual_categories/${id}`, { name: unique('カテゴリ') }) },
  { route: 'manual category (delete)', method: 'DELETE', id: manualCategory, once: true, ok: 204, path: (id) => `${CORE}/manual_categories/${id}`,
    read: (id) => read(`${CORE}/manual_categories/${id}`), touch: (id) => send('PATCH', `${CORE}/manual_categories/${id}`, { name: unique('カテゴリ') }) },
  { route: 'inquiry room', method: 'PATCH', id: () => firstId(`${CORE}/inquiry_rooms`), path: (id) => `${CORE}/inquiry_rooms/${id}`, body: () => ({ name: unique('件名') }),
    read: (id) => listed(`${CORE}/inquiry_rooms?room_id=${id}`, id), touch: (id) => send('PATCH', `${CORE}/inquiry_rooms/${id}`, { name: unique('件名') }) },
  { route: 'inquiry message', method: 'PATCH', id: ownMessage, path: (id) => `${CORE}/inquiry_messages/${id}`, body: () => ({ content: unique('内容') }),
    read: readMessage, touch: (id) => send('PATCH', `${CORE}/inquiry_messages/${id}`, { content: unique('内容') }) },
  { route: 'inquiry message (delete)', method: 'DELETE', id: ownMessage, once: true, path: (id) => `${CORE}/inquiry_messages/${id}`,
    read: readMessage, touch: (id) => send('PATCH', `${CORE}/inquiry_messages/${id}`, { content: unique('内容') }) },
  { route: 'stockable item fixture', method: 'PATCH', id: () => created(`${MEDORDER}/stockable_item_fixtures`, { yj_code: '9999996F1010', name: '条件付き錠' }),
    path: (id) => `${MEDORDER}/stockable_item_fixtures/${id}`, body: () => ({ note: unique('メモ') }), read: (id) => read(`${MEDORDER}/stockable_item_fixtures/${id}`),
    touch: (id) => send('PATCH', `${MEDORDER}/stockable_item_fixtures/${id}`, { note: unique('メモ') }) },
  { route: 'orderable item fixture', method: 'PATCH', id: () => created(`${MEDORDER}/orderable_item_fixtures`, { gs1_code: '04999999000045', name: '条件付き錠' }),
    path: (id) => `${MEDORDER}/orderable_item_fixtures/${id}`, body: () => ({ note: unique('メモ') }), read: (id) => read(`${MEDORDER}/orderable_item_fixtures/${id}`),
    touch: (id) => send('PATCH', `${MEDORDER}/orderable_item_fixtures/${id}`, { note: unique('メモ') }) },
  { route: 'batch config', method: 'PUT', id: async () => 3, path: (id) => `${MEDORDER}/pharmacies/${id}/batch_config`, body: () => ({ ttl: 3600 }),
    read: (id) => read(`${MEDORDER}/pharmacies/${id}/batch_config`), // A touch changes the record (a write that changes nothing is no write, issue 40): the other ttl.
    touch: async (id) => send('PUT', `${MEDORDER}/pharmacies/${id}/batch_config`, { ttl: (await read(`${MEDORDER}/pharmacies/${id}/batch_config`)).ttl === 43200 ? 0 : 43200 }) },
  { route: 'unknown delivery record', method: 'PATCH', id: () => firstId(`${MEDORDER}/unknown_sdcvan_delivery_d_records`),
    path: (id) => `${MEDORDER}/unknown_sdcvan_delivery_d_records/${id}`, body: () => ({ ignored: counter++ % 2 === 0 }),
    read: (id) => listed(`${MEDORDER}/unknown_sdcvan_delivery_d_records`, id),
    touch: async (id) => send('PATCH', `${MEDORDER}/unknown_sdcvan_delivery_d_records/${id}`, { ignored: !(await listed(`${MEDORDER}/unknown_sdcvan_delivery_d_records`, id)).ignored }) },
  { route: 'stockable item import request', method: 'PATCH', id: () => firstId(`${MEDORDER}/stockable_item_import_requests?state=open`), once: true,
    path: (id) => `${MEDORDER}/stockable_item_import_requests/${id}`, body: () => ({ state: 'rejected' }),
    read: (id) => listed(`${MEDORDER}/stockable_item_import_requests`, id) },
  // Every plain master that writes, from its shape (the contract's registry): its update and its delete.
  ...WRITABLE_MASTERS.flatMap((master): ConditionalCase[] => {
    const path = (id: number) => `${masterPath(master)}/${id}`;
    const common = {
      id: () => created(masterPath(master), createBody(master.shape)),
      path,
      read: (id: number) => read(path(id)),
      touch: (id: number) => send('PUT', path(id), harmlessChange(master.shape)),
    };
    return [
      { route: `${master.shape.label} (plain master)`, method: 'PUT', body: () => harmlessChange(master.shape), ...common },
      { route: `${master.shape.label} (plain master, delete)`, method: 'DELETE', once: true, ok: 204, ...common },
    ];
  }),
];

const expectStale = async (res: Response) => {
  expect(res.status).toBe(412);
  expect(await res.json()).toEqual({ errors: [STALE_RECORD] });
};

describe('If-Unmodified-Since on record writes', () => {
  for (const testCase of CASES) {
    it(`${testCase.method} ${testCase.route}`, async () => {
      const ok = testCase.ok ?? 200;
      const id = await testCase.id();
      const path = testCase.path(id);
      const write = (header?: string) => send(testCase.method, path, testCase.body?.(), header === undefined ? {} : { 'if-unmodified-since': header });

      // A date before the record's last change: 412, and nothing changed.
      const before = await testCase.read(id);
      await expectStale(await write(LONG_AGO));
      expect(await testCase.read(id)).toEqual(before);

      if (testCase.touch) {
        // Stamped at .500 of a second: the header's second is the record's (equal) but the one before is earlier.
        clock += 60_000;
        const stampedAt = clock;
        expect((await testCase.touch(id)).status).toBe(200);
        clock += 60_000;
        const touched = await testCase.read(id);
        await expectStale(await write(httpDate(stampedAt - 1000)));
        expect(await testCase.read(id)).toEqual(touched);
        if (testCase.once) {
          expect((await write(httpDate(stampedAt))).status).toBe(ok);
          return;
        }
        // Equal (same second): goes ahead.
        expect((await write(httpDate(stampedAt))).status).toBe(ok);
      }
      if (testCase.once) {
        expect((await write(httpDate(clock + 86_400_000))).status).toBe(ok);
        return;
      }
      clock += 60_000;
      // Later than the last change: goes ahead. No header: as before.
      expect((await write(httpDate(clock))).status).toBe(ok);
      expect((await write()).status).toBe(ok);
      // Malformed headers are ignored, even though LONG_AGO in HTTP-date form would be refused.
      for (const malformed of ['2000-01-01T00:00:00Z', 'Sat, 01 Jan 2000 00:00:00', 'yesterday', '', 'Sat, 31 Feb 2000 00:00:00 GMT']) {
        expect((await write(malformed)).status, malformed).toBe(ok);
      }
    });
  }

  it('answers 404 for a missing record before the precondition', async () => {
    expect((await send('PUT', `${CORE}/companies/999999`, { note: 'x' }, { 'if-unmodified-since': LONG_AGO })).status).toBe(404);
  });

  it('allows the header in CORS preflights', async () => {
    const res = await app.call(`${CORE}/companies/1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'if-unmodified-since' },
    });
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-unmodified-since');
  });
});

describe('If-Match on record writes (issue 36 item 10: writes within one second)', () => {
  for (const testCase of CASES.filter((c) => c.touch)) {
    it(`${testCase.method} ${testCase.route}`, async () => {
      const ok = testCase.ok ?? 200;
      const id = await testCase.id();
      const path = testCase.path(id);
      const write = (headers: Record<string, string>) => send(testCase.method, path, testCase.body?.(), headers);
      // The clock stands still: A's load, B's save and A's save fall in the same millisecond.
      const loadedByA = await testCase.touch!(id);
      const etagA = loadedByA.headers.get('etag')!;
      expect(etagA).toMatch(/^"\d+"$/);
      const savedByB = await testCase.touch!(id);
      expect(savedByB.status).toBe(200);
      const etagB = savedByB.headers.get('etag')!;
      expect(etagB).not.toBe(etagA);

      const afterB = await testCase.read(id);
      await expectStale(await write({ 'if-match': etagA }));
      // If-Match wins over an If-Unmodified-Since that would let it through (RFC 9110 §13.2.2).
      await expectStale(await write({ 'if-match': etagA, 'if-unmodified-since': httpDate(clock + 86_400_000) }));
      // A weak tag never matches strongly; a malformed header is a condition that cannot hold.
      for (const refused of [`W/${etagB}`, 'garbage', etagB.replaceAll('"', ''), `${etagB} x`]) await expectStale(await write({ 'if-match': refused }));
      expect(await testCase.read(id)).toEqual(afterB);

      // The current version (alone, in a list, or `*`) goes ahead; the answer names the new version.
      const saved = await write({ 'if-match': `"no-such-version", ${etagB}`, 'if-unmodified-since': LONG_AGO });
      expect(saved.status).toBe(ok);
      if (testCase.once) return;
      const etagC = saved.headers.get('etag')!;
      expect(etagC).toMatch(/^"\d+"$/);
      expect(etagC).not.toBe(etagB);
      expect((await write({ 'if-match': '*' })).status).toBe(ok);
    });
  }

  it('answers the ETag on detail GETs; a read that counts a view is no new version', async () => {
    const id = await firstId(`${CORE}/manuals`);
    const first = await getJson(app, `${CORE}/manuals/${id}`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"\d+"$/);
    const again = await app.call(`${CORE}/manuals/${id}`, { token: await app.token({ username: 'sato.misaki@example.com', password: 'Staff1234' }) });
    expect(again.headers.get('etag')).toBe(etag);
    const patched = await send('PATCH', `${CORE}/manuals/${id}`, { title: unique('題名') }, { 'if-match': etag! });
    expect(patched.status).toBe(200);
    expect((await getJson(app, `${CORE}/manuals/${id}`)).headers.get('etag')).toBe(patched.headers.get('etag'));
    for (const path of [`${CORE}/companies/1`, `${CORE}/pharmacies/2`, `${CORE}/groups/1`, `${MEDORDER}/pharmacies/3/batch_config`]) {
      expect((await getJson(app, path)).headers.get('etag'), path).toMatch(/^"\d+"$/);
    }
    expect((await getJson(app, `${CORE}/companies/999999`)).headers.get('etag')).toBeNull();
  });

  it('the id of a deleted record is never given again (issue 37): a write with its old ETag finds nothing, and the next record has an id of its own', async () => {
    const id = await created(`${CORE}/manual_categories`, { name: unique('消すカテゴリ') });
    const etag = (await getJson(app, `${CORE}/manual_categories/${id}`)).headers.get('etag')!;
    expect((await send('DELETE', `${CORE}/manual_categories/${id}`, undefined, { 'if-match': etag })).status).toBe(204);
    const again = await created(`${CORE}/manual_categories`, { name: unique('消すカテゴリ') });
    expect(again).toBeGreaterThan(id);
    expect((await send('PATCH', `${CORE}/manual_categories/${id}`, { name: unique('カテゴリ') }, { 'if-match': etag })).status).toBe(404);
  });

  it('allows If-Match in CORS preflights and exposes the ETag', async () => {
    const res = await app.call(`${CORE}/companies/1`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'if-match' },
    });
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('if-match');
    const read = await app.call(`${CORE}/companies/1`, { token: await app.token(), headers: { origin: 'http://localhost:5173' } });
    expect(read.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('etag');
  });
});

describe('parseHttpDate', () => {
  it('reads the three HTTP-date forms of RFC 9110 §5.6.7', () => {
    const ms = Date.parse('1994-11-06T08:49:37Z');
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(ms);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(ms);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(ms);
    expect(parseHttpDate(new Date('2026-11-21T10:00:00.999Z').toUTCString())).toBe(Date.parse('2026-11-21T10:00:00Z'));
  });

  it('refuses anything else', () => {
    for (const text of ['2026-11-21', '2026-11-21T10:00:00Z', 'Sun, 6 Nov 1994 08:49:37 GMT', 'Sun, 06 Nov 1994 08:49:37 UTC', 'Sun, 30 Feb 1994 08:49:37 GMT',
      'Sun, 06 Nov 1994 25:49:37 GMT', 'now', '']) {
      expect(parseHttpDate(text), text).toBeUndefined();
    }
  });
});
