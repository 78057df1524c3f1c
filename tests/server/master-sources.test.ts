import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFunctions } from '../../server/db/open';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

/** Server tests of issue 13: the master diffs against core's imported rows, fixtures, requests and unknown deliveries. */
interface Medicine {
  id: number;
  hot_code: string;
  yj_code: string;
  receipt_code: string;
  package_gs1_code: string;
  official_unit_price: number;
  brand_name: string;
}
interface OrderableDiff {
  orderable_item_id: number | null;
  operation: string;
  attributes: Record<string, unknown>;
  previous_attributes: Record<string, unknown> | null;
  changed: string[];
}
interface StockableImport {
  stockable_item_id: number | null;
  stockable_item_operation: string;
  invalid_reason: string | null;
  stockable_item_attributes: Record<string, unknown> | null;
  stockable_item_changed: string[];
  stockable_item_prices_attributes: { effects_on: string; price: number }[];
  orderable_items: OrderableDiff[];
}
interface Item {
  id: number;
  yj_code: string;
  price: number;
  orderable_items: { id: number; gs1_code: string; inactive_on: string | null }[];
}

const NOW = new Date('2026-11-21T03:00:00.000Z');
const M = '/medorder/api/v2';
let app: TestApp;

const medicine = async (id: number) => (await getJson<Medicine>(app, `/core/api/v2/master/ethical_medicines/${id}`)).body;
const diffOf = async (query: string) => getJson<StockableImport>(app, `${M}/admin/stockable_items/import?${query}`);
const send = async (method: string, path: string, json: unknown, token?: string) => {
  const res = await app.call(`${M}${path}`, { method, token: token ?? (await app.token()), json });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
};
const itemsOf = async (yj: string) => (await getJson<Item[]>(app, `${M}/master/stockable_items?yj_codes=${yj}`)).body;

async function runJobs() {
  const { jobs } = app.environments.production;
  for (let i = 0; i < 30 && jobs.list().some((job) => !['SUCCEEDED', 'FAILED'].includes(job.status)); i++) await jobs.tick();
  return app.environments.production.jobs.list();
}

beforeAll(() => {
  app = startApp({ now: () => NOW, jobTickMs: 0 });
});
afterAll(() => app.dispose());

