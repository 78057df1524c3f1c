import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { registerPaperTrailFunctions } from '../../server/db/paperTrail';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '../../server/jobs/runner';
import { quoteIdentifier } from '../../server/warehouse/sourceTables';
import { getJson, PHARMACY, startApp, tempDir, type TestApp } from './helpers';
import { SEEDED_PRODUCTS } from '../../server/services/medorder/masterSources/migrations';

interface WarehouseTable {
  id: string;
  dataset_id: string;
  table_id: string;
  created_at: string | null;
  modified_at: string | null;
  bytes_count: number | null;
  rows_count: number | null;
  mysql_exist: boolean;
}
interface JobSummary {
  job_id: string;
  job_name: string;
  status: string;
  status_reason: string | null;
  started_at: string | null;
  stopped_at: string | null;
}

const BASE = '/core/api/v2/admin';
// 10:00 in Tokyo: the start of today is 2026-11-21T15:00Z the day before.
let clock = new Date('2026-11-22T01:00:00.000Z');
let app: TestApp;
let dir: string;

const tables = async (service: string) => (await getJson<WarehouseTable[]>(app, `${BASE}/bigqueries/${service}?column=full`)).body;
const tableOf = async (service: string, table: string) => (await tables(service)).find((t) => t.table_id === table)!;
const jobList = async (query = '') => (await getJson<{ job_summary_list: JobSummary[] }>(app, `${BASE}/embulks${query}`)).body.job_summary_list;
const copy = async (json: unknown) => app.call(`${BASE}/embulks/execute_copy`, { method: 'POST', token: await app.token(), json });

/** One tick at a time, so every status is seen; the clock moves a second a tick. */
async function tickUntilDone(jobId: string): Promise<string[]> {
  const seen: string[] = [];
  const { jobs } = app.environments.production;
  for (let i = 0; i < 10; i++) {
    const status = jobs.get(jobId)!.status;
    seen.push(status);
    if (status === 'SUCCEEDED' || status === 'FAILED') break;
    clock = new Date(clock.getTime() + 1000);
    await jobs.tick();
  }
  return seen;
}

/** A checksum of rows independent of the database that holds them: numbers and text as text, sorted. */
function checksum(rows: unknown[][]): string {
  const lines = rows.map((row) => JSON.stringify(row.map((v) => (v === null || v === undefined ? null : String(v))))).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex');
}

beforeEach(() => {
  clock = new Date('2026-11-22T01:00:00.000Z');
  dir = tempDir();
  app = startApp({ now: () => clock, jobTickMs: 0 }, dir);
});
afterEach(() => app.dispose());

