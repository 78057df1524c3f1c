import Database from 'better-sqlite3';
import type { DB } from '../db/open';
import { warehouseType, type StorageClassCounts, type WarehouseType } from './columnTypes';

/*
 * The "MySQL" side of the warehouse: a service's own SQLite tables. Only tables that hold the
 * service's data can be copied; the bookkeeping tables (migrations, change counters, SQLite's
 * statistics) and the search indexes derived from other tables are not offered.
 */

const BOOKKEEPING = new Set(['meta', 'schema_migrations', 'table_versions']);
/** A name the warehouse accepts as an identifier (BigQuery's table id rules, ASCII only). */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** `"name"` with any quote doubled: identifiers are quoted even after the whitelist check. */
export const quoteIdentifier = (name: string): string => `"${name.replaceAll('"', '""')}"`;

/** The copyable tables of a service's database, by name. */
export function sourceTables(db: DB): string[] {
  const rows = db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string; sql: string | null }[];
  const virtual = rows.filter((r) => /^CREATE VIRTUAL TABLE/i.test(r.sql ?? '')).map((r) => r.name);
  return rows
    .map((r) => r.name)
    .filter((name) => TABLE_NAME.test(name))
    .filter((name) => !name.startsWith('sqlite_') && !BOOKKEEPING.has(name))
    .filter((name) => !name.endsWith('_search_short'))
    .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)));
}

export interface SourceColumn {
  name: string;
  type: WarehouseType;
}

export interface SourceReader {
  /** Column names in table order. */
  names: string[];
  /** The rows in chunks (the table's scan order), integers as bigint; each call reads the snapshot anew. */
  chunks(): Generator<unknown[][]>;
  close(): void;
}

/**
 * Opens one consistent snapshot of a table of the service's database file on a read-only
 * connection of its own (the databases are in WAL mode), so the copy (on the warehouse's worker
 * thread) reads it in chunks while the service goes on writing through its own connection.
 * `table` must come from `sourceTables`; call `close()` when done.
 */
export function openSourceTable(file: string, table: string, chunkRows: number): SourceReader {
  const reader = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // One read transaction: every pass over the rows sees the same snapshot.
    reader.exec('BEGIN');
    const names = (reader.prepare('SELECT name FROM pragma_table_info(@table) ORDER BY cid').all({ table }) as { name: string }[]).map((c) => c.name);
    if (names.length === 0) throw new Error(`テーブル ${table} の列が見つかりません。`);
    const select = reader.prepare(`SELECT ${names.map(quoteIdentifier).join(', ')} FROM ${quoteIdentifier(table)}`).raw(true).safeIntegers(true);
    return {
      names,
      *chunks() {
        let chunk: unknown[][] = [];
        for (const row of select.iterate() as IterableIterator<unknown[]>) {
          chunk.push(row);
          if (chunk.length === chunkRows) {
            yield chunk;
            chunk = [];
          }
        }
        if (chunk.length > 0) yield chunk;
      },
      close: () => reader.close(),
    };
  } catch (error) {
    reader.close();
    throw error;
  }
}

/** SQLite's storage class of a value as better-sqlite3 hands it over with safe integers on. */
const storageClassOf = (value: unknown): keyof StorageClassCounts | null =>
  value === null ? null : typeof value === 'bigint' ? 'integer' : typeof value === 'number' ? 'real' : typeof value === 'string' ? 'text' : 'blob';

/** Each column's warehouse type from the values found: a first pass over the snapshot, pausing between chunks. */
export async function sourceColumns(source: SourceReader, pause: () => Promise<unknown>): Promise<SourceColumn[]> {
  const counts = source.names.map((): StorageClassCounts => ({ integer: 0, real: 0, text: 0, blob: 0 }));
  for (const chunk of source.chunks()) {
    for (const row of chunk) {
      for (let c = 0; c < counts.length; c++) {
        const kind = storageClassOf(row[c]);
        if (kind) counts[c][kind] += 1;
      }
    }
    await pause();
  }
  return source.names.map((name, c) => ({ name, type: warehouseType(counts[c]) }));
}
