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

export interface SourceSnapshot {
  columns: SourceColumn[];
  /** Every row (in the table's scan order), integers as bigint. */
  rows: unknown[][];
}

/**
 * Reads a whole table at once: one consistent snapshot, and the connection is free again before
 * the warehouse side starts (better-sqlite3 allows no other statement while an iterator is open).
 * `table` must come from `sourceTables`.
 */
export function readSourceTable(db: DB, table: string): SourceSnapshot {
  const names = (db.prepare('SELECT name FROM pragma_table_info(@table) ORDER BY cid').all({ table }) as { name: string }[]).map((c) => c.name);
  if (names.length === 0) throw new Error(`テーブル ${table} の列が見つかりません。`);
  const quoted = `FROM ${quoteIdentifier(table)}`;
  const counts = names.flatMap((name) =>
    ['integer', 'real', 'text', 'blob'].map((storage) => `SUM(typeof(${quoteIdentifier(name)}) = '${storage}')`),
  );
  const read = db.transaction(() => {
    const totals = db.prepare(`SELECT ${counts.join(', ')} ${quoted}`).raw(true).get() as (number | null)[];
    const rows = db.prepare(`SELECT ${names.map(quoteIdentifier).join(', ')} ${quoted}`).raw(true).safeIntegers(true).all() as unknown[][];
    return { totals, rows };
  });
  const { totals, rows } = read();
  const columns = names.map((name, i) => {
    const [integer, real, text, blob] = totals.slice(i * 4, i * 4 + 4).map((n) => Number(n ?? 0));
    return { name, type: warehouseType({ integer, real, text, blob } satisfies StorageClassCounts) };
  });
  return { columns, rows };
}