describe('warehouse tables (bigqueries)', () => {
  it('lists seeded copies with their metadata, tables never copied, and tables MySQL no longer has', async () => {
    const core = await tables('core');
    const companies = core.find((t) => t.table_id === 'companies')!;
    expect(companies).toMatchObject({ id: 'core.companies', dataset_id: 'core', mysql_exist: true, rows_count: 40 });
    expect(companies.bytes_count).toBeGreaterThan(40 * 8);
    // Seeded stale: modified before the start of today in Tokyo (2026-11-21T15:00Z).
    expect(Date.parse(companies.modified_at!)).toBeLessThan(Date.parse('2026-11-21T15:00:00Z'));
    expect(core.find((t) => t.table_id === 'pharmacies')!.modified_at).toBe('2026-11-21T15:00:00.000Z');
    expect(core.find((t) => t.table_id === 'pharmacy_monthly_reports')).toMatchObject({ mysql_exist: false, rows_count: 500 });
    expect(core.find((t) => t.table_id === 'manuals')).toMatchObject({ mysql_exist: true, modified_at: null, rows_count: null });
    // Bookkeeping and search index tables are not offered.
    const names = core.map((t) => t.table_id);
    for (const hidden of ['schema_migrations', 'table_versions', 'meta', 'companies_search_fts', 'companies_search_fts_data', 'companies_search_short', 'sqlite_stat1']) {
      expect(names).not.toContain(hidden);
    }
    expect(names).toEqual([...names].sort());
    const medorder = await tables('medorder');
    expect(medorder.find((t) => t.table_id === 'stockable_items')).toMatchObject({ mysql_exist: true, rows_count: SEEDED_PRODUCTS });
    expect(medorder.find((t) => t.table_id === 'order_histories_2023')).toMatchObject({ mysql_exist: false });
  });

  it('refuses an unknown service and a pharmacy user, in Japanese', async () => {
    const unknown = await getJson<{ errors: string[] }>(app, `${BASE}/bigqueries/legacy`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual(['サービス名の形式が正しくありません。']);
    const res = await app.call(`${BASE}/bigqueries/core`, { token: await app.token(PHARMACY) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { errors: string[] }).errors[0]).toMatch(/[ぁ-ん]/);
  });
});

describe('copy jobs (embulks)', () => {
  it('moves a copy through every status and replaces the warehouse table with the MySQL rows', async () => {
    // Change MySQL after the seed copy, so the copy has something new to bring.
    const core = new Database(join(dir, 'core.sqlite'));
    // Companies keep versions (issue 39): their triggers call the functions every app connection has.
    registerPaperTrailFunctions(core);
    core.prepare(`UPDATE companies SET note = 'コピー後の備考 ①㈱' WHERE id = 1`).run();
    core.close();
    const before = await tableOf('core', 'companies');

    const res = await copy({ service_name: 'core', table_name: 'companies' });
    expect(res.status).toBe(200);
    const { job_id } = (await res.json()) as { job_id: string };
    expect(await jobList('?job_status=SUBMITTED')).toEqual([expect.objectContaining({ job_id, job_name: 'core.companies のコピー' })]);

    expect(await tickUntilDone(job_id)).toEqual(['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'SUCCEEDED']);
    const [job] = await jobList('?job_status=SUCCEEDED');
    expect(job).toMatchObject({ job_id, status: 'SUCCEEDED', status_reason: null });
    expect(Date.parse(job.stopped_at!)).toBeGreaterThanOrEqual(Date.parse(job.started_at!));
    expect(await jobList('?job_status=FAILED')).toEqual([]);

    const after = await tableOf('core', 'companies');
    expect(after.modified_at).toBe(clock.toISOString());
    expect(after.created_at).toBe(before.created_at);

    // Row count and checksum: the warehouse holds exactly MySQL's rows.
    const source = new Database(join(dir, 'core.sqlite'), { readonly: true });
    const sourceRows = source.prepare('SELECT * FROM companies').raw(true).all() as unknown[][];
    const columns = (source.prepare('SELECT name FROM pragma_table_info(?)').all('companies') as { name: string }[]).map((c) => c.name);
    source.close();
    const { warehouse } = app.environments.production;
    const copied = (await warehouse.query(`SELECT ${columns.map(quoteIdentifier).join(', ')} FROM core.companies`)).map((r) => columns.map((c) => r[c]));
    expect(after.rows_count).toBe(sourceRows.length);
    expect(copied).toHaveLength(sourceRows.length);
    expect(checksum(copied)).toBe(checksum(sourceRows));
    expect(copied.some((row) => row.includes('コピー後の備考 ①㈱'))).toBe(true);
  });

  it('copies a table never copied before, and a second copy replaces instead of appending', async () => {
    expect((await tableOf('core', 'manuals')).rows_count).toBeNull();
    for (let i = 0; i < 2; i++) {
      const { job_id } = (await (await copy({ service_name: 'core', table_name: 'manuals' })).json()) as { job_id: string };
      expect((await tickUntilDone(job_id)).at(-1)).toBe('SUCCEEDED');
    }
    const manuals = await tableOf('core', 'manuals');
    expect(manuals.rows_count).toBe(33);
    const [{ n }] = await app.environments.production.warehouse.query('SELECT count(*) AS n FROM core.manuals');
    expect(Number(n)).toBe(33);
  });

  it('keeps every value of a table whose columns hold mixed kinds, 64-bit integers exactly', async () => {
    const core = new Database(join(dir, 'core.sqlite'));
    core.exec(`CREATE TABLE "mixed ""values"" x" (id INTEGER PRIMARY KEY, amount INTEGER, ratio REAL, data BLOB, big INTEGER)`);
    core.exec('CREATE TABLE mixed_values (id INTEGER PRIMARY KEY, amount INTEGER, ratio REAL, data BLOB, big INTEGER)');
    const insert = core.prepare('INSERT INTO mixed_values VALUES (@id, @amount, @ratio, @data, @big)');
    insert.safeIntegers(true);
    insert.run({ id: 1n, amount: 5n, ratio: 1.5, data: Buffer.from([0, 255]), big: 2n ** 62n + 1n });
    insert.run({ id: 2n, amount: '五', ratio: 2n, data: null, big: -(2n ** 63n) });
    insert.run({ id: 3n, amount: null, ratio: null, data: Buffer.from('薬'), big: null });
    core.close();
    // A name that would need quoting is not a table name the warehouse accepts.
    expect(await tables('core')).not.toContainEqual(expect.objectContaining({ table_id: 'mixed "values" x' }));

    const { job_id } = (await (await copy({ service_name: 'core', table_name: 'mixed_values' })).json()) as { job_id: string };
    expect((await tickUntilDone(job_id)).at(-1)).toBe('SUCCEEDED');
    const { warehouse } = app.environments.production;
    const types = await warehouse.query(
      `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = 'core' AND table_name = 'mixed_values' ORDER BY ordinal_position`,
    );
    expect(types.map((t) => `${String(t.column_name)} ${String(t.data_type)}`)).toEqual(['id BIGINT', 'amount VARCHAR', 'ratio DOUBLE', 'data BLOB', 'big BIGINT']);
    const rows = await warehouse.query('SELECT id, amount, ratio, big::VARCHAR AS big FROM core.mixed_values ORDER BY id');
    expect(rows).toEqual([
      { id: 1n, amount: '5', ratio: 1.5, big: String(2n ** 62n + 1n) },
      { id: 2n, amount: '五', ratio: 2, big: String(-(2n ** 63n)) },
      { id: 3n, amount: null, ratio: null, big: null },
    ]);
    // Logical bytes of the stored values: 8 a number, 2 + UTF-8 length a string or bytes, 0 NULL.
    const row1 = 8 + (2 + 1) + 8 + (2 + 2) + 8;
    const row2 = 8 + (2 + 3) + 8 + 0 + 8;
    const row3 = 8 + 0 + 0 + (2 + 3) + 0;
    expect(await tableOf('core', 'mixed_values')).toMatchObject({ rows_count: 3, bytes_count: row1 + row2 + row3 });
  });

  it('runs two copies started together one after the other, both complete and correct', async () => {
    const ids: string[] = [];
    for (const table_name of ['pharmacies', 'licenses']) {
      ids.push(((await (await copy({ service_name: 'core', table_name })).json()) as { job_id: string }).job_id);
    }
    const { jobs } = app.environments.production;
    // Both reach RUNNING on the same tick (the runner allows two at once).
    for (let i = 0; i < 6; i++) await jobs.tick();
    expect(ids.map((id) => jobs.get(id)!.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
    const source = new Database(join(dir, 'core.sqlite'), { readonly: true });
    for (const table of ['pharmacies', 'licenses']) {
      const { n } = source.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number };
      const [copied] = await app.environments.production.warehouse.query(`SELECT count(*) AS n FROM core.${table}`);
      expect(Number(copied.n)).toBe(n);
      expect((await tableOf('core', table)).rows_count).toBe(n);
    }
    source.close();
  });

  it('fails a job whose table left MySQL after it was queued, with the reason, and keeps the old copy', async () => {
    const { job_id } = (await (await copy({ service_name: 'medorder', table_name: 'stockable_items' })).json()) as { job_id: string };
    const before = await tableOf('medorder', 'stockable_items');
    const medorder = new Database(join(dir, 'medorder.sqlite'));
    medorder.pragma('foreign_keys = OFF');
    medorder.exec('DROP TABLE stockable_items');
    medorder.close();
    expect((await tickUntilDone(job_id)).at(-1)).toBe('FAILED');
    const [job] = await jobList('?job_status=FAILED');
    expect(job.status_reason).toBe('テーブル medorder.stockable_items はMySQLにありません。');
    expect(await tableOf('medorder', 'stockable_items')).toEqual({ ...before, mysql_exist: false });
  });

  it('marks a copy interrupted by a restart FAILED, never RUNNING, and leaves the table as it was', async () => {
    const before = await tableOf('core', 'companies');
    const { job_id } = (await (await copy({ service_name: 'core', table_name: 'companies' })).json()) as { job_id: string };
    const { jobs } = app.environments.production;
    for (let i = 0; i < 3; i++) await jobs.tick();
    expect(jobs.get(job_id)!.status).toBe('STARTING');
    app.close();
    app = startApp({ now: () => clock, jobTickMs: 0 }, dir);
    const [job] = await jobList();
    expect(job).toMatchObject({ job_id, status: 'FAILED', status_reason: JOB_MESSAGES.interrupted });
    expect(await tableOf('core', 'companies')).toEqual(before);
  });

  it('prunes jobs after 4 days', async () => {
    const { job_id } = (await (await copy({ service_name: 'core', table_name: 'groups' })).json()) as { job_id: string };
    await tickUntilDone(job_id);
    const { jobs } = app.environments.production;
    clock = new Date(clock.getTime() + 3 * 24 * 3600_000);
    await jobs.tick();
    expect(jobs.list({ kind: 'warehouse_copy' }).map((j) => j.id)).toEqual([job_id]);
    // (The token has expired by then, so the runner is asked directly.)
    clock = new Date(clock.getTime() + 24 * 3600_000 + 60_000);
    await jobs.tick();
    expect(jobs.list({ kind: 'warehouse_copy' })).toEqual([]);
  });

  it('refuses hostile and unknown input with Japanese 422s and queues nothing', async () => {
    const cases: [unknown, string][] = [
      [{ service_name: 'core', table_name: 'companies"; DROP TABLE core.companies; --' }, 'テーブル名の形式が正しくありません。'],
      [{ service_name: 'core', table_name: '../core.sqlite' }, 'テーブル名の形式が正しくありません。'],
      [{ service_name: 'core', table_name: 'no_such_table' }, 'テーブル core.no_such_table はMySQLにありません。'],
      [{ service_name: 'core', table_name: 'pharmacy_monthly_reports' }, 'テーブル core.pharmacy_monthly_reports はMySQLにありません。'],
      [{ service_name: 'core', table_name: 'schema_migrations' }, 'テーブル core.schema_migrations はMySQLにありません。'],
      [{ service_name: 'core', table_name: 'sqlite_master' }, 'テーブル core.sqlite_master はMySQLにありません。'],
      [{ service_name: 'core', table_name: 'companies_search_fts' }, 'テーブル core.companies_search_fts はMySQLにありません。'],
      [{ service_name: 'legacy', table_name: 'companies' }, 'サービス名の形式が正しくありません。'],
      [{ service_name: 'core' }, 'テーブル名を入力してください。'],
      [{ service_name: 'core', table_name: 'companies', extra: 1 }, 'extraは指定できません。'],
      [{ service_name: 'core', table_name: 42 }, 'テーブル名の形式が正しくありません。'],
    ];
    for (const [json, message] of cases) {
      const res = await copy(json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(((await res.json()) as { errors: string[] }).errors).toContain(message);
    }
    for (const body of ['[]', 'null', '{"service_name":']) {
      const res = await app.call(`${BASE}/embulks/execute_copy`, { method: 'POST', token: await app.token(), body });
      expect(res.status, body).toBe(422);
    }
    const badStatus = await getJson<{ errors: string[] }>(app, `${BASE}/embulks?job_status=DONE`);
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors).toEqual(['ジョブの状態の形式が正しくありません。']);
    expect(await jobList()).toEqual([]);
    expect((await tableOf('core', 'companies')).rows_count).toBe(40);
  });
});

describe('warehouse file', () => {
  it('is opened only when the warehouse is first used, so other screens pay nothing for it', async () => {
    const other = tempDir();
    const fresh = startApp({ now: () => clock, jobTickMs: 0 }, other);
    try {
      const { existsSync } = await import('node:fs');
      await fresh.call('/core/api/v2/admin/companies', { token: await fresh.token() });
      expect(existsSync(join(other, 'warehouse.duckdb'))).toBe(false);
      await getJson(fresh, `${BASE}/bigqueries/core`);
      expect(existsSync(join(other, 'warehouse.duckdb'))).toBe(true);
    } finally {
      fresh.dispose();
    }
  });
});
