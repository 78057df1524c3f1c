import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PROFILES } from '../../server/shared/apiProfile';
import { getJson, startApp, type TestApp } from './helpers';

/** Issue 40 item 10: the 会社 column sorts by the company's name (the companyNameSort addition). */
interface Pharmacy {
  id: number;
  company_id: number | null;
}

let app: TestApp;
let tick = Date.parse('2026-11-29T02:00:00.000Z');
beforeAll(() => {
  app = startApp({ now: () => new Date((tick += 1000)) });
});
afterAll(() => app.dispose());

const PHARMACIES = '/core/api/v2/admin/pharmacies';
const companyNames = async () => {
  const companies = (await getJson<{ id: number; name: string }[]>(app, '/core/api/v2/admin/companies?sort=id')).body;
  const all: { id: number; name: string }[] = [];
  for (let page = 1; ; page++) {
    const res = await getJson<{ id: number; name: string }[]>(app, `/core/api/v2/admin/companies?sort=id&page=${page}`);
    all.push(...res.body);
    if (page >= Number(res.headers.get('x-total-pages'))) break;
  }
  return new Map([...companies, ...all].map((company) => [company.id, company.name]));
};
const nameOrder = async (sort: string) => {
  const names = await companyNames();
  const rows = (await getJson<Pharmacy[]>(app, `${PHARMACIES}?add_ended=true&sort=${sort}`)).body;
  return rows.map((row) => (row.company_id === null ? '' : names.get(row.company_id)!));
};

describe('sort=company_name', () => {
  it('orders pharmacies by their company\'s name (none first), both ways', async () => {
    const ascending = await nameOrder('company_name');
    expect(ascending).toEqual([...ascending].sort());
    const descending = await nameOrder('-company_name');
    expect(descending).toEqual([...descending].sort().reverse());
    expect(descending[0]).not.toBe('');
  });

  it('follows a company renamed and a pharmacy moved, through the triggers', async () => {
    const token = await app.token();
    const last = async () => (await getJson<Pharmacy[]>(app, `${PHARMACIES}?add_ended=true&sort=-company_name`)).body[0];
    const some = (await getJson<Pharmacy[]>(app, `${PHARMACIES}?add_ended=true&sort=id`)).body.find((row) => row.company_id !== null && row.company_id !== undefined)!;
    expect(some.company_id).not.toBe((await last()).company_id);
    // Renamed to sort after every other name: its pharmacies come first descending.
    const renamed = await app.call(`/core/api/v2/admin/companies/${some.company_id}`, { method: 'PUT', token, json: { name: '龥最後の会社' } });
    expect(renamed.status).toBe(200);
    expect((await last()).company_id).toBe(some.company_id);
    // A pharmacy moved to another company sorts under its new company's name.
    const moved = (await getJson<Pharmacy[]>(app, `${PHARMACIES}?add_ended=true&sort=id`)).body.find((row) => row.company_id !== some.company_id)!;
    expect((await app.call(`${PHARMACIES}/${moved.id}`, { method: 'PUT', token, json: { company_id: some.company_id } })).status).toBe(200);
    const core = new Database(join(app.dir, 'core.sqlite'), { readonly: true });
    try {
      expect(core.prepare('SELECT company_name FROM pharmacies WHERE id = ?').pluck().get(moved.id)).toBe('龥最後の会社');
    } finally {
      core.close();
    }
  });

  it('is beyond spec section 7: the spec profile refuses it with a 422, and the spec\'s own sorts answer', async () => {
    const spec = startApp({ apiProfile: API_PROFILES.spec });
    try {
      const token = await spec.token();
      const refused = await spec.call(`${PHARMACIES}?sort=company_name`, { token });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ errors: ['並び順に company_name は指定できません。'] });
      expect((await spec.call(`${PHARMACIES}?sort=-updated_at`, { token })).status).toBe(200);
    } finally {
      spec.dispose();
    }
  });
});
