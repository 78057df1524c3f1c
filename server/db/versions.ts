import type { DB } from './open';

/**
 * Per-table "last changed" times backing the `x-last-updated` header. Every mutation bumps the
 * tables it touched (deletes included, which a MAX(updated_at) would miss).
 */
export const tableVersionsSql = `CREATE TABLE IF NOT EXISTS table_versions (table_name TEXT PRIMARY KEY, updated_at TEXT NOT NULL);`;

export function bumpTables(db: DB, at: string, ...tables: string[]): void {
  const stmt = db.prepare(
    `INSERT INTO table_versions (table_name, updated_at) VALUES (?, ?)
     ON CONFLICT(table_name) DO UPDATE SET updated_at = MAX(updated_at, excluded.updated_at)`,
  );
  for (const t of tables) stmt.run(t, at);
}

/** Latest change time over the given tables (ISO string), or undefined when never recorded. */
export function tablesVersion(db: DB, ...tables: string[]): string | undefined {
  const placeholders = tables.map(() => '?').join(',');
  const row = db
    .prepare(`SELECT MAX(updated_at) AS v FROM table_versions WHERE table_name IN (${placeholders})`)
    .get(...tables) as { v: string | null };
  return row.v ?? undefined;
}
