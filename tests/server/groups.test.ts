import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

interface Group {
  id: number;
  name: string;
  pharmacies_count: number;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  pharmacies?: { id: number; name: string }[];
}

const BASE = '/core/api/v2/admin/groups';
const PHARMACIES = '/core/api/v2/admin/pharmacies';
let app: TestApp;
let tick = Date.parse('2026-11-21T10:00:00.000Z');

beforeAll(() => {
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const send = async (method: string, path: string, json?: unknown, body?: string) =>
  app.call(path, { method, token: await app.token(), json, body });

describe('GET groups', () => {
  it('lists the seeded neighbour groups with counts, pages and the declared sorts', async () => {
    const { status, headers, body } = await getJson<Group[]>(app, BASE);
    expect(status).toBe(200);
    expect(headers.get('x-total-count')).toBe('12');
    expect(headers.get('x-total-pages')).toBe('1');
    expect(Object.keys(body[0]).sort()).toEqual(
      ['created_at', 'created_by', 'id', 'name', 'pharmacies_count', 'updated_at', 'updated_by'].sort(),
    );
    expect(body.every((g) => /(グループ|会)$/.test(g.name) && g.pharmacies_count >= 1)).toBe(true);
    const times = body.map((g) => g.updated_at);
    expect([...times].sort().reverse()).toEqual(times);
    const byCount = (await getJson<Group[]>(app, `${BASE}?sort=-pharmacies_count`)).body.map((g) => g.pharmacies_count);
    expect(byCount).toEqual([...byCount].sort((a, b) => b - a));
    const byName = (await getJson<Group[]>(app, `${BASE}?sort=name`)).body.map((g) => g.name);
    expect(byName).toEqual([...byName].sort());
    // Inherited keys of the sort map are refused like any unknown name (they used to answer 500).
    for (const bad of ['created_by', 'constructor', '-constructor']) {
      const res = await getJson<{ errors: string[] }>(app, `${BASE}?sort=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors).toEqual([`並び順に指定できない項目です: ${bad.replace('-', '')}`]);
    }
    for (const bad of ['__proto__', 'toString', 'hasOwnProperty', 'name,id']) {
      const res = await getJson<{ errors: string[] }>(app, `${BASE}?sort=${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.errors).toEqual(['並び順の形式が正しくありません。']);
    }
  });

  it('searches names whatever the kana width or script', async () => {
    const seeded = (await getJson<Group[]>(app, BASE)).body[0];
    const word = seeded.name.slice(0, 2);
    const found = (await getJson<Group[]>(app, `${BASE}?query=${encodeURIComponent(word)}`)).body;
    expect(found.map((g) => g.id)).toContain(seeded.id);
    const created = (await (await send('POST', BASE, { name: 'さくらファーマ近隣グループ' })).json()) as Group;
    for (const q of ['ﾌｧｰﾏ', 'ファーマ', 'ふぁーま', 'サクラ', 'ｻｸﾗ', 'さくら']) {
      const res = await getJson<Group[]>(app, `${BASE}?query=${encodeURIComponent(q)}`);
      expect(res.body.map((g) => g.id), q).toEqual([created.id]);
    }
    const empty = await getJson<Group[]>(app, `${BASE}?query=${encodeURIComponent('存在しないグループ名')}`);
    expect(empty.body).toEqual([]);
    expect(empty.headers.get('x-total-count')).toBe('0');
    expect((await getJson(app, `${BASE}?query=${'あ'.repeat(201)}`)).status).toBe(422);
  });
});

describe('POST / PUT groups', () => {
  it('creates with created_by, renames, and refuses duplicates and bad input without saving', async () => {
    const res = await send('POST', BASE, { name: '  渋谷駅前テストグループ  ' });
    expect(res.status).toBe(201);
    const group = (await res.json()) as Group;
    expect(group).toMatchObject({ name: '渋谷駅前テストグループ', pharmacies_count: 0, pharmacies: [], created_by: '管理 花子', updated_by: '管理 花子' });
    expect(res.headers.get('x-last-updated')! >= group.updated_at).toBe(true);

    const renamed = await send('PUT', `${BASE}/${group.id}`, { name: '渋谷駅前薬局グループ（改）' });
    expect(renamed.status).toBe(200);
    const body = (await renamed.json()) as Group;
    expect(body.name).toBe('渋谷駅前薬局グループ（改）');
    expect(body.updated_at > group.updated_at).toBe(true);

    const total = (await getJson(app, BASE)).headers.get('x-total-count');
    const dup = await send('POST', BASE, { name: '渋谷駅前薬局グループ（改）' });
    expect(dup.status).toBe(422);
    expect(await dup.json()).toEqual({
      errors: ['その名前の近隣グループはすでに登録されています。'],
      field_errors: { name: ['その名前の近隣グループはすでに登録されています。'] },
    });
    expect((await (await send('POST', BASE, {})).json()).errors).toEqual(['グループ名を入力してください。']);
    expect((await (await send('POST', BASE, { name: '　 ' })).json()).errors).toEqual(['グループ名を入力してください。']);
    expect((await (await send('POST', BASE, { name: 'あ'.repeat(101) })).json()).errors).toEqual(['グループ名は100文字以内で入力してください。']);
    expect((await (await send('POST', BASE, { name: ['x'] })).json()).errors).toEqual(['グループ名の形式が正しくありません。']);
    expect((await send('POST', BASE, undefined, '{"name":')).status).toBe(422);
    expect((await send('POST', BASE, null)).status).toBe(422);
    expect((await getJson(app, BASE)).headers.get('x-total-count')).toBe(total);

    expect((await send('PUT', `${BASE}/99999`, { name: '存在しない' })).status).toBe(404);
    expect((await send('PUT', `${BASE}/abc`, { name: 'x' })).status).toBe(422);
    expect((await getJson(app, `${BASE}/99999`)).status).toBe(404);
  });

  it('is for admins only', async () => {
    const res = await app.call(BASE, { token: await app.token(PHARMACY) });
    expect(res.status).toBe(403);
    expect((await app.call(BASE, {})).status).toBe(401);
  });
});

describe('group pharmacies', () => {
  it('joins and leaves one pharmacy at a time; the pharmacy search offers only non-members', async () => {
    const group = (await (await send('POST', BASE, { name: '港南地区テスト薬局会' })).json()) as Group;
    const candidates = await getJson<{ id: number }[]>(app, `${PHARMACIES}?without_group_id=${group.id}&sort=id&fields=id`);
    const totalBefore = Number(candidates.headers.get('x-total-count'));
    const [first, second] = candidates.body.map((p) => p.id);

    const joined = await send('POST', `${BASE}/${group.id}/pharmacy`, { pharmacy_id: first });
    expect(joined.status).toBe(200);
    expect(joined.headers.get('x-store-cache-control')).toBe('clear');
    const body = (await joined.json()) as Group;
    expect(body.pharmacies_count).toBe(1);
    expect(body.pharmacies!.map((p) => p.id)).toEqual([first]);
    expect(body.updated_at > group.updated_at).toBe(true);
    // Joining twice changes nothing.
    expect(((await (await send('POST', `${BASE}/${group.id}/pharmacy`, { pharmacy_id: first })).json()) as Group).pharmacies_count).toBe(1);
    await send('POST', `${BASE}/${group.id}/pharmacy`, { pharmacy_id: second });

    const after = await getJson<{ id: number }[]>(app, `${PHARMACIES}?without_group_id=${group.id}&sort=id&fields=id`);
    expect(Number(after.headers.get('x-total-count'))).toBe(totalBefore - 2);
    expect(after.body.map((p) => p.id)).not.toContain(first);
    const members = await getJson<{ id: number }[]>(app, `${PHARMACIES}?group_id=${group.id}&sort=id&fields=id`);
    expect(members.body.map((p) => p.id)).toEqual([first, second]);
    const listed = (await getJson<Group[]>(app, `${BASE}?ids=${group.id}`)).body[0];
    expect(listed.pharmacies_count).toBe(2);

    const left = await app.call(`${BASE}/${group.id}/pharmacy`, { method: 'DELETE', token: await app.token(), json: { pharmacy_id: first } });
    expect(left.status).toBe(200);
    expect(left.headers.get('x-store-cache-control')).toBe('clear');
    expect(((await left.json()) as Group).pharmacies!.map((p) => p.id)).toEqual([second]);
  });

  it('refuses hostile membership input with a Japanese 4xx and changes nothing', async () => {
    const group = (await (await send('POST', BASE, { name: '原子性テストグループ' })).json()) as Group;
    const unknown = await send('POST', `${BASE}/${group.id}/pharmacy`, { pharmacy_id: 999999 });
    expect(unknown.status).toBe(422);
    expect(await unknown.json()).toEqual({
      errors: ['存在しない薬局が指定されました。(ID: 999999)'],
      field_errors: { pharmacy_id: ['存在しない薬局が指定されました。(ID: 999999)'] },
    });
    for (const json of [{}, { pharmacy_id: '1' }, { pharmacy_id: -1 }, { pharmacy_id: 1.5 }, { pharmacy_id: 1e20 }, { pharmacy_ids: [1] }, [1]]) {
      const res = await send('POST', `${BASE}/${group.id}/pharmacy`, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      const errors = ((await res.json()) as { errors: string[] }).errors;
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((e) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(e))).toBe(true);
    }
    expect((await send('POST', `${BASE}/99999/pharmacy`, { pharmacy_id: 1 })).status).toBe(404);
    expect((await send('POST', `${BASE}/${group.id}/pharmacy`, undefined, 'pharmacy_id=1')).status).toBe(422);
    expect((await getJson<Group>(app, `${BASE}/${group.id}`)).body.pharmacies_count).toBe(0);
    expect((await getJson(app, `${PHARMACIES}?without_group_id=abc`)).status).toBe(422);
  });

  it('answers 304 until a membership change moves x-last-updated', async () => {
    const first = await getJson(app, BASE);
    const last = first.headers.get('x-last-updated')!;
    const cached = await app.call(BASE, { token: await app.token(), headers: { 'if-updated-since': last } });
    expect(cached.status).toBe(304);
    const group = (await getJson<Group[]>(app, `${BASE}?sort=id`)).body[0];
    const member = (await getJson<Group>(app, `${BASE}/${group.id}`)).body.pharmacies![0];
    await app.call(`${BASE}/${group.id}/pharmacy`, { method: 'DELETE', token: await app.token(), json: { pharmacy_id: member.id } });
    const after = await app.call(BASE, { token: await app.token(), headers: { 'if-updated-since': last } });
    expect(after.status).toBe(200);
    expect(after.headers.get('x-last-updated')! > last).toBe(true);
  });
});
