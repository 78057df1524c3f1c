import type Database from 'better-sqlite3';
import { storedColumns } from './paperTrail';

/** The connection type open.ts names DB, spelt here so the two files do not import each other. */
type DB = Database.Database;

/*
 * An id is never given twice (issue 37). A table whose id is a plain `INTEGER PRIMARY KEY` gets
 * max(id)+1 for a new row, so once its newest row is deleted the next record takes the deleted
 * one's id: a link, an ETag or a change history (issue 39's versions name records by id) of the
 * deleted record then names the new one. `INTEGER PRIMARY KEY AUTOINCREMENT` counts on from the
 * highest id it ever gave (sqlite_sequence). SQLite cannot add AUTOINCREMENT to a table in place,
 * so an older table is rebuilt by its documented procedure
 * (https://www.sqlite.org/lang_altertable.html#otheralter): foreign keys off outside the
 * transaction; in it, a new table from the old one's CREATE, the rows copied, the old one dropped,
 * the new one renamed, its indexes and triggers made again, and `foreign_key_check` clean.
 */

/** One row of `PRAGMA foreign_key_check`: a row of `table` whose reference to `parent` finds nothing. */
interface BrokenReference {
  table: string;
  rowid: number | null;
  parent: string;
  fkid: number;
}

/**
 * Runs `work` in one transaction with foreign keys off (so dropping a table others refer to runs
 * none of their ON DELETE actions), committed only when `PRAGMA foreign_key_check` finds no
 * broken reference (otherwise it rolls back and throws); then the foreign keys are on again if
 * they were. The pragma is a no-op inside a transaction, so this refuses to run inside one: a
 * caller that is in one could not have the foreign keys off that it relies on.
 */
export function withForeignKeysOff(db: DB, work: () => void): void {
  if (db.inTransaction) throw new Error('foreign keys cannot be turned off inside a transaction: run this step outside one');
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      work();
      const broken = db.pragma('foreign_key_check') as BrokenReference[];
      if (broken.length > 0) {
        // A table WITHOUT ROWID (a membership keyed by its two ids) names no rowid.
        const shown = broken.slice(0, 5).map((r) => `${r.table}${r.rowid === null ? '' : ` rowid ${r.rowid}`} → ${r.parent}`).join(', ');
        throw new Error(`foreign_key_check found ${broken.length} broken reference(s) (${shown}); nothing was changed`);
      }
    })();
  } finally {
    // As it was: on for every connection the services open (server/db/open.ts).
    if (enforced) db.pragma('foreign_keys = ON');
  }
}

const exists = (db: DB, name: string) => db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = @name").get({ name }) !== undefined;

/**
 * The highest id `table` ever gave: its rows', and those of its deleted rows that left a trace,
 * the ETag counters (`row_versions`) and the change history (`versions`, by `itemType`).
 */
export function highestIdGiven(db: DB, table: string, itemType?: string): number {
  const ids = [(db.prepare(`SELECT MAX(id) AS id FROM "${table}"`).get() as { id: number | null }).id];
  if (exists(db, 'row_versions')) ids.push((db.prepare('SELECT MAX(row_id) AS id FROM row_versions WHERE table_name = @table').get({ table }) as { id: number | null }).id);
  if (itemType && exists(db, 'versions')) ids.push((db.prepare('SELECT MAX(item_id) AS id FROM versions WHERE item_type = @itemType').get({ itemType }) as { id: number | null }).id);
  return Math.max(0, ...ids.map((id) => id ?? 0));
}

export const isAutoincrement = (db: DB, table: string): boolean => {
  const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = @table").get({ table }) as { sql: string } | undefined;
  if (!row) throw new Error(`${table}: no such table`);
  return /\bAUTOINCREMENT\b/i.test(row.sql);
};

/** Whether any table's foreign key names `table` (its own included). */
const referredTo = (db: DB, table: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master m, pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f.\"table\" = @table").get({ table }) !== undefined;

const ID_COLUMN = /\bid\s+INTEGER\s+PRIMARY\s+KEY\b/gi;

/**
 * Rebuilds `table` (an `id INTEGER PRIMARY KEY`) as `id INTEGER PRIMARY KEY AUTOINCREMENT` with
 * every row, column, index and trigger as it was, and its counter at `highestGiven` (or its
 * highest row, if higher), so no id it gave before is given again. A table that is
 * AUTOINCREMENT already only has its counter raised. When other tables refer to it, run it
 * inside `withForeignKeysOff`, or dropping it would run their ON DELETE actions: it refuses
 * otherwise.
 */
export function rebuildWithAutoincrement(db: DB, table: string, highestGiven: number): void {
  if (!isAutoincrement(db, table)) {
    if (referredTo(db, table) && db.pragma('foreign_keys', { simple: true }) !== 0) {
      throw new Error(`${table}: other tables refer to it; rebuild it inside withForeignKeysOff`);
    }
    const { sql } = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = @table").get({ table }) as { sql: string };
    const idColumns = sql.match(ID_COLUMN) ?? [];
    if (idColumns.length !== 1) throw new Error(`${table}: expected one "id INTEGER PRIMARY KEY" in its CREATE, found ${idColumns.length}`);
    const rebuilt = `${table}_rebuilt`;
    const createSql = sql
      .replace(/^CREATE TABLE\s+(?:"[^"]+"|\w+)\s*\(/i, `CREATE TABLE "${rebuilt}" (`)
      .replace(ID_COLUMN, 'id INTEGER PRIMARY KEY AUTOINCREMENT');
    // Dropping the table drops its indexes and triggers: kept here, made again as they were, in
    // their order of creation (the order triggers of one event fire in).
    const dependents = db
      .prepare("SELECT sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND tbl_name = @table AND sql IS NOT NULL ORDER BY rowid")
      .all({ table }) as { sql: string }[];
    // Generated columns are computed again, not copied.
    const columns = storedColumns(db, table).map((c) => `"${c}"`).join(', ');
    db.exec(createSql);
    db.exec(`INSERT INTO "${rebuilt}" (${columns}) SELECT ${columns} FROM "${table}"`);
    db.exec(`DROP TABLE "${table}"`);
    // Other tables' triggers name the table (a count kept on it, its name copied into theirs):
    // between the drop and the rename they name nothing, which the rename refuses unless it
    // leaves their text alone (legacy_alter_table). After it they name the rebuilt table.
    const legacy = db.pragma('legacy_alter_table', { simple: true });
    db.pragma('legacy_alter_table = ON');
    try {
      db.exec(`ALTER TABLE "${rebuilt}" RENAME TO "${table}"`);
    } finally {
      db.pragma(`legacy_alter_table = ${legacy ? 'ON' : 'OFF'}`);
    }
    for (const { sql: dependent } of dependents) db.exec(dependent);
  }
  // The copy set the counter to the highest row; it counts on from the highest id ever given (never back).
  const counted = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = @table').get({ table }) as { seq: number } | undefined;
  const highestRow = (db.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM "${table}"`).get() as { id: number }).id;
  const seq = Math.max(highestGiven, highestRow, counted?.seq ?? 0);
  db.prepare('DELETE FROM sqlite_sequence WHERE name = @table').run({ table });
  db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (@table, @seq)').run({ table, seq });
}