describe('stockable item import diff', () => {
  it('a product the ordering master lacks is a create of the item and its package; applying it twice writes once', async () => {
    const m = await medicine(401);
    expect(await itemsOf(m.yj_code)).toEqual([]);
    const { status, body } = await diffOf(`hot_code=${m.hot_code}`);
    expect(status).toBe(200);
    expect(body.invalid_reason).toBeNull();
    expect(body.stockable_item_operation).toBe('create');
    expect(body.stockable_item_attributes).toMatchObject({ name: m.brand_name, yj_code: m.yj_code, price: m.official_unit_price });
    expect(body.stockable_item_prices_attributes).toEqual([{ effects_on: '2026-11-21', price: m.official_unit_price }]);
    expect(body.orderable_items.map((o) => [o.operation, o.attributes.gs1_code])).toEqual([['create', m.package_gs1_code]]);

    const applied = await send('POST', '/admin/stockable_items/import', { hot_code: m.hot_code });
    expect(applied.status).toBe(200);
    expect(applied.body.stockable_item_operation).toBe('none');
    expect(applied.body.orderable_items.map((o: OrderableDiff) => o.operation)).toEqual(['none']);
    const [item] = await itemsOf(m.yj_code);
    expect(item.orderable_items.map((o) => o.gs1_code)).toEqual([m.package_gs1_code]);

    const again = await send('POST', '/admin/stockable_items/import', { hot_code: m.hot_code });
    expect(again.status).toBe(200);
    expect(await itemsOf(m.yj_code)).toEqual([item]);
  });

  it('an item still at its old price is an update of the price alone, with the new price from today', async () => {
    const m = await medicine(4);
    const { body } = await diffOf(`receipt_code=${m.receipt_code}`);
    expect(body.stockable_item_operation).toBe('update');
    expect(body.stockable_item_changed).toEqual(['price']);
    expect(body.stockable_item_prices_attributes).toEqual([{ effects_on: '2026-11-21', price: m.official_unit_price }]);
    expect(body.orderable_items.every((o) => o.operation === 'none')).toBe(true);
    await send('POST', '/admin/stockable_items/import', { receipt_code: m.receipt_code });
    expect((await itemsOf(m.yj_code))[0].price).toBe(m.official_unit_price);
    expect((await diffOf(`receipt_code=${m.receipt_code}`)).body.stockable_item_operation).toBe('none');
  });

  it('a package the ordering master lacks is a create under the existing item', async () => {
    const m = await medicine(6);
    const { body } = await diffOf(`hot_code=${m.hot_code}`);
    expect(body.stockable_item_operation).toBe('none');
    expect(body.orderable_items).toHaveLength(1);
    expect(body.orderable_items[0]).toMatchObject({ operation: 'create', orderable_item_id: null, previous_attributes: null });
  });

  it('refuses a key that is missing, doubled or malformed with a Japanese 422', async () => {
    for (const query of ['', 'hot_code=1&receipt_code=620000000', 'hot_code=12ab', 'stockable_item_fixture_id=x']) {
      const { status, body } = await getJson<{ errors: string[] }>(app, `${M}/admin/stockable_items/import?${query}`);
      expect(status, query).toBe(422);
      expect(body.errors[0], query).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    const unknown = await diffOf('hot_code=9999999999999');
    expect(unknown.body.invalid_reason).toBe('HOTコード 9999999999999 は公開マスターにも品目補正にもありません。');
    expect((await send('POST', '/admin/stockable_items/import', { hot_code: '9999999999999' })).status).toBe(422);
  });

  it('is invalid, and applies nothing, when two HOT codes claim one GS1 code', async () => {
    const a = await medicine(501);
    const b = await medicine(502);
    // The publishers contradicting each other: written to core's file as an import would (the search triggers need their function).
    const core = new Database(join(app.dir, 'core.sqlite'));
    registerFunctions(core);
    core.prepare('UPDATE ethical_medicines SET package_gs1_code = @gs1 WHERE id = @id').run({ gs1: a.package_gs1_code, id: b.id });
    core.close();
    const { body } = await diffOf(`hot_code=${b.hot_code}`);
    expect(body.invalid_reason).toBe(`GS1コード ${a.package_gs1_code} が複数のHOTコード（${[a.hot_code, b.hot_code].sort().join('、')}）に対応しています。`);
    expect(body.orderable_items).toEqual([]);
    const applied = await send('POST', '/admin/stockable_items/import', { hot_code: b.hot_code });
    expect(applied.status).toBe(422);
    expect(applied.body.errors).toEqual([body.invalid_reason]);
    expect(await itemsOf(b.yj_code)).toEqual([]);
  });
});

describe('after the published files are imported', () => {
  beforeAll(async () => {
    const token = await app.token();
    const post = (path: string, json?: unknown) => app.call(`/core/api/v2/master/ethical_medicines${path}`, { method: 'POST', token, ...(json ? { json } : {}) });
    expect((await post('/downloads/hot_code', { start_date: '2026-09-21' })).status).toBe(202);
    expect((await post('/downloads/iryohoken', { start_year: 2020 })).status).toBe(202);
    await runJobs();
    expect((await post('/imports/hot_code')).status).toBe(202);
    expect((await post('/imports/iryohoken')).status).toBe(202);
    const jobs = await runJobs();
    expect(jobs.map((job) => job.status)).toEqual(jobs.map(() => 'SUCCEEDED'));
  });

  it('a discontinued package is an update of its inactive date (and the item expires with its last package)', async () => {
    const m = await medicine(22);
    const { body } = await diffOf(`hot_code=${m.hot_code}`);
    expect(body.invalid_reason).toBeNull();
    expect(body.orderable_items).toHaveLength(1);
    expect(body.orderable_items[0].operation).toBe('update');
    expect(body.orderable_items[0].changed).toEqual(['inactive_on']);
    expect(body.orderable_items[0].attributes.inactive_on).toBe('2026-10-21');
    expect(body.stockable_item_changed).toEqual(['price', 'expires_at']);
  });

  it('a new package of a known product is a create beside the package already ordered', async () => {
    const m = await medicine(3);
    const newHot = `${m.hot_code.slice(0, 9)}9201`;
    const { body } = await diffOf(`hot_code=${newHot}`);
    expect(body.invalid_reason).toBeNull();
    const byOperation = body.orderable_items.map((o) => [o.operation, o.attributes.packet_form]);
    expect(byOperation).toContainEqual(['create', 'バラ']);
    expect(body.orderable_items.filter((o) => o.operation === 'none').map((o) => o.attributes.gs1_code)).toEqual([m.package_gs1_code]);
    await send('POST', '/admin/stockable_items/import', { hot_code: newHot });
    expect((await itemsOf(m.yj_code))[0].orderable_items).toHaveLength(2);
  });
});

describe('file lists', () => {
  it('lists the downloaded files of each publisher and pages through a file\'s rows', async () => {
    const bases = await getJson<{ id: number; file_name: string; file_date: string }[]>(app, `${M}/admin/medis_bases`);
    expect(bases.status).toBe(200);
    expect(bases.body.map((f) => f.file_date)).toEqual(['2026-10-22']);
    const [file] = bases.body;
    expect((await getJson(app, `${M}/admin/medis_bases/${file.id}`)).body).toMatchObject({ id: file.id, file_name: file.file_name });
    const first = await getJson<{ line: number; hot_code: string }[]>(app, `${M}/admin/medis_base_rows?medis_base_id=${file.id}`);
    expect(first.body).toHaveLength(25);
    expect(first.body[0]).toMatchObject({ line: 2 });
    expect(first.body[0].hot_code).toMatch(/^\d{13}$/);
    expect(first.headers.get('x-total-count')).toBe('215');
    expect(first.headers.get('x-total-pages')).toBe('9');
    const last = await getJson<{ line: number }[]>(app, `${M}/admin/medis_base_rows?medis_base_id=${file.id}&page=9`);
    expect(last.body).toHaveLength(15);
    expect((await getJson(app, `${M}/admin/medis_base_rows?medis_base_id=${file.id}&page=10`)).status).toBe(422);
    expect((await getJson(app, `${M}/admin/medis_base_rows?medis_base_id=999999`)).status).toBe(404);
    expect((await getJson(app, `${M}/admin/medis_base_rows?medis_base_id=${file.id}&hot_code=1234567890123`)).status).toBe(422);

    const insurance = await getJson<{ id: number }[]>(app, `${M}/admin/iryohokens`);
    expect(insurance.body).toHaveLength(1);
    const rows = await getJson<{ receipt_code: string }[]>(app, `${M}/admin/iryohoken_rows?iryohoken_id=${insurance.body[0].id}`);
    expect(rows.body[0].receipt_code).toMatch(/^\d{9}$/);
    // The file ids are per kind: a HOT file is not an insurance file.
    expect((await getJson(app, `${M}/admin/iryohoken_rows?iryohoken_id=${file.id}`)).status).toBe(404);
  });

  it('lists the GS1 correspondence and option files the HOT code download brought, with their rows paged', async () => {
    for (const [list, rowsPath, param] of [['medis_gs1s', 'medis_gs1_rows', 'medis_gs1_id'], ['medis_options', 'medis_option_rows', 'medis_option_id']]) {
      const files = await getJson<{ id: number; file_name: string; file_date: string; rows_count: number }[]>(app, `${M}/admin/${list}`);
      expect(files.body.map((f) => [f.file_date, f.rows_count]), list).toEqual([['2026-10-22', 200]]);
      const [file] = files.body;
      expect(file.file_name).toBe(list === 'medis_gs1s' ? 'MEDIS_GS1_20261022.csv' : 'MEDIS_OPTION_20261022.csv');
      expect((await getJson(app, `${M}/admin/${list}/${file.id}`)).body).toMatchObject({ id: file.id, file_name: file.file_name });
      const first = await getJson<{ line: number; hot_code: string }[]>(app, `${M}/admin/${rowsPath}?${param}=${file.id}`);
      expect(first.body).toHaveLength(25);
      expect(first.body[0].line).toBe(2);
      expect(first.body[0].hot_code).toMatch(/^\d{13}$/);
      expect(first.headers.get('x-total-pages')).toBe('8');
      const last = await getJson<{ line: number }[]>(app, `${M}/admin/${rowsPath}?${param}=${file.id}&page=8`);
      expect(last.body.map((r) => r.line)).toEqual(Array.from({ length: 25 }, (_, i) => 177 + i));
      expect((await getJson(app, `${M}/admin/${rowsPath}?${param}=${file.id}&page=9`)).status).toBe(422);
    }
    const [gs1File] = (await getJson<{ id: number }[]>(app, `${M}/admin/medis_gs1s`)).body;
    const [gs1Row] = (await getJson<{ hot_code: string; package_gs1_code: string }[]>(app, `${M}/admin/medis_gs1_rows?medis_gs1_id=${gs1File.id}`)).body;
    const medicines = (await getJson<Medicine[]>(app, `/core/api/v2/master/ethical_medicines?query=${gs1Row.hot_code}`)).body;
    expect(gs1Row.package_gs1_code).toBe(medicines[0].package_gs1_code);
    expect((gs1Row as unknown as { hot_codes: string[] }).hot_codes).toEqual([gs1Row.hot_code]);
    const [optionFile] = (await getJson<{ id: number }[]>(app, `${M}/admin/medis_options`)).body;
    const [optionRow] = (await getJson<Record<string, unknown>[]>(app, `${M}/admin/medis_option_rows?medis_option_id=${optionFile.id}`)).body;
    expect(Object.keys(optionRow).sort()).toEqual(['brand_name', 'generic', 'generic_code', 'generic_name', 'hot_code', 'line', 'therapeutic_category']);
    // File ids are per kind: an option file is not a GS1 file.
    if (optionFile.id !== gs1File.id) expect((await getJson(app, `${M}/admin/medis_gs1_rows?medis_gs1_id=${optionFile.id}`)).status).toBe(404);
    expect((await getJson(app, `${M}/admin/medis_option_rows?medis_option_id=999999`)).status).toBe(404);
  });
});

describe('file list paging', () => {
  it('pages the files 25 at a time, newest first unless sorted, and refuses a page past the last', async () => {
    // 30 more option files, one a day from 2026-10-23, brought by the next HOT code download.
    const optionFile = readFileSync(join(app.dir, 'master-sources', 'medis_option', 'MEDIS_OPTION_20261022.csv'));
    const days = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 23 + i)).toISOString().slice(0, 10));
    for (const day of days) writeFileSync(join(app.dir, 'master-sources', 'medis_option', `MEDIS_OPTION_${day.replace(/-/g, '')}.csv`), optionFile);
    const token = await app.token();
    const started = await app.call('/core/api/v2/master/ethical_medicines/downloads/hot_code', { method: 'POST', token, json: { start_date: '2026-10-23' } });
    expect(started.status).toBe(202);
    expect((await runJobs()).every((job) => job.status === 'SUCCEEDED')).toBe(true);

    const first = await getJson<{ file_date: string }[]>(app, `${M}/admin/medis_options`);
    expect(first.headers.get('x-total-count')).toBe('31');
    expect(first.headers.get('x-total-pages')).toBe('2');
    expect(first.body.map((f) => f.file_date)).toEqual([...days].reverse().slice(0, 25));
    const second = await getJson<{ file_date: string }[]>(app, `${M}/admin/medis_options?page=2`);
    expect(second.body.map((f) => f.file_date)).toEqual([...days.slice(0, 5).reverse(), '2026-10-22']);
    const oldest = await getJson<{ file_date: string }[]>(app, `${M}/admin/medis_options?sort=file_date`);
    expect(oldest.body.map((f) => f.file_date)).toEqual(['2026-10-22', ...days.slice(0, 24)]);
    expect((await getJson(app, `${M}/admin/medis_options?page=3`)).status).toBe(422);
    expect((await getJson(app, `${M}/admin/medis_options?sort=name`)).status).toBe(422);
  });
});

