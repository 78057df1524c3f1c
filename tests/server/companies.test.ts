import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';

interface Company {
  id: number;
  name: string;
  note: string | null;
  pharmacies_count: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  pharmacies?: { id: number; company_id: number | null; name: string }[];
}

const BASE = '/core/api/v2/admin/companies';
let app: TestApp;
let tick = Date.parse('2026-11-21T10:00:00.000Z');

beforeAll(() => {
  // Each call of the clock advances one second so every mutation gets a later timestamp.
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const send = async (method: string, path: string, json?: unknown, body?: string) =>
  app.call(path, { method, token: await app.token(), json, body });

const freePharmacyIds = async (count: number) => {
  const { body } = await getJson<{ id: number }[]>(app, '/core/api/v2/admin/pharmacies?without_company=true&fields=id');
  return body.slice(0, count).map((p) => p.id);
};

describe('GET companies', () => {
  it('pages by 25 with the paging headers and the default -updated_at order', async () => {
    const { status, headers, body } = await getJson<Company[]>(app, BASE);
    expect(status).toBe(200);
    expect(body).toHaveLength(25);
    expect(headers.get('x-total-count')).toBe('40');
    expect(headers.get('x-current-page')).toBe('1');
    expect(headers.get('x-total-pages')).toBe('2');
    expect(headers.get('x-last-updated')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(headers.get('access-control-expose-headers')).toContain('x-total-count');
    const times = body.map((c) => c.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'name', 'note', 'pharmacies_count', 'updated_at', 'updated_by'].sort(),
    );
    const page2 = await getJson<Company[]>(app, `${BASE}?page=2`);
    expect(page2.body).toHaveLength(15);
    expect(page2.headers.get('x-current-page')).toBe('2');
    expect((await getJson<Company[]>(app, `${BASE}?page=9`)).body).toEqual([]);
  });

  it('sorts by whitelisted fields and rejects others with 422', async () => {
    const byCount = (await getJson<Company[]>(app, `${BASE}?sort=-pharmacies_count`)).body;
    expect(byCount[0].pharmacies_count).toBeGreaterThanOrEqual(byCount[1].pharmacies_count);
    expect(byCount[0].pharmacies_count).toBeGreaterThan(0);
    const byId = (await getJson<Company[]>(app, `${BASE}?sort=id`)).body;
    expect(byId.map((c) => c.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const bad = await getJson<{ errors: string[] }>(app, `${BASE}?sort=password`);
    expect(bad.status).toBe(422);
    expect(bad.body.errors[0]).toContain('password');
    expect((await getJson(app, `${BASE}?sort=name;drop`)).status).toBe(422);
    expect((await getJson(app, `${BASE}?page=0`)).status).toBe(422);
  });

  it('filters by query, fetches by ids, and picks fields', async () => {
    const first = (await getJson<Company[]>(app, `${BASE}?sort=id`)).body[0];
    const word = first.name.replace(/株式会社|有限会社/, '').slice(0, 3);
    const found = await getJson<Company[]>(app, `${BASE}?query=${encodeURIComponent(word)}`);
    expect(found.body.length).toBeGreaterThan(0);
    expect(found.body.every((c) => c.name.includes(word))).toBe(true);
    expect((await getJson<Company[]>(app, `${BASE}?query=${encodeURIComponent('存在しない名前')}`)).body).toEqual([]);

    const byIds = await getJson<Company[]>(app, `${BASE}?ids=3,1,2,999`);
    expect(byIds.body.map((c) => c.id).sort()).toEqual([1, 2, 3]);
    expect(byIds.headers.get('x-total-count')).toBe('3');
    const all = Array.from({ length: 40 }, (_, i) => i + 1).join(',');
    expect((await getJson<Company[]>(app, `${BASE}?ids=${all}`)).body).toHaveLength(40);
    const none = await getJson(app, `${BASE}?ids=998,999`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ errors: ['見つかりません。'] });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect((await getJson(app, `${BASE}?ids=${tooMany}`)).status).toBe(422);
    expect((await getJson(app, `${BASE}?ids=1,a`)).status).toBe(422);

    const sparse = await getJson<Record<string, unknown>[]>(app, `${BASE}?fields=name`);
    expect(Object.keys(sparse.body[0]).sort()).toEqual(['id', 'name']);
  });

  it('answers 304 to If-Updated-Since when nothing changed, 200 after a change', async () => {
    const first = await getJson(app, BASE);
    const last = first.headers.get('x-last-updated')!;
    const cached = await app.call(BASE, { token: await app.token(), headers: { 'if-updated-since': last } });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    const httpDate = new Date(Date.parse(last) + 1000).toUTCString();
    expect((await app.call(BASE, { token: await app.token(), headers: { 'if-updated-since': httpDate } })).status).toBe(304);
    const detail = await getJson<Company>(app, `${BASE}/1`);
    const since = detail.headers.get('x-last-updated')!;
    expect((await app.call(`${BASE}/1`, { token: await app.token(), headers: { 'if-updated-since': since } })).status).toBe(304);

    await send('POST', BASE, { name: '株式会社キャッシュ確認' });
    const after = await app.call(BASE, { token: await app.token(), headers: { 'if-updated-since': last } });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-last-updated')! > last).toBe(true);
  });
});

describe('GET companies/{id}', () => {
  it('includes the pharmacies, 404 for unknown ids', async () => {
    const { body } = await getJson<Company>(app, `${BASE}?sort=-pharmacies_count`);
    const top = (body as unknown as Company[])[0];
    const detail = await getJson<Company>(app, `${BASE}/${top.id}`);
    expect(detail.body.pharmacies).toHaveLength(top.pharmacies_count);
    expect(detail.body.pharmacies!.every((p) => p.company_id === top.id)).toBe(true);
    const missing = await getJson(app, `${BASE}/99999`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: ['見つかりません。'] });
    expect((await getJson(app, `${BASE}/abc`)).status).toBe(422);
  });
});

describe('POST / PUT companies', () => {
  it('creates a company with created_by from the acting user', async () => {
    const res = await send('POST', BASE, { name: '  株式会社テスト薬局  ', note: '備考です' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Company;
    expect(body).toMatchObject({ name: '株式会社テスト薬局', note: '備考です', pharmacies_count: 0, pharmacies: [], created_by: '管理 花子', updated_by: '管理 花子' });
    expect(body.created_at).toMatch(/^2026-11-21T10:\d\d:\d\d\.000Z$/);
    const fetched = await getJson<Company>(app, `${BASE}/${body.id}`);
    expect(fetched.body.name).toBe('株式会社テスト薬局');
  });

  it('validates with 422 and Japanese messages per field', async () => {
    const missing = await send('POST', BASE, { note: 'x' });
    expect(missing.status).toBe(422);
    expect(await missing.json()).toEqual({ errors: ['会社名を入力してください。'], field_errors: { name: ['会社名を入力してください。'] } });
    const blank = await send('POST', BASE, { name: '   ' });
    expect((await blank.json()).field_errors.name).toEqual(['会社名を入力してください。']);
    const tooLong = await send('POST', BASE, { name: 'あ'.repeat(101), note: 'い'.repeat(2001) });
    expect(await tooLong.json()).toEqual({
      errors: ['会社名は100文字以内で入力してください。', '備考は2000文字以内で入力してください。'],
      field_errors: { name: ['会社名は100文字以内で入力してください。'], note: ['備考は2000文字以内で入力してください。'] },
    });
    const wrongType = await send('POST', BASE, { name: 12 });
    expect((await wrongType.json()).errors).toEqual(['会社名の形式が正しくありません。']);
    const duplicate = await send('POST', BASE, { name: '株式会社テスト薬局' });
    expect(duplicate.status).toBe(422);
    expect(await duplicate.json()).toEqual({
      errors: ['その名前の会社はすでに登録されています。'],
      field_errors: { name: ['その名前の会社はすでに登録されています。'] },
    });
    const malformed = await send('POST', BASE, undefined, '{"name": "x"');
    expect(malformed.status).toBe(422);
    expect(await malformed.json()).toEqual({ errors: ['リクエストの形式が正しくありません。'] });
    const notObject = await send('POST', BASE, ['株式会社配列']);
    expect(notObject.status).toBe(422);
    expect((await notObject.json()).errors).toEqual(['リクエストの形式が正しくありません。']);
    const count = (await getJson(app, BASE)).headers.get('x-total-count');
    expect(count).toBe('42'); // 40 seeded + the two created above; no failed request saved anything
  });

  it('updates, keeping uniqueness against other companies only', async () => {
    const created = (await (await send('POST', BASE, { name: '株式会社更新前' })).json()) as Company;
    const same = await send('PUT', `${BASE}/${created.id}`, { name: '株式会社更新前', note: 'メモ' });
    expect(same.status).toBe(200);
    const renamed = await send('PUT', `${BASE}/${created.id}`, { name: '株式会社更新後', note: null });
    const body = (await renamed.json()) as Company;
    expect(body).toMatchObject({ id: created.id, name: '株式会社更新後', note: null, updated_by: '管理 花子' });
    expect(body.updated_at > created.updated_at).toBe(true);
    const clash = await send('PUT', `${BASE}/${created.id}`, { name: '株式会社テスト薬局' });
    expect(clash.status).toBe(422);
    expect((await getJson<Company>(app, `${BASE}/${created.id}`)).body.name).toBe('株式会社更新後');
    expect((await send('PUT', `${BASE}/99999`, { name: '株式会社なし' })).status).toBe(404);
    // A PUT changes only what it names (issue 21): an empty body keeps the name and the note.
    const empty = await send('PUT', `${BASE}/${created.id}`, {});
    expect(empty.status).toBe(200);
    expect((await empty.json()) as Company).toMatchObject({ name: '株式会社更新後', note: null });
    expect((await send('PUT', `${BASE}/${created.id}`, { name: null })).status).toBe(422);
    expect((await send('PUT', `${BASE}/${created.id}`, { name: ' ' })).status).toBe(422);
  });
});

describe('company pharmacies', () => {
  it('adds and removes pharmacies, telling clients to clear caches', async () => {
    const company = (await (await send('POST', BASE, { name: '株式会社所属テスト' })).json()) as Company;
    const ids = await freePharmacyIds(3);
    const added = await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: ids });
    expect(added.status).toBe(200);
    expect(added.headers.get('x-store-cache-control')).toBe('clear');
    const body = (await added.json()) as Company;
    expect(body.pharmacies_count).toBe(3);
    expect(body.pharmacies!.map((p) => p.id).sort()).toEqual([...ids].sort());
    const pharmacy = await getJson<{ company_id: number; updated_at: string }>(app, `/core/api/v2/admin/pharmacies/${ids[0]}`);
    expect(pharmacy.body.company_id).toBe(company.id);

    const removed = await app.call(`${BASE}/${company.id}/pharmacies`, {
      method: 'DELETE', token: await app.token(), json: { pharmacy_ids: [ids[0]] },
    });
    expect(removed.status).toBe(200);
    expect(removed.headers.get('x-store-cache-control')).toBe('clear');
    expect(((await removed.json()) as Company).pharmacies_count).toBe(2);
    expect((await getJson<{ company_id: null }>(app, `/core/api/v2/admin/pharmacies/${ids[0]}`)).body.company_id).toBeNull();
  });

  it('refuses a pharmacy of another company (naming it) and unknown ids, atomically', async () => {
    const company = (await (await send('POST', BASE, { name: '株式会社原子性テスト' })).json()) as Company;
    const [free] = await freePharmacyIds(1);
    const other = (await getJson<Company & { pharmacies: { id: number; name: string }[] }>(app, `${BASE}/1`)).body;
    const taken = other.pharmacies[0];
    const res = await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: [free, taken.id] });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.errors).toEqual([`「${taken.name}」はすでに別の会社に所属しています。`]);
    expect(body.field_errors.pharmacy_ids).toHaveLength(1);
    // Nothing half-saved: the free pharmacy was not added either.
    expect((await getJson<Company>(app, `${BASE}/${company.id}`)).body.pharmacies_count).toBe(0);

    const unknown = await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: [free, 999999] });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0]).toContain('999999');
    expect((await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: [] })).status).toBe(422);
    expect((await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: ['x'] })).status).toBe(422);
    expect((await send('PATCH', `${BASE}/99999/pharmacies`, { pharmacy_ids: [free] })).status).toBe(404);
  });
});
