import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PROFILES } from '../../server/shared/apiProfile';
import { ADMIN, getJson, PHARMACY, startApp, type TestApp } from './helpers';

/*
 * Deleting a company (issue 39's remainder, the `companyDelete` addition): only one with no
 * pharmacies, refused with the count otherwise (the foreign key would clear their 会社 silently);
 * the delete is a version, and 復元 brings the company back with its id.
 */
interface Version {
  id: number;
  item_type: string;
  item_id: number;
  event: string;
  object: Record<string, unknown> | null;
}
interface Failure {
  errors: string[];
}

const BASE = '/core/api/v2/admin/companies';
const VERSIONS = '/core/api/v2/admin/versions';
let app: TestApp;
let spec: TestApp;
let tick = Date.parse('2026-11-29T01:00:00.000Z');
const now = () => new Date((tick += 1000));

beforeAll(() => {
  app = startApp({ now });
  spec = startApp({ apiProfile: API_PROFILES.spec, now });
});
afterAll(() => {
  app.dispose();
  spec.dispose();
});

const send = async (method: string, path: string, json?: unknown, user = ADMIN, target = app) => target.call(path, { method, token: await target.token(user), json });
const create = async (name: string) => {
  const res = await send('POST', BASE, { name, note: '削除テストの備考' });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; name: string; note: string; created_at: string; created_by: string };
};

describe('DELETE companies/{id}', () => {
  it('deletes a company with no pharmacies, leaves a destroy version with its values, and 復元 brings it back with its id', async () => {
    const company = await create('削除して戻す会社');
    const deleted = await send('DELETE', `${BASE}/${company.id}`);
    expect(deleted.status).toBe(204);
    expect((await getJson(app, `${BASE}/${company.id}`)).status).toBe(404);
    expect((await getJson<{ id: number }[]>(app, `${BASE}?query=${encodeURIComponent('削除して戻す')}`)).body).toEqual([]);

    const gone = await getJson<Version[]>(app, `${VERSIONS}?item_type=v2/core/companies&event=destroy&latest=true`);
    const destroy = gone.body.find((v) => v.item_id === company.id);
    expect(destroy?.object).toMatchObject({ name: '削除して戻す会社', note: '削除テストの備考' });

    const reified = await send('POST', `${VERSIONS}/${destroy!.id}/reify`, {});
    expect(reified.status).toBe(200);
    const back = await getJson<{ id: number; name: string; note: string; pharmacies_count: number; created_at: string; created_by: string }>(app, `${BASE}/${company.id}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: company.id, name: '削除して戻す会社', note: '削除テストの備考', pharmacies_count: 0, created_at: company.created_at, created_by: company.created_by });
    const events = (await getJson<Version[]>(app, `${VERSIONS}?item_type=v2/core/companies&item_id=${company.id}&sort=id`)).body.map((v) => v.event);
    expect(events).toEqual(['create', 'destroy', 'create']);
  });

  it('refuses a company that has pharmacies with a Japanese 422 naming how many, and changes nothing', async () => {
    const { body: pharmacies } = await getJson<{ id: number }[]>(app, '/core/api/v2/admin/pharmacies?without_company=true&fields=id');
    const company = await create('薬局のある会社');
    expect((await send('PATCH', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: pharmacies.slice(0, 2).map((p) => p.id) })).status).toBe(200);
    const versionsBefore = Number((await getJson(app, VERSIONS)).headers.get('x-total-count'));

    const refused = await send('DELETE', `${BASE}/${company.id}`);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as Failure).errors).toEqual(['所属している薬局が2件あるため削除できません。先に薬局一覧タブで薬局を会社から外してください。']);
    const still = await getJson<{ pharmacies: { id: number; company_id: number }[] }>(app, `${BASE}/${company.id}`);
    expect(still.status).toBe(200);
    expect(still.body.pharmacies.map((p) => p.company_id)).toEqual([company.id, company.id]);
    expect(Number((await getJson(app, VERSIONS)).headers.get('x-total-count'))).toBe(versionsBefore);

    // Once its pharmacies are taken out, it goes.
    expect((await send('DELETE', `${BASE}/${company.id}/pharmacies`, { pharmacy_ids: pharmacies.slice(0, 2).map((p) => p.id) })).status).toBe(200);
    expect((await send('DELETE', `${BASE}/${company.id}`)).status).toBe(204);
  });

  it('honours If-Match: a delete over a newer save is 412 and deletes nothing', async () => {
    const company = await create('条件つき削除の会社');
    const etag = (await getJson(app, `${BASE}/${company.id}`)).headers.get('etag')!;
    expect(etag).not.toBeNull();
    expect((await send('PUT', `${BASE}/${company.id}`, { note: '後から変えた' })).status).toBe(200);
    const stale = await app.call(`${BASE}/${company.id}`, { method: 'DELETE', token: await app.token(), headers: { 'if-match': etag } });
    expect(stale.status).toBe(412);
    expect((await getJson(app, `${BASE}/${company.id}`)).status).toBe(200);
  });

  it('is 404 for an unknown company and a Japanese 4xx for a hostile id, never a 5xx', async () => {
    const unknown = await send('DELETE', `${BASE}/999999999`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as Failure).errors.length).toBe(1);
    for (const id of ['abc', '-1', '1.5', '%27%3B%20DROP%20TABLE%20companies']) {
      const res = await send('DELETE', `${BASE}/${id}`);
      expect([404, 422], id).toContain(res.status);
    }
  });

  it('is staff only: a pharmacy user gets 403 and the company stays', async () => {
    const company = await create('薬局ユーザーが消せない会社');
    const res = await send('DELETE', `${BASE}/${company.id}`, undefined, PHARMACY);
    expect(res.status).toBe(403);
    expect(((await res.json()) as Failure).errors).toEqual(['この操作を行う権限がありません。']);
    expect((await getJson(app, `${BASE}/${company.id}`)).status).toBe(200);
  });

  it('is not there in the spec profile (section 7 has no company delete): 404, and the company stays', async () => {
    const created = await send('POST', BASE, { name: '仕様プロファイルの会社', note: null }, ADMIN, spec);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await send('DELETE', `${BASE}/${id}`, undefined, ADMIN, spec);
    expect(res.status).toBe(404);
    expect((await spec.call(`${BASE}/${id}`, { token: await spec.token() })).status).toBe(200);
  });
});
