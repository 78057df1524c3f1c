import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidGs1, isValidYjCode } from '../../server/shared/medicineCodes';
import { MEDICINE_SEED_SIZES } from '../../server/services/core/ethicalMedicines/seed';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

interface Medicine {
  id: number;
  brand_name: string;
  hot_code: string | null;
  hot_code_7: string | null;
  yj_code: string | null;
  receipt_code: string | null;
  jan_code: string | null;
  packet_gs1_code: string | null;
  official_unit_price: number | null;
  inactive_on: string | null;
  generic: boolean;
  narcotic: boolean;
  packet_form_subdivision: string | null;
  [key: string]: unknown;
}
interface MasterJob {
  action: string;
  kind: string;
  status: string;
  status_reason: string | null;
  result: Record<string, unknown> | null;
}

const BASE = '/core/api/v2/master/ethical_medicines';
const NOW = new Date('2026-11-21T03:00:00.000Z');
const FIXTURES = join(__dirname, '../fixtures/masterFiles');
let app: TestApp;

const post = async (path: string, json?: unknown, token?: string) =>
  app.call(`${BASE}${path}`, { method: 'POST', token: token ?? (await app.token()), ...(json === undefined ? {} : { json }) });

/** Runs queued jobs to their end: each tick moves a job one status on. */
async function runJobs(): Promise<MasterJob[]> {
  const { jobs } = app.environments.production;
  for (let i = 0; i < 20 && jobs.list().some((job) => !['SUCCEEDED', 'FAILED'].includes(job.status)); i++) await jobs.tick();
  return (await getJson<MasterJob[]>(app, `${BASE}/jobs`)).body;
}

const jobOf = (jobs: MasterJob[], action: string, kind: string) => jobs.find((j) => j.action === action && j.kind === kind)!;

async function search(query: string, extra = ''): Promise<Medicine[]> {
  const { status, body } = await getJson<Medicine[]>(app, `${BASE}?query=${encodeURIComponent(query)}${extra}`);
  expect(status).toBe(200);
  return body;
}

const upstream = () => join(app.dir, 'master-sources');

beforeAll(() => {
  app = startApp({ now: () => NOW, jobTickMs: 0 });
});
afterAll(() => app.dispose());