describe('fixtures', () => {
  it('creates, validates and patches a stockable fixture field by field', async () => {
    const missing = await send('POST', '/admin/stockable_item_fixtures', { name: '名称だけ' });
    expect(missing).toEqual({ status: 422, body: { errors: ['YJコードかレセプト電算コードを入力してください。'], field_errors: { yj_code: ['YJコードかレセプト電算コードを入力してください。'] } } });
    const badPrice = await send('POST', '/admin/stockable_item_fixtures', { yj_code: '9999999F9999', price: '12' });
    expect(badPrice.status).toBe(422);
    expect(badPrice.body.errors).toEqual(['薬価の形式が正しくありません。']);
    const badDay = await send('POST', '/admin/stockable_item_fixtures', { yj_code: '9999999F9999', interim_period_on: '2026-02-30' });
    expect(badDay.body.errors).toEqual(['経過措置期限の形式が正しくありません。']);

    const created = await send('POST', '/admin/stockable_item_fixtures', { name: '院内製剤テスト錠', unit: '錠', yj_code: '9999999F9999', note: '手入力の品目' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: '院内製剤テスト錠', unit: '錠', price: null, generic: null, note: '手入力の品目' });
    const patched = await send('PATCH', `/admin/stockable_item_fixtures/${created.body.id}`, { price: 12, generic: false });
    expect(patched.body).toMatchObject({ name: '院内製剤テスト錠', price: 12, generic: false, note: '手入力の品目' });
    expect((await send('PATCH', `/admin/stockable_item_fixtures/${created.body.id}`, { yj_code: null })).status).toBe(422);
    expect((await send('PATCH', '/admin/stockable_item_fixtures/999999', { price: 1 })).status).toBe(404);
    const list = await getJson<{ id: number }[]>(app, `${M}/admin/stockable_item_fixtures?yj_code=9999999F9999`);
    expect(list.body.map((f) => f.id)).toEqual([created.body.id]);
  });

  it('a product only fixtures describe is created from them, then its orderable fixture diffs and applies on its own', async () => {
    const stockable = await send('POST', '/admin/stockable_item_fixtures', { name: '手入力散', unit: 'ｇ', yj_code: '9999998B1017', price: 30 });
    const fixtureId = stockable.body.id;
    const orderable = await send('POST', '/admin/orderable_item_fixtures', {
      name: '手入力散', name_append: '（500g）', gs1_code: '04999999000014', stockable_item_fixture_id: fixtureId, quantity: 500, packet_form: 'バラ',
    });
    expect(orderable.status).toBe(201);
    const unknownFixture = await send('POST', '/admin/orderable_item_fixtures', { gs1_code: '04999999000021', stockable_item_fixture_id: 999999 });
    expect(unknownFixture.body.errors).toEqual(['存在しない在庫品目補正が指定されました。']);

    const before = await getJson<{ operation: string; invalid_reason: string }>(app, `${M}/admin/orderable_items/import?orderable_item_fixture_id=${orderable.body.id}`);
    expect(before.body.invalid_reason).toBe('在庫品目（YJコード 9999998B1017）がまだ発注マスターにありません。先に在庫品目を反映してください。');

    const { body } = await diffOf(`stockable_item_fixture_id=${fixtureId}`);
    expect(body.stockable_item_operation).toBe('create');
    expect(body.stockable_item_attributes).toMatchObject({ name: '手入力散', unit: 'ｇ', price: 30 });
    expect(body.orderable_items.map((o) => [o.operation, o.attributes.name, o.attributes.quantity])).toEqual([['create', '手入力散（500g）', 500]]);
    await send('POST', '/admin/stockable_items/import', { stockable_item_fixture_id: fixtureId });

    const none = await getJson<{ operation: string }>(app, `${M}/admin/orderable_items/import?orderable_item_fixture_id=${orderable.body.id}`);
    expect(none.body.operation).toBe('none');
    await send('PATCH', `/admin/orderable_item_fixtures/${orderable.body.id}`, { quantity: 250, name_append: null });
    const changed = await getJson<{ operation: string; changed: string[] }>(app, `${M}/admin/orderable_items/import?orderable_item_fixture_id=${orderable.body.id}`);
    expect(changed.body).toMatchObject({ operation: 'update', changed: ['name', 'quantity'] });
    const applied = await send('POST', '/admin/orderable_items/import', { orderable_item_fixture_id: orderable.body.id });
    expect(applied.body.operation).toBe('none');
    expect((await send('POST', '/admin/orderable_items/import', { orderable_item_fixture_id: orderable.body.id })).body.operation).toBe('none');
    const [item] = await itemsOf('9999998B1017');
    expect(item.orderable_items).toMatchObject([{ gs1_code: '04999999000014', quantity: 250, name: '手入力散' }]);
  });
});

