import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityDb } from '../../server/identity/db';
import { ADMIN_CANNOT_JOIN } from '../../server/services/core/pharmacyUsers/routes';
import { IDENTITY_USER_MISSING } from '../../server/services/core/users/identitySync';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

const USERS = '/core/api/v2/admin/users';
const usersOf = (pharmacyId: number | string) => `/core/api/v2/admin/pharmacies/${pharmacyId}/users`;

interface PharmacyUser {
  id: number;
  name: string;
  email: string;
  permission: 'read' | 'write';
}
interface UserDetail {
  id: number;
  updated_at: string;
  pharmacy_ids: number[];
  app_metadata: { pharmacy_ids: number[] } | null;
  pharmacies: { id: number; permission: string }[];
}

let app: TestApp;
let tick = Date.parse('2026-11-21T10:00:00.000Z');
beforeAll(() => {
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const send = async (method: 'POST' | 'DELETE', path: string, json: unknown, token?: string | null) => {
  const res = await app.call(path, { method, token: token === undefined ? await app.token() : token, json });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
};

const userId = async (query: string) => (await getJson<{ id: number }[]>(app, `${USERS}?query=${query}`)).body[0].id;
const detail = async (id: number) => (await getJson<UserDetail>(app, `${USERS}/${id}`)).body;

describe('GET pharmacies/{id}/users', () => {
  it('lists a pharmacy users with their permission, searchable', async () => {
    const { status, headers, body } = await getJson<PharmacyUser[]>(app, usersOf(2));
    expect(status).toBe(200);
    expect(headers.get('x-total-count')).toBe('2');
    expect(body.map((u) => u.email).sort()).toEqual(['nakamura.aya@pharmacy.example.jp', 'yamamoto.kazuki@pharmacy.example.jp']);
    expect(body.every((u) => u.permission === 'read' || u.permission === 'write')).toBe(true);
    const found = (await getJson<PharmacyUser[]>(app, `${usersOf(2)}?query=${encodeURIComponent('なかむら')}`)).body;
    expect(found).toEqual([]);
    expect((await getJson<PharmacyUser[]>(app, `${usersOf(2)}?query=nakamura`)).body.map((u) => u.name)).toEqual(['中村 彩']);
    expect((await getJson<PharmacyUser[]>(app, usersOf(4))).body).toEqual([]);
    expect((await getJson(app, usersOf(99_999_999))).status).toBe(404);
    expect((await getJson(app, usersOf('x'))).status).toBe(422);
    expect((await getJson(app, `${usersOf(2)}?sort=password`)).status).toBe(422);
  });

  it('refuses a missing token (401) and a pharmacy user (403), reading or writing', async () => {
    expect((await app.call(usersOf(1))).status).toBe(401);
    const token = await app.token(PHARMACY);
    expect((await app.call(usersOf(1), { token })).status).toBe(403);
    expect((await send('POST', usersOf(1), { user_id: 1, permission: 'write' }, token)).status).toBe(403);
    expect((await send('DELETE', usersOf(1), { user_id: 1 }, null)).status).toBe(401);
  });
});

describe('POST / DELETE pharmacies/{id}/users', () => {
  it('joins with a permission, switches read and write, and leaves, the identity store following each step', async () => {
    const id = await userId('kobayashi');
    expect((await detail(id)).pharmacy_ids).toEqual([3]);

    const joined = await send('POST', usersOf(4), { user_id: id, permission: 'read' });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ user_id: id, pharmacy_id: 4, permission: 'read' });
    expect(joined.headers.get('x-store-cache-control')).toBe('clear');
    let user = await detail(id);
    expect(user.pharmacy_ids).toEqual([3, 4]);
    expect(user.app_metadata).toEqual({ pharmacy_ids: [3, 4] });
    expect(user.pharmacies).toEqual([expect.objectContaining({ id: 3 }), expect.objectContaining({ id: 4, permission: 'read' })]);

    expect((await send('POST', usersOf(4), { user_id: id, permission: 'write' })).body.permission).toBe('write');
    expect((await getJson<PharmacyUser[]>(app, `${usersOf(4)}?query=kobayashi`)).body).toEqual([
      expect.objectContaining({ id, permission: 'write' }),
    ]);
    // Joining again with the same permission changes nothing.
    const stamp = (await detail(id)).updated_at;
    expect((await send('POST', usersOf(4), { user_id: id, permission: 'write' })).status).toBe(200);
    expect((await detail(id)).updated_at).toBe(stamp);

    const left = await send('DELETE', usersOf(4), { user_id: id });
    expect(left.body).toEqual({ user_id: id, pharmacy_id: 4, permission: null });
    user = await detail(id);
    expect(user.pharmacy_ids).toEqual([3]);
    expect(user.app_metadata).toEqual({ pharmacy_ids: [3] });
    // Leaving a pharmacy the user is not in is answered as it is.
    expect((await send('DELETE', usersOf(4), { user_id: id })).body).toEqual({ user_id: id, pharmacy_id: 4, permission: null });
  });

  it('refuses hostile input with Japanese messages and changes nothing', async () => {
    const id = await userId('kato.mayumi');
    const before = await detail(id);
    const admin = await userId('admin%40example.com');
    const cases: [string, 'POST' | 'DELETE', unknown, number, Record<string, string[]> | undefined][] = [
      [usersOf(5), 'POST', {}, 422, { user_id: ['ユーザIDを入力してください。'], permission: ['権限を選択してください。'] }],
      [usersOf(5), 'POST', { user_id: id }, 422, { permission: ['権限を選択してください。'] }],
      [usersOf(5), 'POST', { user_id: String(id), permission: 'read' }, 422, { user_id: ['ユーザIDの形式が正しくありません。'] }],
      [usersOf(5), 'POST', { user_id: id, permission: 'owner' }, 422, { permission: ['権限の形式が正しくありません。'] }],
      [usersOf(5), 'POST', { user_id: id, permission: 'r'.repeat(10_000) }, 422, { permission: ['権限の形式が正しくありません。'] }],
      [usersOf(5), 'POST', { user_id: -1, permission: 'read' }, 422, { user_id: ['ユーザIDは0より大きい値で指定してください。'] }],
      [usersOf(5), 'POST', { user_id: 0, permission: 'read' }, 422, { user_id: ['ユーザIDは0より大きい値で指定してください。'] }],
      [usersOf(5), 'POST', { user_id: 1e20, permission: 'read' }, 422, { user_id: ['ユーザIDは2147483647以下で指定してください。'] }],
      [usersOf(5), 'POST', { user_id: 99_999, permission: 'read' }, 422, { user_id: ['存在しないユーザが指定されました。(ID: 99999)'] }],
      [usersOf(5), 'POST', { user_id: admin, permission: 'write' }, 422, { user_id: [ADMIN_CANNOT_JOIN] }],
      [usersOf(5), 'DELETE', { user_id: 'x'.repeat(10_000) }, 422, { user_id: ['ユーザIDの形式が正しくありません。'] }],
      [usersOf(99_999_999), 'POST', { user_id: id, permission: 'read' }, 404, undefined],
      [usersOf(99_999_999), 'DELETE', { user_id: id }, 404, undefined],
    ];
    for (const [path, method, json, status, fieldErrors] of cases) {
      const res = await send(method, path, json);
      expect(res.status, JSON.stringify(json).slice(0, 60)).toBe(status);
      if (fieldErrors) expect(res.body.field_errors, JSON.stringify(json).slice(0, 60)).toEqual(fieldErrors);
    }
    expect(await detail(id)).toEqual(before);
  });

  it('saves nothing when the identity store refuses (the user is gone there)', async () => {
    const id = await userId('hayashi');
    const before = await detail(id);
    const identity = openIdentityDb(app.dir);
    try {
      identity.prepare("DELETE FROM users WHERE email = 'hayashi.naoki@pharmacy.example.jp'").run();
    } finally {
      identity.close();
    }
    const joined = await send('POST', usersOf(6), { user_id: id, permission: 'write' });
    expect(joined.status).toBe(422);
    expect(joined.body).toEqual({ errors: [IDENTITY_USER_MISSING] });
    const left = await send('DELETE', usersOf(233), { user_id: id });
    expect(left.status).toBe(422);
    const after = await detail(id);
    expect({ ...after, app_metadata: before.app_metadata }).toEqual(before);
    expect((await getJson<PharmacyUser[]>(app, usersOf(233))).body.map((u) => u.id)).toContain(id);
    // A permission switch does not touch the pharmacy ids, so it needs no identity call.
    const switched = await send('POST', usersOf(233), { user_id: id, permission: before.pharmacies[0].permission === 'read' ? 'write' : 'read' });
    expect(switched.status).toBe(200);
  });

  it('concurrent changes of one user leave core and the identity store agreeing', async () => {
    const id = await userId('matsumoto');
    const token = await app.token();
    const calls = [10, 11, 12, 13, 14, 15].flatMap((pharmacyId) => [
      app.call(usersOf(pharmacyId), { method: 'POST', token, json: { user_id: id, permission: 'write' } }),
      app.call(usersOf(pharmacyId), { method: pharmacyId % 2 === 0 ? 'DELETE' : 'POST', token, json: { user_id: id, permission: 'read' } }),
    ]);
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const user = await detail(id);
    expect(user.pharmacy_ids).toEqual([11, 13, 15, 34]);
    expect(user.app_metadata).toEqual({ pharmacy_ids: user.pharmacy_ids });
  });
});