describe('GET ethical_medicines', () => {
  it('lists the active master, 25 a page, with every field of section 3 and valid codes', async () => {
    const { body, headers } = await getJson<Medicine[]>(app, BASE);
    expect(body).toHaveLength(25);
    expect(Object.keys(body[0])).toHaveLength(51);
    const active = Number(headers.get('x-total-count'));
    const all = Number((await getJson(app, `${BASE}?include_inactive=true`)).headers.get('x-total-count'));
    expect(all).toBe(MEDICINE_SEED_SIZES.small);
    expect(active).toBeLessThan(all);
    expect(active).toBeGreaterThan(all * 0.9);
    for (const m of body) {
      expect(isValidYjCode(m.yj_code!)).toBe(true);
      expect(isValidGs1(m.jan_code!)).toBe(true);
      expect(isValidGs1(m.packet_gs1_code!)).toBe(true);
      expect(m.hot_code).toMatch(/^\d{13}$/);
      expect(typeof m.generic).toBe('boolean');
    }
  });

  it('hides medicines whose 廃止日 is today or earlier unless include_inactive=true', async () => {
    const { body: discontinued } = await getJson<Medicine>(app, `${BASE}/148`);
    expect(discontinued.inactive_on! <= '2026-11-21').toBe(true);
    expect(await search(discontinued.yj_code!)).toHaveLength(0);
    expect((await search(discontinued.yj_code!, '&include_inactive=true')).map((m) => m.id)).toEqual([148]);
  });

  it('finds a medicine by each of its codes, full-width and half-width alike, and names in hiragana or half-width kana', async () => {
    const { body } = await getJson<Medicine>(app, `${BASE}/1`);
    expect(body.brand_name).toBe('ネルボン錠５ｍｇ');
    const toFullWidth = (s: string) => s.replace(/[0-9A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    for (const code of [body.yj_code!, body.hot_code!, body.hot_code_7!, body.receipt_code!, body.jan_code!, body.packet_gs1_code!]) {
      expect((await search(code)).map((m) => m.id), code).toEqual([1]);
      expect((await search(toFullWidth(code))).map((m) => m.id), toFullWidth(code)).toEqual([1]);
    }
    expect((await search(body.yj_code!.toLowerCase())).map((m) => m.id)).toEqual([1]);
    expect((await search('ねるぼん')).map((m) => m.id)).toContain(1);
    expect((await search('ﾈﾙﾎﾞﾝ')).map((m) => m.id)).toContain(1);
    expect((await search('ニトラゼパム')).every((m) => m.brand_name.includes('ネルボン') || m.brand_name.includes('ニトラゼパム'))).toBe(true);
    expect(await search('該当しない薬品名')).toEqual([]);
  });

  it('answers the detail by numeric id, 404 for an unknown one', async () => {
    const { status, body } = await getJson<Medicine>(app, `${BASE}/1`);
    expect(status).toBe(200);
    expect(body.official_unit_price).toBe(7.1);
    expect((await getJson(app, `${BASE}/999999`)).status).toBe(404);
    expect((await getJson(app, `${BASE}/abc`)).status).toBe(422);
  });

  it('refuses hostile list parameters with Japanese 4xx', async () => {
    for (const q of ['include_inactive=yes', 'sort=brand_name', 'page=0', `query=${'あ'.repeat(201)}`, 'sort=__proto__']) {
      const { status, body } = await getJson<{ errors: string[] }>(app, `${BASE}?${q}`);
      expect(status, q).toBe(422);
      expect(body.errors[0], q).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    for (const q of ['"', '*', 'NEAR(a b)', "'; DROP TABLE ethical_medicines; --", '\u0000', '１２']) {
      expect((await getJson(app, `${BASE}?query=${encodeURIComponent(q)}`)).status, q).toBe(200);
    }
    expect((await app.call(BASE)).status).toBe(401);
  });
});

describe('downloads and imports', () => {
  it('lets only admins start them, and checks the start date and year', async () => {
    const pharmacyToken = await app.token(PHARMACY);
    // The master itself is readable by any signed-in user (a /master/ path); refreshing it is staff work.
    expect((await app.call(`${BASE}?query=${encodeURIComponent('ネルボン')}`, { token: pharmacyToken })).status).toBe(200);
    expect((await post('/downloads/hot_code', { start_date: '2026-01-01' }, pharmacyToken)).status).toBe(403);
    // A production token is not the demo environment's (its own audience).
    expect((await app.call(`/demo${BASE}`, { token: await app.token() })).status).toBe(401);
    expect((await post('/imports/hot_code', undefined, pharmacyToken)).status).toBe(403);
    expect((await app.call(`${BASE}/jobs`, { token: pharmacyToken })).status).toBe(403);
    const refused: [string, unknown][] = [
      ['/downloads/hot_code', { start_date: '2001-12-27' }],
      ['/downloads/hot_code', { start_date: '2026-11-22' }],
      ['/downloads/medhot', { start_date: '2015-06-29' }],
      ['/downloads/hot_code', { start_date: '2025-13-40' }],
      ['/downloads/hot_code', {}],
      ['/downloads/hot_code', { start_date: 20250101 }],
      ['/downloads/iryohoken', { start_year: 2013 }],
      ['/downloads/iryohoken', { start_year: '2019x' }],
      ['/downloads/iryohoken', { start_year: 2019, extra: 1 }],
      ['/downloads/iryohoken', []],
      ['/downloads/unknown', { start_year: 2019 }],
      ['/imports/unknown', undefined],
    ];
    for (const [path, json] of refused) {
      const res = await post(path, json);
      expect(res.status, `${path} ${JSON.stringify(json)}`).toBe(422);
      expect(((await res.json()) as { errors: string[] }).errors[0]).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    const notJson = await app.call(`${BASE}/downloads/hot_code`, { method: 'POST', token: await app.token(), body: 'start_date=2026-01-01', headers: { 'content-type': 'text/plain' } });
    expect(notJson.status).toBe(415);
    expect((await post('/downloads/hot_code', { start_date: '2001-12-28' })).status).toBe(202);
    expect((await post('/downloads/medhot', { start_date: '2026-11-21' })).status).toBe(202);
    expect((await post('/downloads/iryohoken', { start_year: '2020' })).status).toBe(202);
    await runJobs();
  });

  it('downloads the seeded upstream files since the start date and imports them idempotently', async () => {
    const before = (await getJson<Medicine>(app, `${BASE}/21`)).body;
    expect((await post('/imports/hot_code')).status).toBe(202);
    let jobs = await runJobs();
    // The earlier download (from 2001-12-28) took both HOT files, each with its GS1 and option files.
    expect(jobOf(jobs, 'download', 'hot_code').result).toMatchObject({ downloaded: 6 });
    const hotImport = jobOf(jobs, 'import', 'hot_code');
    expect(hotImport.status).toBe('SUCCEEDED');
    expect(hotImport.result).toMatchObject({ inserted: 10 });
    expect((hotImport.result as { files: { encoding: string }[] }).files.map((f) => f.encoding)).toEqual(['CP932', 'CP932']);
    const discontinued = (await getJson<Medicine>(app, `${BASE}/21`)).body;
    expect(before.inactive_on).toBeNull();
    expect(discontinued.inactive_on).toBe('2026-10-21');

    await post('/downloads/medhot', { start_date: '2026-09-21' });
    await post('/downloads/iryohoken', { start_year: 2019 });
    await runJobs();
    await post('/imports/medhot');
    await post('/imports/iryohoken');
    jobs = await runJobs();
    expect(jobOf(jobs, 'import', 'medhot').status).toBe('SUCCEEDED');
    expect(jobOf(jobs, 'import', 'iryohoken').status).toBe('SUCCEEDED');
    expect(jobOf(jobs, 'import', 'iryohoken').result).toMatchObject({ rows: 300, inserted: 0 });
    // Issue 23: each row is counted once (「300行: 更新 310件」 counted the medicines a receipt code names:
    // the seeded packages of one drug share it).
    for (const kind of ['iryohoken', 'medhot']) {
      const r = jobOf(jobs, 'import', kind).result as Record<string, number>;
      expect(r.inserted + r.updated + r.unchanged + r.skipped, kind).toBe(r.rows);
      expect(r.updatedMedicines, kind).toBeGreaterThanOrEqual(r.updated);
    }
    const repriced = (await getJson<Medicine>(app, `${BASE}/1`)).body;
    expect(repriced.official_unit_price).toBe(6.9);
    expect(repriced.packet_form_subdivision).toBe('１０錠シート');

    const state = (await getJson(app, `${BASE}?include_inactive=true`)).headers.get('x-last-updated');
    const changedAt = (await getJson(app, `${BASE}/1`)).headers.get('x-last-updated')!;
    expect(changedAt > '2026-11-21T03:00:00.000Z').toBe(true); // strictly later than the clock, as every change moves it
    for (const kind of ['hot_code', 'medhot', 'iryohoken']) await post(`/imports/${kind}`);
    jobs = await runJobs();
    for (const kind of ['hot_code', 'medhot', 'iryohoken']) {
      expect(jobOf(jobs, 'import', kind).result, kind).toMatchObject({ inserted: 0, updated: 0 });
    }
    expect((await getJson(app, `${BASE}?include_inactive=true`)).headers.get('x-last-updated')).toBe(state);
    // The import set the per-row triggers aside; they are all back.
    const file = new Database(join(app.dir, 'core.sqlite'), { readonly: true });
    const triggers = file.prepare(`SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ethical_medicines' ORDER BY name`).pluck().all();
    file.close();
    expect(triggers).toEqual(['ethical_medicines_search_delete', 'ethical_medicines_search_insert', 'ethical_medicines_search_update',
      'ethical_medicines_version_delete', 'ethical_medicines_version_insert', 'ethical_medicines_version_update']);
  });

  it('imports the real public files (MEDIS HOT9 of 2003 in UTF-8 and CP932, the MHLW price list of 2025-07-16)', async () => {
    mkdirSync(join(upstream(), 'hot_code'), { recursive: true });
    mkdirSync(join(upstream(), 'iryohoken'), { recursive: true });
    copyFileSync(join(FIXTURES, 'medis-hot9-20030228-excerpt.cp932.csv'), join(upstream(), 'hot_code', 'medis-hot9-20030228.csv'));
    copyFileSync(join(FIXTURES, 'mhlw-price-list-20250716-excerpt.csv'), join(upstream(), 'iryohoken', 'mhlw-price-list-20250716.csv'));
    await post('/downloads/hot_code', { start_date: '2003-01-01' });
    await post('/downloads/iryohoken', { start_year: 2020 });
    await runJobs();
    await post('/imports/hot_code');
    await post('/imports/iryohoken');
    const jobs = await runJobs();
    expect(jobOf(jobs, 'import', 'hot_code').status).toBe('SUCCEEDED');
    expect(jobOf(jobs, 'import', 'iryohoken').status).toBe('SUCCEEDED');
    // The search index follows the import: names by FTS in hiragana, codes by equality.
    expect((await search('ぷれどにん注')).map((m) => m.hot_code)).toContain('100137201');
    const [prednin] = await search('100137201');
    expect(prednin).toMatchObject({ brand_name: 'プレドニン注（１％）', yj_code: '2456401A1030', receipt_code: '666666666', dosage_type: '注' });
    const priceList = readFileSync(join(FIXTURES, 'mhlw-price-list-20250716-excerpt.csv'), 'utf8').split('\n')[1].split(',');
    const [listed] = await search(priceList[1]);
    expect(listed).toMatchObject({ yj_code: priceList[1], brand_name: priceList[7], official_unit_price: Number(priceList[12]) });
  });

  const BAD_FILES: [string, Buffer, RegExp][] = [
    ['wrong column count', Buffer.from('"基準番号（ＨＯＴコード）"\r\n"100137201","1001372"\r\n'), /列の数/],
    ['broken quoting', Buffer.from(`${'x,'.repeat(23)}x\r\n"1001"37201,${'a,'.repeat(22)}a\r\n`), /引用符/],
    ['invalid bytes', Buffer.concat([Buffer.from('ok\n'), Buffer.from([0x82, 0x20, 0xff, 0x0a])]), /文字コード/],
  ];

  it.each(BAD_FILES)('quarantines a file with %s at download, per line, and imports the good files', async (_name, bytes, reason) => {
    const state = (await getJson(app, `${BASE}?include_inactive=true`)).headers;
    writeFileSync(join(upstream(), 'hot_code', 'bad-20261120.csv'), bytes);
    await post('/downloads/hot_code', { start_date: '2026-11-20' });
    const download = jobOf(await runJobs(), 'download', 'hot_code');
    expect(download.status).toBe('SUCCEEDED');
    const [quarantined] = (download.result as { quarantined: { fileName: string; reason: string }[] }).quarantined;
    expect(quarantined.fileName).toBe('bad-20261120.csv');
    expect(quarantined.reason).toMatch(/bad-20261120\.csv を取り込めませんでした。\d+行目: /);
    expect(quarantined.reason).toMatch(reason);
    await post('/imports/hot_code');
    expect(jobOf(await runJobs(), 'import', 'hot_code').status).toBe('SUCCEEDED');
    const after = (await getJson(app, `${BASE}?include_inactive=true`)).headers;
    expect(after.get('x-total-count')).toBe(state.get('x-total-count'));
    expect(after.get('x-last-updated')).toBe(state.get('x-last-updated'));
    rmSync(join(upstream(), 'hot_code', 'bad-20261120.csv'));
  });

  it('quarantines a bad GS1 or option file of a HOT code download with its lines\' reasons, and never lists it', async () => {
    const gs1 = readFileSync(join(upstream(), 'medis_gs1', 'MEDIS_GS1_20261022.csv'));
    const lines = new TextDecoder('shift_jis').decode(gs1).split('\r\n');
    const badDate = lines[1].replace(/"20261022"$/, '"20251340"');
    writeFileSync(join(upstream(), 'medis_gs1', 'MEDIS_GS1_20261121.csv'), [lines[0], lines[1], badDate, `${lines[2]},"余分"`].join('\r\n'));
    await post('/downloads/hot_code', { start_date: '2026-11-21' });
    const job = jobOf(await runJobs(), 'download', 'hot_code');
    expect(job.status).toBe('SUCCEEDED');
    expect((job.result as { quarantined: unknown[] }).quarantined).toEqual([
      { fileName: 'MEDIS_GS1_20261121.csv', reason: 'MEDIS_GS1_20261121.csv を取り込めませんでした。3行目: 更新年月日: 日付が正しくありません（20251340）。 4行目: 列の数が10です（9列のはずです）。' },
    ]);
    const listed = (await getJson<{ file_name: string }[]>(app, '/medorder/api/v2/admin/medis_gs1s')).body.map((f) => f.file_name);
    expect(listed).not.toContain('MEDIS_GS1_20261121.csv');
    expect(listed.length).toBeGreaterThan(0);
    rmSync(join(upstream(), 'medis_gs1', 'MEDIS_GS1_20261121.csv'));
  });

  it('a malformed master file is no trap (issue 36): quarantined, never stored again, the newer good file imported; a corrected one is taken', async () => {
    const good = readFileSync(join(FIXTURES, 'medis-hot9-20030228-excerpt.csv'), 'utf8').split('\n');
    const bad = good.slice(0, 4);
    bad[3] = bad[3].replace('"20030124"', '"20251340"').replace('"20011214"', '"20251340"');
    writeFileSync(join(upstream(), 'hot_code', 'MEDIS_HOT13_20261115.csv'), bad.join('\r\n'));
    writeFileSync(join(upstream(), 'hot_code', 'MEDIS_HOT13_20261118.csv'), good.slice(0, 4).join('\r\n'));
    const stored = () => readdirSync(join(app.dir, 'storage', 'production', 'master-files', 'hot_code'), { recursive: true }).map(String);
    for (let round = 0; round < 2; round++) {
      await post('/downloads/hot_code', { start_date: '2026-11-15' });
      const download = jobOf(await runJobs(), 'download', 'hot_code');
      expect(download.status).toBe('SUCCEEDED');
      const { quarantined, files } = download.result as { quarantined: { fileName: string; reason: string }[]; files: string[] };
      expect(quarantined.map((q) => q.fileName)).toEqual(['MEDIS_HOT13_20261115.csv']);
      expect(quarantined[0].reason).toContain('4行目: 更新年月日: 日付が正しくありません（20251340）。');
      expect(files).toContain('MEDIS_HOT13_20261118.csv');
      expect(stored().some((name) => name.includes('MEDIS_HOT13_20261115'))).toBe(false);
      await post('/imports/hot_code');
      const imported = jobOf(await runJobs(), 'import', 'hot_code');
      expect([round, imported.status, imported.status_reason]).toEqual([round, 'SUCCEEDED', null]);
    }
    // The publisher corrects the file under the same name: other bytes, checked afresh and taken.
    writeFileSync(join(upstream(), 'hot_code', 'MEDIS_HOT13_20261115.csv'), good.slice(0, 4).join('\r\n'));
    await post('/downloads/hot_code', { start_date: '2026-11-15' });
    const corrected = jobOf(await runJobs(), 'download', 'hot_code');
    expect((corrected.result as { quarantined: unknown[]; files: string[] }).quarantined).toEqual([]);
    expect((corrected.result as { files: string[] }).files).toContain('MEDIS_HOT13_20261115.csv');
    rmSync(join(upstream(), 'hot_code', 'MEDIS_HOT13_20261115.csv'));
    rmSync(join(upstream(), 'hot_code', 'MEDIS_HOT13_20261118.csv'));
  });
});

describe('default upstream folder', () => {
  it('gives a folder written before a kind existed that kind alone, leaving the others as they are', () => {
    const first = startApp({ now: () => NOW, jobTickMs: 0 });
    const root = join(first.dir, 'master-sources');
    first.close();
    rmSync(join(root, 'medis_option'), { recursive: true });
    writeFileSync(join(root, 'hot_code', 'MEDIS_HOT13_20261122.csv'), 'edited by hand');
    const second = startApp({ now: () => NOW, jobTickMs: 0 }, first.dir);
    try {
      expect(readdirSync(join(root, 'medis_option')).sort()).toEqual(['MEDIS_OPTION_20260813.csv', 'MEDIS_OPTION_20261022.csv']);
      expect(readFileSync(join(root, 'hot_code', 'MEDIS_HOT13_20261122.csv'), 'utf8')).toBe('edited by hand');
      expect(readdirSync(root).sort()).toEqual(['hot_code', 'iryohoken', 'medhot', 'medis_gs1', 'medis_option']);
    } finally {
      second.dispose();
    }
  });
});
