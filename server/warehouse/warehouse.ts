import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { DuckDBInstance, type DuckDBAppender, type DuckDBConnection, type DuckDBValue } from '@duckdb/node-api';
import type { DB } from '../db/open';
import { logicalBytes, toWarehouseValue, type SourceValue, type WarehouseType } from './columnTypes';
import { WAREHOUSE_DATASETS, type CopyResult, type WarehouseDataset } from './datasets';
import { seedWarehouse } from './seed';
import { openSourceTable, quoteIdentifier, sourceColumns, sourceTables } from './sourceTables';

/*
 * The data warehouse, standing in for BigQuery: one embedded DuckDB file per environment
 * (`{dir}/warehouse.duckdb`), a schema per dataset (the service the rows come from), and a
 * bookkeeping table with what BigQuery's table metadata gives (created, modified, bytes, rows),
 * written in the same transaction as the rows it describes.
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
  query(sql: string, params?: Record<string, DuckDBValue>): Promise<Record<string, unknown>[]>;
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

const META = 'warehouse_meta.tables';
/** Rows read and appended between two yields to the event loop, so requests are served during a copy. */
const ROWS_PER_SLICE = 1000;
/** The longest the copy keeps the request thread before letting other requests in. */
const YIELD_AFTER_MS = 8;

interface Connections {
  instance: DuckDBInstance;
  /** Copies write through their own connection, so a listing never sees an unfinished one. */
  writer: DuckDBConnection;
  reader: DuckDBConnection;
}

const num = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** Appends the value as its column stores it; answers the stored value's logical bytes. */
function append(appender: DuckDBAppender, type: WarehouseType, value: SourceValue): number {
  const stored = toWarehouseValue(type, value);
  if (stored === null) appender.appendNull();
  else if (type === 'BIGINT') appender.appendBigInt(stored as bigint);
  else if (type === 'DOUBLE') appender.appendDouble(stored as number);
  else if (type === 'BLOB') appender.appendBlob(stored as Uint8Array);
  else appender.appendVarchar(stored as string);
  return logicalBytes(stored);
}

export function createWarehouse(options: WarehouseOptions): Warehouse {
  const { sources, now, projectId } = options;
  let opening: Promise<Connections> | undefined;
  let closed = false;
  // One copy at a time: two jobs replacing tables in one file would conflict.
  let copies: Promise<unknown> = Promise.resolve();

  const open = (): Promise<Connections> =>
    (opening ??= (async () => {
      const instance = await DuckDBInstance.create(options.file);
      const writer = await instance.connect();
      const reader = await instance.connect();
      const existing = await reader.runAndReadAll(`SELECT count(*) AS n FROM duckdb_tables() WHERE schema_name = 'warehouse_meta'`);
      const fresh = Number(existing.getRowObjects()[0].n) === 0;
      await writer.run('CREATE SCHEMA IF NOT EXISTS warehouse_meta');
      for (const dataset of WAREHOUSE_DATASETS) await writer.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(dataset)}`);
      await writer.run(`CREATE TABLE IF NOT EXISTS ${META} (
        dataset_id VARCHAR NOT NULL, table_id VARCHAR NOT NULL, created_at VARCHAR NOT NULL, modified_at VARCHAR NOT NULL,
        bytes_count BIGINT NOT NULL, rows_count BIGINT NOT NULL, PRIMARY KEY (dataset_id, table_id))`);
      const connections = { instance, writer, reader };
      if (fresh && options.seed !== false) {
        await seedWarehouse({ writer, copy: (d, t, at) => copyWith(connections, d, t, at), has: whitelisted, now });
      }
      return connections;
    })());

  const whitelisted = (dataset: WarehouseDataset, table: string): boolean =>
    (WAREHOUSE_DATASETS as readonly string[]).includes(dataset) && sourceTables(sources[dataset]).includes(table);

  /** The copy itself; `at` overrides the recorded times (the seed's stale tables). */
  async function copyWith(
    { writer }: Connections,
    dataset: WarehouseDataset,
    table: string,
    at?: { createdAt: string; modifiedAt: string },
  ): Promise<CopyResult> {
    if (!whitelisted(dataset, table)) throw new Error(WAREHOUSE_MESSAGES.unknownTable(dataset, table));
    const source = openSourceTable(sources[dataset], table, ROWS_PER_SLICE);
    const target = `${quoteIdentifier(dataset)}.${quoteIdentifier(table)}`;
    let bytes = 0;
    let rows = 0;
    let began = false;
    try {
      const columns = await sourceColumns(source, yieldToEventLoop);
      await writer.run('BEGIN TRANSACTION');
      began = true;
      await writer.run(`CREATE OR REPLACE TABLE ${target} (${columns.map((c) => `${quoteIdentifier(c.name)} ${c.type}`).join(', ')})`);
      const appender = await writer.createAppender(table, dataset);
      let sliceStart = performance.now();
      for (const chunk of source.chunks()) {
        for (let r = 0; r < chunk.length; r++) {
          const row = chunk[r];
          for (let c = 0; c < columns.length; c++) bytes += append(appender, columns[c].type, row[c] as SourceValue);
          appender.endRow();
          // A wide table's slice can take longer than a request may wait: yield by time as well as by slice.
          if (r % 64 === 63 && performance.now() - sliceStart > YIELD_AFTER_MS) {
            await yieldToEventLoop();
            sliceStart = performance.now();
          }
        }
        rows += chunk.length;
        appender.flushSync();
        await yieldToEventLoop();
        sliceStart = performance.now();
      }
      appender.closeSync();
      const modifiedAt = at?.modifiedAt ?? now().toISOString();
      const previous = await writer.runAndReadAll(`SELECT created_at FROM ${META} WHERE dataset_id = $dataset AND table_id = $table`, { dataset, table });
      const createdAt = at?.createdAt ?? (previous.getRowObjects()[0]?.created_at as string | undefined) ?? modifiedAt;
      await writer.run(
        `INSERT OR REPLACE INTO ${META} VALUES ($dataset, $table, $createdAt, $modifiedAt, $bytes, $rows)`,
        { dataset, table, createdAt, modifiedAt, bytes, rows },
      );
      await writer.run('COMMIT');
      return { dataset, table, rows, bytes, modifiedAt };
    } catch (error) {
      if (began) await writer.run('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      source.close();
    }
  }

  return {
    async tables(dataset) {
      const { reader } = await open();
      const result = await reader.runAndReadAll(
        `SELECT table_id, created_at, modified_at, bytes_count, rows_count FROM ${META} WHERE dataset_id = $dataset`,
        { dataset },
      );
      const source = new Set(sourceTables(sources[dataset]));
      const copied = result.getRowObjects().map((row): WarehouseTable => ({
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
        return copyWith(await open(), dataset, table);
      });
      copies = run.catch(() => undefined);
      return run;
    },

    async query(sql, params) {
      const { reader } = await open();
      return (await reader.runAndReadAll(sql, params)).getRowObjectsJS() as Record<string, unknown>[];
    },

    close() {
      closed = true;
      // After the copy under way (if any) has committed or rolled back; queued ones refuse to start.
      void copies.then(() => opening).then((connections) => {
        if (!connections) return;
        connections.writer.closeSync();
        connections.reader.closeSync();
        connections.instance.closeSync();
      }, () => undefined);
    },
  };
}
