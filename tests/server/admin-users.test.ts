import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityDb } from '../../server/identity/db';
import { meetsPasswordPolicy } from '../../server/identity/management';
import { ADMIN_HAS_NO_PHARMACY, DUPLICATE_EMAIL, PHARMACY_REQUIRED } from '../../server/services/core/users/routes';
import { audienceOf } from '../../server/site/config';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

const NS = 'https://cs-portal.example.com/';
const BASE = '/core/api/v2/admin/users';

interface User {
  id: number;
  user_id: string;
  auth0_user_id: string;
  name: string;
  email: string;
  role: 'admin' | 'pharmacy';
  updated_at: string;
  pharmacy_ids?: number[];
  app_metadata?: { pharmacy_ids: number[] } | null;
  pharmacies?: { id: number; name: string; permission: 'read' | 'write' }[];
}

let app: TestApp;
let tick = Date.parse('2026-11-21T10:00:00.000Z');
beforeAll(() => {
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const create = async (json: unknown, token?: string | null) => {
  const res = await app.call(BASE, { method: 'POST', token: token === undefined ? await app.token() : token, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { errors?: string[]; field_errors?: Record<string, string[]> } };
};

const signIn = (username: string, password: string) =>
  app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', username, password } });

const userCount = async () => Number((await getJson(app, BASE)).headers.get('x-total-count'));

describe('GET users', () => {
  it('lists admins and the seeded pharmacy staff, paged and sorted as declared', async () => {
    const { status, headers, body } = await getJson<User[]>(app, `${BASE}?sort=id`);
    expect(status).toBe(200);
    expect(Number(headers.get('x-total-count'))).toBeGreaterThanOrEqual(17);
    expect(headers.get('x-current-page')).toBe('1');
    expect(body[0]).toMatchObject({ email: 'admin@example.com', role: 'admin', name: '管理 花子' });
    expect(body.some((u) => u.role === 'pharmacy' && u.email.endsWith('@pharmacy.example.jp'))).toBe(true);
    expect(body[0]).not.toHaveProperty('password');
    const byEmail = (await getJson<User[]>(app, `${BASE}?sort=-email`)).body.map((u) => u.email);
    expect(byEmail).toEqual([...byEmail].sort().reverse());
    expect((await getJson(app, `${BASE}?sort=password_hash`)).status).toBe(422);
    expect((await getJson(app, `${BASE}?role=owner`)).status).toBe(422);
    const pharmacyOnly = (await getJson<User[]>(app, `${BASE}?role=pharmacy`)).body;
    expect(pharmacyOnly.length).toBeGreaterThan(0);
    expect(pharmacyOnly.every((u) => u.role === 'pharmacy')).toBe(true);
  });

  it('searches names and e-mails whatever the kana width, and finds nothing for a stranger', async () => {
    for (const q of ['山本', 'yamamoto', 'YAMAMOTO.kazuki@', 'ｙａｍａｍｏｔｏ']) {
      const { body } = await getJson<User[]>(app, `${BASE}?query=${encodeURIComponent(q)}`);
      expect(body.map((u) => u.email), q).toEqual(['yamamoto.kazuki@pharmacy.example.jp']);
    }
    const none = await getJson<User[]>(app, `${BASE}?query=${encodeURIComponent('存在しない利用者')}`);
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-total-count')).toBe('0');
    expect((await getJson(app, `${BASE}?query=${'x'.repeat(10_000)}`)).status).toBe(422);
  });

  it('offers users not in a pharmacy (the pharmacy users tab candidates)', async () => {
    const all = (await getJson<User[]>(app, `${BASE}?role=pharmacy&query=nakamura`)).body;
    expect(all).toHaveLength(1);
    expect((await getJson<User[]>(app, `${BASE}?role=pharmacy&query=nakamura&without_pharmacy_id=2`)).body).toEqual([]);
    expect((await getJson<User[]>(app, `${BASE}?role=pharmacy&query=nakamura&without_pharmacy_id=4`)).body).toHaveLength(1);
  });

  it('shows a user with pharmacies, permissions and the identity store app_metadata', async () => {
    const [listed] = (await getJson<User[]>(app, `${BASE}?query=yoshida`)).body;
    const { status, body } = await getJson<User>(app, `${BASE}/${listed.id}`);
    expect(status).toBe(200);
    expect(body.pharmacy_ids).toEqual([5, 8, 13]);
    expect(body.app_metadata).toEqual({ pharmacy_ids: [5, 8, 13] });
    expect(body.pharmacies!.map((p) => p.id)).toEqual([5, 8, 13]);
    expect(body.pharmacies!.every((p) => p.permission === 'read' || p.permission === 'write')).toBe(true);
    expect((await getJson(app, `${BASE}/999999`)).status).toBe(404);
    expect((await getJson(app, `${BASE}/abc`)).status).toBe(422);
    expect((await getJson(app, `${BASE}/${'9'.repeat(10_000)}`)).status).toBe(422);
  });

  it('refuses a missing token (401) and a pharmacy user (403)', async () => {
    expect((await app.call(BASE)).status).toBe(401);
    const pharmacyToken = await app.token(PHARMACY);
    expect((await app.call(BASE, { token: pharmacyToken })).status).toBe(403);
    expect((await app.call(`${BASE}/1`, { token: pharmacyToken })).status).toBe(403);
    const posted = await create({ role: 'admin', name: '侵入', email: 'intruder@example.com' }, pharmacyToken);
    expect(posted.status).toBe(403);
    expect((await create({ role: 'admin', name: '侵入', email: 'intruder@example.com' }, null)).status).toBe(401);
    expect((await signIn('intruder@example.com', 'x')).status).toBe(403);
  });
});

describe('POST users', () => {
  it('creates a pharmacy user with an initial password that signs in at once, shown once and stored hashed', async () => {
    const { status, body } = await create({ role: 'pharmacy', name: '  新井 薬子 ', email: 'arai.yakko@pharmacy.example.jp', pharmacy_id: 7 });
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(['email', 'id', 'password']);
    const password = String(body.password);
    expect(meetsPasswordPolicy(password)).toBe(true);

    const signedIn = await signIn('arai.yakko@pharmacy.example.jp', password);
    expect(signedIn.status).toBe(200);
    const claims = decodeJwt(((await signedIn.json()) as { access_token: string }).access_token);
    expect(claims[`${NS}roles`]).toEqual(['pharmacy']);
    expect(claims[`${NS}app_metadata`]).toEqual({ pharmacy_ids: [7] });

    const detail = (await getJson<User & { created_by: string }>(app, `${BASE}/${body.id}`)).body;
    expect(detail).toMatchObject({ name: '新井 薬子', role: 'pharmacy', pharmacy_ids: [7], app_metadata: { pharmacy_ids: [7] }, created_by: '管理 花子' });
    expect(detail.pharmacies).toEqual([expect.objectContaining({ id: 7, permission: 'write' })]);
    expect(JSON.stringify(detail)).not.toContain(password);
    // Only the hash is kept: the identity store's row does not hold the password.
    const db = openIdentityDb(app.dir);
    try {
      const row = db.prepare('SELECT password_hash FROM users WHERE email = ?').get('arai.yakko@pharmacy.example.jp') as { password_hash: string };
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain(password);
    } finally {
      db.close();
    }
  });

  it('creates a read-only pharmacy user and an admin user (admins get the admin role, no pharmacy)', async () => {
    const reader = await create({ role: 'pharmacy', name: '閲覧 太郎', email: 'etsuran@pharmacy.example.jp', pharmacy_id: 9, permission: 'read' });
    expect(reader.status).toBe(201);
    expect((await getJson<User>(app, `${BASE}/${reader.body.id}`)).body.pharmacies).toEqual([expect.objectContaining({ id: 9, permission: 'read' })]);

    const admin = await create({ role: 'admin', name: '新人 管理', email: 'shinjin.kanri@example.com' });
    expect(admin.status).toBe(201);
    const token = await signIn('shinjin.kanri@example.com', String(admin.body.password));
    const claims = decodeJwt(((await token.json()) as { access_token: string }).access_token);
    expect(claims[`${NS}roles`]).toEqual(['admin']);
    expect((await getJson<User>(app, `${BASE}/${admin.body.id}`)).body).toMatchObject({ role: 'admin', pharmacies: [], pharmacy_ids: [] });
  });

  it('refuses bad input with Japanese field messages and saves nothing', async () => {
    const before = await userCount();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ role: 'admin' }, { name: ['名前を入力してください。'], email: ['メールアドレスを入力してください。'] }],
      [{ role: 'admin', name: '  ', email: '' }, { name: ['名前を入力してください。'], email: ['メールアドレスを入力してください。'] }],
      [{ name: '名前', email: 'a@example.com' }, { role: ['ユーザ種別を選択してください。'] }],
      [{ role: 'owner', name: '名前', email: 'a@example.com' }, { role: ['ユーザ種別の形式が正しくありません。'] }],
      [{ role: 'admin', name: '名前', email: 'not-an-email' }, { email: ['メールアドレスの形式が正しくありません。'] }],
      [{ role: 'admin', name: 123, email: ['a@example.com'] }, { name: ['名前の形式が正しくありません。'], email: ['メールアドレスの形式が正しくありません。'] }],
      [{ role: 'admin', name: 'あ'.repeat(10_000), email: `${'a'.repeat(10_000)}@example.com` },
        { name: ['名前は100文字以内で入力してください。'], email: ['メールアドレスは254文字以内で入力してください。'] }],
      [{ role: 'pharmacy', name: '名前', email: 'p1@example.com' }, { pharmacy_id: [PHARMACY_REQUIRED] }],
      [{ role: 'pharmacy', name: '名前', email: 'p2@example.com', pharmacy_id: 99_999_999 }, { pharmacy_id: ['存在しない薬局が指定されました。(ID: 99999999)'] }],
      [{ role: 'pharmacy', name: '名前', email: 'p3@example.com', pharmacy_id: '1' }, { pharmacy_id: ['薬局IDの形式が正しくありません。'] }],
      [{ role: 'pharmacy', name: '名前', email: 'p4@example.com', pharmacy_id: 1, permission: 'admin' }, { permission: ['権限の形式が正しくありません。'] }],
      [{ role: 'admin', name: '名前', email: 'p5@example.com', pharmacy_id: 1 }, { pharmacy_id: [ADMIN_HAS_NO_PHARMACY] }],
      [{ role: 'admin', name: '名前', email: 'ADMIN@example.com' }, { email: [DUPLICATE_EMAIL] }],
    ];
    for (const [json, fieldErrors] of cases) {
      const { status, body } = await create(json);
      expect(status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(body.field_errors, JSON.stringify(json).slice(0, 80)).toEqual(fieldErrors);
      expect(body.errors).toEqual(Object.values(fieldErrors).flat());
    }
    for (const raw of ['', 'null', '[]', '{"role":', '"admin"']) {
      const res = await app.call(BASE, { method: 'POST', token: await app.token(), body: raw });
      expect(res.status, raw).toBe(422);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses an e-mail the identity store already has (another environment created it) and keeps core unchanged', async () => {
    const demoToken = await app.token(undefined, audienceOf('demo'));
    const res = await app.call('/demo/core/api/v2/admin/users', {
      method: 'POST', token: demoToken, json: { role: 'pharmacy', name: '別環境', email: 'arai.yakko@pharmacy.example.jp', pharmacy_id: 7 },
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: [DUPLICATE_EMAIL], field_errors: { email: [DUPLICATE_EMAIL] } });
    const demoList = await app.call(`/demo/core/api/v2/admin/users?query=arai`, { token: demoToken });
    expect(await demoList.json()).toEqual([]);
  });
});
