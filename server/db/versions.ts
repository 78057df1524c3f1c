import type { DB } from './open';
import { cachedStatement } from './statements';

/**
 * Per-table change bookkeeping behind `x-last-updated` and the list count caches, kept by SQLite
 * triggers (`versionTriggersSql`) so no handler has to remember it: every insert, update or
 * delete raises `version` by one and moves `updated_at` forward. `updated_at` is the changed
 * row's own `updated_at` (the service clock) when the table has one, else SQLite's clock, and is
 * strictly increasing (at least 1 ms after the previous value) so a client that saw the old
 * value never gets a 304 for the new state.
 */
export const tableVersionsSql = `CREATE TABLE IF NOT EXISTS table_versions (
  table_name TEXT PRIMARY KEY, updated_at TEXT NOT NULL, version INTEGER NOT NULL DEFAULT 0);`;

/** Adds the `version` counter to a table_versions created before it existed. */
export function addVersionCounter(db: DB): void {
  const columns = db.prepare('PRAGMA table_info(table_versions)').all() as { name: string }[];
  if (!columns.some((c) => c.name === 'version')) db.exec('ALTER TABLE table_versions ADD COLUMN version INTEGER NOT NULL DEFAULT 0');
}

const SQL_NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

function bumpSql(table: string, stamp: string): string {
  return `INSERT INTO table_versions (table_name, updated_at, version) VALUES ('${table}', ${stamp}, 1)
    ON CONFLICT(table_name) DO UPDATE SET version = version + 1,
      updated_at = MAX(excluded.updated_at, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'));`;
}

/** Triggers that keep `table`'s row in table_versions; `stampColumn` names its updated_at column. */
export function versionTriggersSql(table: string, stampColumn?: string): string {
  const stamp = (row: 'NEW' | 'OLD') => (stampColumn && row === 'NEW' ? `COALESCE(NEW.${stampColumn}, ${SQL_NOW})` : SQL_NOW);
  return `
    CREATE TRIGGER ${table}_version_insert AFTER INSERT ON ${table} BEGIN ${bumpSql(table, stamp('NEW'))} END;
    CREATE TRIGGER ${table}_version_update AFTER UPDATE ON ${table} BEGIN ${bumpSql(table, stamp('NEW'))} END;
    CREATE TRIGGER ${table}_version_delete AFTER DELETE ON ${table} BEGIN ${bumpSql(table, stamp('OLD'))} END;`;
}

/**
 * Records a bulk-seeded table's version as its newest row's `stampColumn` (or `fallback`): a
 * seed runs before the triggers exist or would drift them by a millisecond per row.
 */
export function restampTable(db: DB, table: string, stampColumn: string | undefined, fallback: string): void {
  const newest = stampColumn
    ? (db.prepare(`SELECT MAX(${stampColumn}) AS v FROM ${table}`).get() as { v: string | null }).v
    : null;
  db.prepare(
    `INSERT INTO table_versions (table_name, updated_at, version) VALUES (@table, @updatedAt, 1)
     ON CONFLICT(table_name) DO UPDATE SET updated_at = excluded.updated_at, version = version + 1`,
  ).run({ table, updatedAt: newest ?? fallback });
}

export interface TablesState {
  /** Latest change time over the tables (ISO string), undefined when never recorded. */
  updatedAt: string | undefined;
  /** Identifies the tables' contents: changes whenever any of them changes. */
  key: string;
}

/** The change state of the given tables in one query. */
export function tablesState(db: DB, tables: readonly string[]): TablesState {
  const statement = cachedStatement(db, `SELECT table_name, updated_at, version FROM table_versions WHERE table_name IN (${tables.map(() => '?').join(', ')})`);
  const rows = statement.all(...tables) as { table_name: string; updated_at: string; version: number }[];
  let updatedAt: string | undefined;
  for (const r of rows) if (!updatedAt || r.updated_at > updatedAt) updatedAt = r.updated_at;
  return { updatedAt, key: rows.map((r) => `${r.table_name}:${r.version}`).sort().join(',') };
}

/** Latest change time over the given tables (ISO string), or undefined when never recorded. */
export function tablesVersion(db: DB, ...tables: string[]): string | undefined {
  return tablesState(db, tables).updatedAt;
}

/**
 * One record of a table whose writes are conditional (ETag / If-Match, shared/conditionalWrite.ts):
 * where its detail lives (`path`, a Hono path with `:id`) and the table row behind it.
 */
export interface VersionedRecord {
  path: string;
  table: string;
  /** The column `:id` names (default `id`). */
  idColumn?: string;
  /** The column every write of the record sets (default `updated_at`). */
  stampColumn?: string;
}

/**
 * Per-record versions (issue 36 item 10): an HTTP-date has whole seconds, so two writes within
 * one second could not be told apart by If-Unmodified-Since; a counter resolves every write. Kept
 * by triggers so no handler has to remember it, in one side table (the records' own columns and
 * answers stay as they are). A write is an UPDATE that sets the stamp column (a view count does
 * not, and is no new version); a delete raises it too, so a record created later under the same
 * id never matches an ETag of the deleted one. A row never written since is at version 0.
 */
export function rowVersionsSql(records: readonly VersionedRecord[]): string {
  const bump = (table: string, id: string) => `INSERT INTO row_versions (table_name, row_id, version) VALUES ('${table}', ${id}, 1)
      ON CONFLICT (table_name, row_id) DO UPDATE SET version = version + 1;`;
  return `
    CREATE TABLE IF NOT EXISTS row_versions (
      table_name TEXT NOT NULL, row_id INTEGER NOT NULL, version INTEGER NOT NULL,
      PRIMARY KEY (table_name, row_id)) WITHOUT ROWID;
    ${records
      .map(({ table, idColumn = 'id', stampColumn = 'updated_at' }) => `
    CREATE TRIGGER ${table}_row_version_update AFTER UPDATE OF ${stampColumn} ON ${table} BEGIN ${bump(table, `NEW.${idColumn}`)} END;
    CREATE TRIGGER ${table}_row_version_delete AFTER DELETE ON ${table} BEGIN ${bump(table, `OLD.${idColumn}`)} END;`)
      .join('')}`;
}

/** The record's version (0 when never written since) and stamp, or undefined when there is no such row. */
export function rowVersion(db: DB, record: Omit<VersionedRecord, 'path'>, id: number): { version: number; stamp: string | null } | undefined {
  const { table, idColumn = 'id', stampColumn = 'updated_at' } = record;
  const stmt = cachedStatement(
    db,
    `SELECT COALESCE(v.version, 0) AS version, t.${stampColumn} AS stamp FROM ${table} t
       LEFT JOIN row_versions v ON v.table_name = '${table}' AND v.row_id = t.${idColumn} WHERE t.${idColumn} = @id`,
  );
  return stmt.get({ id }) as { version: number; stamp: string | null } | undefined;
}
