import Database from 'better-sqlite3';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { copyTable } from './copyTable';
import { seedWarehouse } from './seed';
import { quoteIdentifier, sourceTables } from './sourceTables';
import { WAREHOUSE_DATASETS, WAREHOUSE_META, type CopyResult, type WarehouseDataset, type WarehouseParams } from './datasets';

/*
 * The warehouse's side of its job process (server/jobs/offThread.ts, lane `warehouse`): this
 * process alone opens the DuckDB file. Two instances on one file do not see each other's writes,
 * so the request thread holds no connection to it and asks here instead.
 */

/** Which file, and what a first open needs (the service databases' files, the clock for the seed). */
export interface WarehouseFile {
  file: string;
  sources: Record<WarehouseDataset, string>;
  seed: boolean;
  /** The request thread's clock when the task was sent. */
  now: string;
}

interface Connections {
  instance: DuckDBInstance;
  /** Copies write through their own connection, so a listing never sees an unfinished one. */
  writer: DuckDBConnection;
  reader: DuckDBConnection;
}

const opened = new Map<string, Promise<Connections>>();

/** The service tables the seed may copy: a database at another migration may lack some. */
function copyable(sources: Record<WarehouseDataset, string>): Set<string> {
  const names = new Set<string>();
  for (const dataset of WAREHOUSE_DATASETS) {
    const db = new Database(sources[dataset], { readonly: true, fileMustExist: true });
    try {
      for (const table of sourceTables(db)) names.add(`${dataset}.${table}`);
    } finally {
      db.close();
    }
  }
  return names;
}

async function open({ file, sources, seed, now }: WarehouseFile): Promise<Connections> {
  const instance = await DuckDBInstance.create(file);
  const writer = await instance.connect();
  const reader = await instance.connect();
  const existing = await reader.runAndReadAll(`SELECT count(*) AS n FROM duckdb_tables() WHERE schema_name = 'warehouse_meta'`);
  const fresh = Number(existing.getRowObjects()[0].n) === 0;
  await writer.run('CREATE SCHEMA IF NOT EXISTS warehouse_meta');
  for (const dataset of WAREHOUSE_DATASETS) await writer.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(dataset)}`);
  await writer.run(`CREATE TABLE IF NOT EXISTS ${WAREHOUSE_META} (
    dataset_id VARCHAR NOT NULL, table_id VARCHAR NOT NULL, created_at VARCHAR NOT NULL, modified_at VARCHAR NOT NULL,
    bytes_count BIGINT NOT NULL, rows_count BIGINT NOT NULL, PRIMARY KEY (dataset_id, table_id))`);
  if (fresh && seed) {
    const has = copyable(sources);
    await seedWarehouse({
      writer,
      copy: (dataset, table, at) => copyTable(writer, sources[dataset], dataset, table, { now, at }),
      has: (dataset, table) => has.has(`${dataset}.${table}`),
      now: () => new Date(now),
    });
  }
  return { instance, writer, reader };
}

/** The file's connections, opened (and seeded if new) on first use; a failed open is tried again next time. */
function connections(target: WarehouseFile): Promise<Connections> {
  let opening = opened.get(target.file);
  if (!opening) {
    opening = open(target);
    opened.set(target.file, opening);
    opening.catch(() => opened.delete(target.file));
  }
  return opening;
}

/** The metadata rows of a dataset's copied tables, as stored. */
export async function runWarehouseTables(input: WarehouseFile & { dataset: WarehouseDataset }): Promise<Record<string, unknown>[]> {
  const { reader } = await connections(input);
  const result = await reader.runAndReadAll(
    `SELECT table_id, created_at, modified_at, bytes_count, rows_count FROM ${WAREHOUSE_META} WHERE dataset_id = $dataset`,
    { dataset: input.dataset },
  );
  return result.getRowObjectsJS() as Record<string, unknown>[];
}

/** Replaces the warehouse table with the service table's rows; the request thread keeps copies one at a time. */
export async function runWarehouseCopy(input: WarehouseFile & { dataset: WarehouseDataset; table: string }): Promise<CopyResult> {
  const { writer } = await connections(input);
  return copyTable(writer, input.sources[input.dataset], input.dataset, input.table, { now: input.now });
}

export async function runWarehouseQuery(input: WarehouseFile & { sql: string; params?: WarehouseParams }): Promise<Record<string, unknown>[]> {
  const { reader } = await connections(input);
  return (await reader.runAndReadAll(input.sql, input.params)).getRowObjectsJS() as Record<string, unknown>[];
}

/** Closes the file if it was opened; the next task on it opens it again. */
export async function runWarehouseClose({ file }: { file: string }): Promise<void> {
  const opening = opened.get(file);
  opened.delete(file);
  const open = await opening?.catch(() => undefined);
  if (!open) return;
  open.writer.closeSync();
  open.reader.closeSync();
  open.instance.closeSync();
}
