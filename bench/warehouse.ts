/**
 * The warehouse copy job's figures (issue 14), measured side by side in one run:
 * - a copy job of a 60,000-row table (integers, reals, Japanese text, NULLs) from SQLite into the
 *   DuckDB warehouse, through the job runner and the warehouse's own copy: run time and rows/s;
 * - the same rows copied SQLite to SQLite (read all, one prepared INSERT in a transaction into a
 *   fresh file), the plainest copy there is, as the ratio's denominator.
 * Medians of 3 runs each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createJobRunner, openJobsDb } from '../server/jobs/runner';
import { createWarehouse } from '../server/warehouse/warehouse';

const ROWS = 60_000;
const RUNS = 3;
const TABLE = 'bench_stock_logs';
const COLUMNS = 'id INTEGER PRIMARY KEY, pharmacy_id INTEGER NOT NULL, yj_code TEXT NOT NULL, quantity REAL, note TEXT, logged_at TEXT NOT NULL';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function seedSource(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE ${TABLE} (${COLUMNS})`);
  const insert = db.prepare(`INSERT INTO ${TABLE} VALUES (@id, @pharmacy, @yj, @quantity, @note, @at)`);
  db.transaction(() => {
    for (let i = 1; i <= ROWS; i++) {
      insert.run({
        id: i,
        pharmacy: (i % 300) + 1,
        yj: `1124003F${String(2230 + (i % 500)).padStart(4, '0')}`,
        quantity: i % 7 === 0 ? null : (i % 97) / 4,
        note: i % 3 === 0 ? null : `調剤 ${i}件目 ①㈱`,
        at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      });
    }
  })();
  return db;
}

/** SQLite to SQLite: every row read into JS, then inserted by one prepared statement in one transaction. */
function plainCopy(source: Database.Database, file: string): number {
  const start = performance.now();
  const target = new Database(file);
  target.pragma('journal_mode = WAL');
  target.exec(`CREATE TABLE ${TABLE} (${COLUMNS})`);
  const rows = source.prepare(`SELECT * FROM ${TABLE}`).raw(true).all() as unknown[][];
  const insert = target.prepare(`INSERT INTO ${TABLE} VALUES (?, ?, ?, ?, ?, ?)`);
  target.transaction(() => {
    for (const row of rows) insert.run(row);
  })();
  const copied = (target.prepare(`SELECT COUNT(*) AS n FROM ${TABLE}`).get() as { n: number }).n;
  target.close();
  if (copied !== ROWS) throw new Error(`plain copy wrote ${copied} rows`);
  return performance.now() - start;
}

export async function runWarehouseBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-warehouse-'));
  const source = seedSource(join(dir, 'core.sqlite'));
  const jobsDb = openJobsDb(dir);
  const jobs = createJobRunner({ db: jobsDb, now: () => new Date() });
  const warehouse = createWarehouse({ file: join(dir, 'warehouse.duckdb'), projectId: 'bench', sources: { core: source, medorder: source }, now: () => new Date(), seed: false });
  try {
    let handlerMs = 0;
    jobs.register('warehouse_copy', async () => {
      const start = performance.now();
      const result = await warehouse.copy('core', TABLE);
      handlerMs = performance.now() - start;
      return result;
    });
    const jobRuns: number[] = [];
    const plainRuns: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run++) {
      const id = jobs.submit('warehouse_copy', {}, { name: `core.${TABLE} のコピー` });
      for (let i = 0; i < 10 && !['SUCCEEDED', 'FAILED'].includes(jobs.get(id)!.status); i++) await jobs.tick();
      const job = jobs.get(id)!;
      if (job.status !== 'SUCCEEDED') throw new Error(`copy job ${job.status}: ${job.statusReason}`);
      const result = job.result as { rows: number; bytes: number };
      if (result.rows !== ROWS) throw new Error(`copy job wrote ${result.rows} rows`);
      bytes = result.bytes;
      jobRuns.push(handlerMs);
      plainRuns.push(plainCopy(source, join(dir, `plain-${run}.sqlite`)));
    }
    const [{ n }] = await warehouse.query(`SELECT count(*) AS n FROM core.${TABLE}`);
    if (Number(n) !== ROWS) throw new Error(`warehouse holds ${String(n)} rows`);
    const job = median(jobRuns);
    const plain = median(plainRuns);
    console.log(`\nwarehouse copy job of a ${ROWS.toLocaleString()}-row table (${(bytes / 1024 / 1024).toFixed(1)} MB logical), medians of ${RUNS}`);
    console.log(`  copy job (SQLite → DuckDB, replace):    ${job.toFixed(0)} ms, ${Math.round((ROWS / job) * 1000).toLocaleString()} rows/s`);
    console.log(`  plain SQLite → SQLite copy:             ${plain.toFixed(0)} ms, ${Math.round((ROWS / plain) * 1000).toLocaleString()} rows/s`);
    console.log(`  ratio (copy job / plain copy):          ${(job / plain).toFixed(2)}`);
  } finally {
    warehouse.close();
    jobs.stop();
    jobsDb.close();
    source.close();
    // Let the warehouse finish closing before its file goes.
    await new Promise((resolve) => setImmediate(resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}
