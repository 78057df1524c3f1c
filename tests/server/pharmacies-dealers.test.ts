import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidMicodeCheckDigit } from '../../server/services/core/pharmacies/micode';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

interface Pharmacy {
  id: number;
  company_id: number | null;
  name: string;
  micode: string;
  postal_code: string;
  address1: string;
  phone: string;
  started_on: string | null;
  ended_on: string | null;
  services: string[];
  updated_at: string;
}
interface Dealer {
  id: number;
  code: string;
  name: string;
  prefecture_id: number;
  prefecture_name: string;
}

const BASE = '/core/api/v2/admin/pharmacies';
const TODAY = '2026-11-21';
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => new Date(`${TODAY}T03:00:00.000Z`) });
});
afterAll(() => app.dispose());

/** Every page of a list. */
async function all<T>(path: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const { body, headers } = await getJson<T[]>(app, `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    rows.push(...body);
    if (page >= Number(headers.get('x-total-pages'))) return rows;
  }
}

describe('GET pharmacies', () => {
  it('lists the item shape with realistic codes', async () => {
    const { body, headers } = await getJson<Pharmacy[]>(app, BASE);
    expect(body).toHaveLength(25);
    expect(Object.keys(body[0]).sort()).toEqual(
      ['address1', 'address2', 'address3', 'address4', 'company_id', 'created_at', 'email', 'ended_on', 'fax', 'id', 'micode',
        'name', 'phone', 'postal_code', 'services', 'started_on', 'updated_at'].sort(),
    );
    expect(Number(headers.get('x-total-count'))).toBeGreaterThan(250);
    for (const p of body) {
      expect(p.micode).toMatch(/^\d{2}4\d{7}$/);
      expect(isValidMicodeCheckDigit(p.micode)).toBe(true);
      expect(p.postal_code).toMatch(/^\d{7}$/);
      expect(p.phone).toMatch(/^0\d{1,4}-\d{1,4}-\d{4}$/);
      expect(p.services.length).toBeGreaterThan(0);
    }
  });

  it('excludes ended pharmacies unless add_ended=true', async () => {
    const current = await all<Pharmacy>(BASE);
    expect(current.every((p) => p.ended_on === null || p.ended_on > TODAY)).toBe(true);
    const withEnded = await all<Pharmacy>(`${BASE}?add_ended=true`);
    const ended = withEnded.filter((p) => p.ended_on !== null && p.ended_on <= TODAY);
    expect(ended.length).toBeGreaterThan(5);
    expect(withEnded.length).toBe(current.length + ended.length);
    expect(current.some((p) => p.ended_on !== null)).toBe(true); // a few end in the future
  });

  it('filters by company_id and without_company', async () => {
    const free = await all<Pharmacy>(`${BASE}?without_company=true`);
    expect(free.length).toBeGreaterThan(10);
    expect(free.every((p) => p.company_id === null)).toBe(true);
    const company = await getJson<{ pharmacies_count: number }>(app, '/core/api/v2/admin/companies/1');
    const ofCompany = await all<Pharmacy>(`${BASE}?company_id=1&add_ended=true`);
    expect(ofCompany.length).toBe(company.body.pharmacies_count);
    expect(ofCompany.every((p) => p.company_id === 1)).toBe(true);
  });

  it('searches name, micode and address; sorts; fetches by ids', async () => {
    const first = (await getJson<Pharmacy[]>(app, `${BASE}?sort=id&add_ended=true`)).body;
    expect(first.map((p) => p.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const target = first[3];
    for (const q of [target.micode, target.name.split(' ')[1], target.address1]) {
      const found = (await getJson<Pharmacy[]>(app, `${BASE}?add_ended=true&query=${encodeURIComponent(q)}`)).body;
      expect(found.length, q).toBeGreaterThan(0);
    }
    expect((await getJson<Pharmacy[]>(app, `${BASE}?query=${target.micode}`)).body[0].id).toBe(target.id);
    const byPref = (await getJson<Pharmacy[]>(app, `${BASE}?sort=address1`)).body;
    expect(byPref[0].address1).toBe('北海道');
    const ids = await getJson<Pharmacy[]>(app, `${BASE}?ids=1,2,3&fields=id,name&sort=id`);
    expect(ids.body).toEqual(first.slice(0, 3).map((p) => ({ id: p.id, name: p.name })));
    expect((await getJson(app, `${BASE}?sort=micode`)).status).toBe(422);
  });

  it('shows one pharmacy with its note', async () => {
    const res = await getJson<Pharmacy & { note: string | null }>(app, `${BASE}/1`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveProperty('note');
    expect(res.body.ended_on).toBeNull();
    expect((await getJson(app, `${BASE}/999999`)).status).toBe(404);
  });
});

describe('GET dealers', () => {
  it('defaults to id ascending and searches names and codes', async () => {
    const { body, headers } = await getJson<Dealer[]>(app, '/core/api/v2/master/dealers');
    expect(body.map((d) => d.id)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    const total = Number(headers.get('x-total-count'));
    expect(total).toBeGreaterThan(200);
    expect(total).toBeLessThan(300);
    expect(body[0]).toEqual({ id: 1, code: expect.stringMatching(/^\d{5}$/), name: expect.any(String), prefecture_id: expect.any(Number), prefecture_name: expect.stringMatching(/[都道府県]$/) });
    const medipal = (await getJson<Dealer[]>(app, `/core/api/v2/master/dealers?query=${encodeURIComponent('メディセオ')}`)).body;
    expect(medipal.length).toBeGreaterThan(5);
    expect(medipal.every((d) => d.name.includes('メディセオ'))).toBe(true);
    const byCode = (await getJson<Dealer[]>(app, `/core/api/v2/master/dealers?query=${body[2].code}`)).body;
    expect(byCode.map((d) => d.id)).toContain(body[2].id);
    const byName = (await getJson<Dealer[]>(app, '/core/api/v2/master/dealers?sort=-name')).body;
    expect(byName[0].name >= byName[1].name).toBe(true);
    const one = await getJson<Dealer>(app, '/core/api/v2/master/dealers/3');
    expect(one.body).toEqual(body[2]);
    for (const big of ['アルフレッサ', 'スズケン', '東邦薬品']) {
      expect((await getJson<Dealer[]>(app, `/core/api/v2/master/dealers?query=${encodeURIComponent(big)}`)).body.length).toBeGreaterThan(0);
    }
  });

  it('is open to pharmacy users (master data)', async () => {
    const res = await app.call('/core/api/v2/master/dealers/1', { token: await app.token(PHARMACY) });
    expect(res.status).toBe(200);
  });
});
