import type { DB } from '../db/open';
import { runOffThread } from '../jobs/offThread';
import { WAREHOUSE_DATASETS, type CopyResult, type WarehouseDataset, type WarehouseParams } from './datasets';
import { sourceTables } from './sourceTables';
import type { WarehouseFile } from './warehouseTask';

/*
 * The data warehouse, standing in for BigQuery: one embedded DuckDB file per environment
 * (`{dir}/warehouse.duckdb`), a schema per dataset (the service the rows come from), and a
 * bookkeeping table with what BigQuery's table metadata gives (created, modified, bytes, rows),
 * written in the same transaction as the rows it describes.
 *
 * The file is the warehouse job process's (warehouseTask.ts): copies, listings and queries are
 * tasks sent there, so a copy's synchronous DuckDB work never holds the request thread (issue 22
 * item 7). What the service's own databases answer (the whitelist) stays here.
 */

export const WAREHOUSE_MESSAGES = {
  unknownTable: (dataset: string, table: string) => `テーブル ${dataset}.${table} はMySQLにありません。`,
} as const;

export interface WarehouseTable {
  projectId: string;
  datasetId: WarehouseDataset;
  tableId: string;
  /** ISO instants; null while the table has never been copied. */
  createdAt: string | null;
  modifiedAt: string | null;
  bytesCount: number | null;
  rowsCount: number | null;
  /** The table exists in the service's own database ("MySQL"), so it can be copied. */
  mysqlExist: boolean;
}

export interface Warehouse {
  /** The warehouse's tables of a dataset and the service's tables not copied yet, by table id. */
  tables(dataset: WarehouseDataset): Promise<WarehouseTable[]>;
  /** Names the service's database can copy (the whitelist every table name is checked against). */
  sourceTables(dataset: WarehouseDataset): string[];
  /** Replaces the warehouse table with the service table's rows, all or nothing. */
  copy(dataset: WarehouseDataset, table: string): Promise<CopyResult>;
  /** Reads the warehouse (tests and the bench compare what a copy wrote). */
  query(sql: string, params?: WarehouseParams): Promise<Record<string, unknown>[]>;
  close(): void;
}


export interface WarehouseOptions {
  file: string;
  projectId: string;
  sources: Record<WarehouseDataset, DB>;
  now: () => Date;
  /** Seed a new file (default true): a few copies, some stale, and tables MySQL no longer has. */
  seed?: boolean;
}


const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Closes under way, by file: an environment opened again on the same directory waits for the old one's close. */
const closing = new Map<string, Promise<unknown>>();

export function createWarehouse(options: WarehouseOptions): Warehouse {
  const { sources, now, projectId } = options;
  let used = false;
  let closed = false;
  // One copy at a time: two jobs replacing tables in one file would conflict.
  let copies: Promise<unknown> = Promise.resolve();

  /** The file as a task names it, after any earlier close of it has finished. */
  const target = async (): Promise<WarehouseFile> => {
    await closing.get(options.file);
    used = true;
    return {
      file: options.file,
      sources: { core: sources.core.name, medorder: sources.medorder.name },
      seed: options.seed !== false,
      now: now().toISOString(),
    };
  };

  const whitelisted = (dataset: WarehouseDataset, table: string): boolean =>
    (WAREHOUSE_DATASETS as readonly string[]).includes(dataset) && sourceTables(sources[dataset]).includes(table);

  return {
    async tables(dataset) {
      const rows = await runOffThread<Record<string, unknown>[]>('warehouseTables', { ...(await target()), dataset });
      const source = new Set(sourceTables(sources[dataset]));
      const copied = rows.map((row): WarehouseTable => ({
        projectId,
        datasetId: dataset,
        tableId: String(row.table_id),
        createdAt: String(row.created_at),
        modifiedAt: String(row.modified_at),
        bytesCount: num(row.bytes_count),
        rowsCount: num(row.rows_count),
        mysqlExist: source.has(String(row.table_id)),
      }));
      const names = new Set(copied.map((t) => t.tableId));
      const notCopied = [...source].filter((name) => !names.has(name)).map((tableId): WarehouseTable => ({
        projectId, datasetId: dataset, tableId, createdAt: null, modifiedAt: null, bytesCount: null, rowsCount: null, mysqlExist: true,
      }));
      return [...copied, ...notCopied].sort((a, b) => (a.tableId < b.tableId ? -1 : a.tableId > b.tableId ? 1 : 0));
    },

    sourceTables: (dataset) => sourceTables(sources[dataset]),

    copy(dataset, table) {
      const run = copies.then(async () => {
        if (closed) throw new Error('warehouse closed');
        // Checked when the copy starts, not when it was queued: the table may have left MySQL since.
        if (!whitelisted(dataset, table)) throw new Error(WAREHOUSE_MESSAGES.unknownTable(dataset, table));
        return runOffThread<CopyResult>('warehouseCopy', { ...(await target()), dataset, table });
      });
      copies = run.catch(() => undefined);
      return run;
    },

    async query(sql, params) {
      return runOffThread<Record<string, unknown>[]>('warehouseQuery', { ...(await target()), sql, params });
    },

    close() {
      closed = true;
      // After the copy under way (if any) has committed or rolled back; queued ones refuse to start.
      const { file } = options;
      const done = copies
        .then(() => (used ? runOffThread('warehouseClose', { file }) : undefined))
        .catch(() => undefined)
        .finally(() => {
          if (closing.get(file) === done) closing.delete(file);
        });
      closing.set(file, done);
    },
  };
}