describe('contradictions', () => {
  it('a fixture giving a package the GS1 code another item orders under makes the import invalid, never a half-write', async () => {
    const taken = await medicine(7);
    const target = await medicine(520);
    const fixture = await send('POST', '/admin/orderable_item_fixtures', { hot_code: target.hot_code, gs1_code: taken.package_gs1_code });
    expect(fixture.status).toBe(201);
    const { body } = await diffOf(`hot_code=${target.hot_code}`);
    expect(body.invalid_reason).toMatch(new RegExp(`^GS1コード ${taken.package_gs1_code} は別の在庫品目（ID: \\d+）の発注品目で使われています。$`));
    const applied = await send('POST', '/admin/stockable_items/import', { hot_code: target.hot_code });
    expect(applied.status).toBe(422);
    expect(await itemsOf(target.yj_code)).toEqual([]);
    const orderable = await getJson<{ invalid_reason: string }>(app, `${M}/admin/orderable_items/import?orderable_item_fixture_id=${fixture.body.id}`);
    expect(orderable.body.invalid_reason).toBe(`在庫品目（YJコード ${target.yj_code}）がまだ発注マスターにありません。先に在庫品目を反映してください。`);
  });
});

describe('import requests', () => {
  const openCount = async () => Number((await getJson(app, `${M}/admin/stockable_item_import_requests?state=open`)).headers.get('x-total-count'));

  it('reject closes a request; update performs its import; a closed request cannot change again', async () => {
    const { body: open } = await getJson<{ id: number; code: string; code_type: string; state: string }[]>(app, `${M}/admin/stockable_item_import_requests?state=open`);
    const total = await openCount();
    expect(total).toBe(62);
    expect(open.every((r) => r.state === 'open')).toBe(true);
    const rejected = await send('PATCH', `/admin/stockable_item_import_requests/${open[0].id}`, { state: 'rejected' });
    expect(rejected.body.state).toBe('rejected');
    expect(await openCount()).toBe(total - 1);

    const hotRequest = open.find((r, i) => i > 0 && r.code_type === 'hot_code')!;
    const accepted = await send('PATCH', `/admin/stockable_item_import_requests/${hotRequest.id}`, { state: 'accepted' });
    expect(accepted.body.state).toBe('accepted');
    expect((await diffOf(`hot_code=${hotRequest.code}`)).body.stockable_item_operation).toBe('none');
    expect(await openCount()).toBe(total - 2);

    const again = await send('PATCH', `/admin/stockable_item_import_requests/${hotRequest.id}`, { state: 'rejected' });
    expect(again).toEqual({ status: 409, body: { errors: ['この依頼はすでに処理されています。'] } });
    expect((await send('PATCH', `/admin/stockable_item_import_requests/${open[5].id}`, { state: 'open' })).body.errors).toEqual(['状態の形式が正しくありません。']);
    expect((await send('PATCH', '/admin/stockable_item_import_requests/999999', { state: 'rejected' })).status).toBe(404);
  });

  it('an accept whose import is invalid answers 422 and leaves the request open', async () => {
    const pharmacyToken = await app.token(PHARMACY);
    const request = await send('POST', '/pharmacy/stockable_item_import_requests', { pharmacy_id: 1, code_type: 'hot_code', code: '9999999999999' }, pharmacyToken);
    expect(request.status).toBe(201);
    const result = await send('PATCH', `/admin/stockable_item_import_requests/${request.body.id}`, { state: 'accepted' });
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual(['HOTコード 9999999999999 は公開マスターにも品目補正にもありません。']);
    expect((await getJson<{ state: string }[]>(app, `${M}/admin/stockable_item_import_requests?ids=${request.body.id}`)).body[0].state).toBe('open');
  });

  it('a pharmacy requests a code for its own pharmacy only, once while open', async () => {
    const pharmacyToken = await app.token(PHARMACY);
    const first = await send('POST', '/pharmacy/stockable_item_import_requests', { pharmacy_id: 1, code_type: 'receipt_code', code: '620000999' }, pharmacyToken);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ code: '620000999', code_type: 'receipt_code', state: 'open', pharmacy_id: 1 });
    const second = await send('POST', '/pharmacy/stockable_item_import_requests', { pharmacy_id: 1, code_type: 'receipt_code', code: '620000999' }, pharmacyToken);
    expect(second.body.id).toBe(first.body.id);
    expect((await send('POST', '/pharmacy/stockable_item_import_requests', { pharmacy_id: 2, code_type: 'receipt_code', code: '620000998' }, pharmacyToken)).status).toBe(403);
    const bad = await send('POST', '/pharmacy/stockable_item_import_requests', { pharmacy_id: 1, code_type: 'receipt_code', code: '1234567890123' }, pharmacyToken);
    expect(bad.body.errors).toEqual(['レセプト電算コードは9桁の数字で入力してください。']);
    expect((await app.call(`${M}/admin/stockable_item_import_requests`, { token: pharmacyToken })).status).toBe(403);
  });
});

