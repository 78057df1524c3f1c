import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { foldSearchKey, searchPairs } from '../../src/contract/searchText';
import { withForeignKeysOff } from './autoincrement';
import { registerPaperTrailFunctions } from './paperTrail';

export type DB = Database.Database;

export interface Migration {
  version: number;
  /** SQL, or a function for a step SQL cannot say (e.g. add a column only where it is missing). */
  up: string | ((db: DB) => void);
  /**
   * Rows this migration's tables start with, run in the migration's own transaction: a migration
   * that adds a seeded table seeds it on an existing database too, without a reset.
   */
  seed?: (db: DB) => void;
  /**
   * Runs with foreign keys off (turned off before its transaction, on again after), committed
   * only when `PRAGMA foreign_key_check` is clean: a step that drops and makes again a table
   * other tables refer to (SQLite's 12-step ALTER, `rebuildWithAutoincrement`), whose drop would
   * otherwise run their ON DELETE actions.
   */
  foreignKeysOff?: boolean;
}

/**
 * The SQL functions triggers call, which every connection registers: the search indexes'
 * (`foldSearchKey`: folded, white space dropped; `searchPairs` as a JSON array) and the record
 * versions' (paperTrail.ts).
 */
export function registerFunctions(db: DB): void {
  db.function('fold_search', { deterministic: true }, (text: unknown) => foldSearchKey(String(text ?? '')));
  db.function('search_pairs', { deterministic: true }, (text: unknown) => JSON.stringify(searchPairs(String(text ?? ''))));
  registerPaperTrailFunctions(db);
}

/**
 * Every connection's settings: WAL, foreign keys, a 5 s wait for a writer, the SQL functions, and
 * reads through a memory map of the file (up to 1 GiB of address space, not memory). Without the
 * map every page read is a read() copied into SQLite's 2 MB page cache, which a national-scale
 * search index (the pharmacies' trigrams) does not fit: measured on the 145 MB national seed, the
 * palette's searches ran 2.4-2.7x faster mapped, and the first search after a start 2.2-2.7x
 * (bench/palette.ts). The map shares the OS's cache of the file, so a worker's connection and
 * the request thread's read the same pages.
 */
function configure(db: DB): void {
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('mmap_size = 1073741824');
  registerFunctions(db);
}

/**
 * A second connection to a database another connection already migrated (a worker thread's, for
 * long work off the request thread): the same pragmas and SQL functions, no migrations.
 */
export function openConnection(file: string): DB {
  const db = new Database(file, { fileMustExist: true });
  configure(db);
  return db;
}

/**
 * Opens a SQLite file with WAL and foreign keys and applies pending migrations (recorded in
 * `schema_migrations`), each with its seed in one transaction so a crash never leaves a
 * half-migrated or half-seeded file. `seed` (older style) runs once when the file was never seeded.
 */
export function openDatabase(file: string, migrations: Migration[], seed?: (db: DB) => void): DB {
  mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  configure(db);
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`);
  const applied = new Set(
    (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version),
  );
  const record = db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (@version, @appliedAt)');
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    const apply = () => {
      if (typeof m.up === 'string') db.exec(m.up);
      else m.up(db);
      m.seed?.(db);
      record.run({ version: m.version, appliedAt: new Date().toISOString() });
    };
    if (m.foreignKeysOff) withForeignKeysOff(db, apply);
    else db.transaction(apply)();
  }
  if (seed) {
    const seeded = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get();
    if (!seeded) {
      db.transaction(() => {
        seed(db);
        db.prepare("INSERT INTO meta (key, value) VALUES ('seeded', @at)").run({ at: new Date().toISOString() });
      })();
    }
  }
  db.pragma('optimize');
  return db;
}