describe('unknown deliveries', () => {
  it('toggles ignored and lists the matching item where the ordering master knows the code', async () => {
    const { body, headers } = await getJson<{ id: number; ignored: boolean; matching_item_id: number | null; matching_item_name: string | null }[]>(app, `${M}/admin/unknown_sdcvan_delivery_d_records`);
    expect(body).toHaveLength(25);
    expect(Number(headers.get('x-total-pages'))).toBeGreaterThan(10);
    const later = (await getJson<{ matching_item_id: number | null; matching_item_name: string | null }[]>(app, `${M}/admin/unknown_sdcvan_delivery_d_records?page=11`)).body;
    const matched = later.filter((r) => r.matching_item_id !== null);
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.every((r) => typeof r.matching_item_name === 'string' && r.matching_item_name !== '')).toBe(true);
    const target = body.find((r) => !r.ignored)!;
    const on = await send('PATCH', `/admin/unknown_sdcvan_delivery_d_records/${target.id}`, { ignored: true });
    expect(on.body.ignored).toBe(true);
    const ignored = await getJson<{ id: number }[]>(app, `${M}/admin/unknown_sdcvan_delivery_d_records?ignored=true&ids=${target.id}`);
    expect(ignored.body.map((r) => r.id)).toEqual([target.id]);
    expect((await send('PATCH', `/admin/unknown_sdcvan_delivery_d_records/${target.id}`, { ignored: false })).body.ignored).toBe(false);
    expect((await send('PATCH', `/admin/unknown_sdcvan_delivery_d_records/${target.id}`, { ignored: 'yes' })).body.errors).toEqual(['無視の形式が正しくありません。']);
    expect((await send('PATCH', '/admin/unknown_sdcvan_delivery_d_records/999999', { ignored: true })).status).toBe(404);
  });
});

describe('published rows', () => {
  it('answers the four tables of a HOT code, and a GS1 row names every HOT code claiming its code', async () => {
    const m = await medicine(10);
    for (const table of ['medis_base_rows', 'medis_gs1_rows', 'iryohoken_rows', 'medhot_rows']) {
      const { status, body } = await getJson<Record<string, unknown>[]>(app, `${M}/admin/${table}?hot_code=${m.hot_code}`);
      expect(status, table).toBe(200);
      expect(body, table).toHaveLength(1);
    }
    const gs1 = await getJson<{ hot_codes: string[] }[]>(app, `${M}/admin/medis_gs1_rows?hot_code=${m.hot_code}`);
    expect(gs1.body[0].hot_codes).toEqual([m.hot_code]);
    expect((await getJson(app, `${M}/admin/medis_base_rows`)).status).toBe(422);
  });
});

describe('hostile input', () => {
  it('answers every malformed call with a Japanese 4xx and changes nothing', async () => {
    const before = await getJson(app, `${M}/admin/stockable_item_fixtures`);
    const calls: [string, string, unknown][] = [
      ['POST', '/admin/stockable_item_fixtures', []],
      ['POST', '/admin/stockable_item_fixtures', { yj_code: '1124003F2230', price: 1e20 }],
      ['POST', '/admin/stockable_item_fixtures', { yj_code: "1124003F2230'; DROP TABLE stockable_items; --" }],
      ['POST', '/admin/stockable_item_fixtures', { yj_code: '1124003F2230', name: 'あ'.repeat(201) }],
      ['POST', '/admin/stockable_item_fixtures', { yj_code: '1124003F2230', generic: 'はい' }],
      ['POST', '/admin/orderable_item_fixtures', { gs1_code: '123' }],
      ['POST', '/admin/orderable_item_fixtures', { hot_code: '1234567890123', quantity: -1 }],
      ['POST', '/admin/orderable_item_fixtures', { hot_code: '1234567890123', inactive_on: '2026/11/21' }],
      ['PATCH', '/admin/orderable_item_fixtures/abc', { quantity: 1 }],
      ['POST', '/admin/stockable_items/import', { hot_code: ['1234567890123'] }],
      ['POST', '/admin/stockable_items/import', { stockable_item_fixture_id: 1.5 }],
      ['POST', '/admin/orderable_items/import', {}],
      ['PATCH', '/admin/stockable_item_import_requests/1', { state: null }],
      ['PATCH', '/admin/unknown_sdcvan_delivery_d_records/1', {}],
    ];
    for (const [method, path, json] of calls) {
      const { status, body } = await send(method, path, json);
      const label = `${method} ${path} ${JSON.stringify(json).slice(0, 60)}`;
      expect(status, label).toBeGreaterThanOrEqual(400);
      expect(status, label).toBeLessThan(500);
      expect(body.errors[0], label).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    for (const query of ['yj_codes=%27%20OR%201%3D1', 'exists_stock=true', 'pharmacy_id=-1', 'sort=price', 'page=0']) {
      const { status } = await getJson(app, `${M}/master/stockable_items?${query}`);
      expect(status, query).toBe(422);
    }
    const after = await getJson(app, `${M}/admin/stockable_item_fixtures`);
    expect(after.headers.get('x-total-count')).toBe(before.headers.get('x-total-count'));
  });
});
