import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildWithAutoincrement, withForeignKeysOff } from '../../server/db/autoincrement';
import { openDatabase, type DB } from '../../server/db/open';
import { syncPaperTrail } from '../../server/db/paperTrail';
import { openCoreDb } from '../../server/services/core';
import { coreMigrations } from '../../server/services/core/migrations';
import { ensurePlainMasterTables } from '../../server/services/core/plainMasters';
import { CORE_ID_TABLES, recordIdMigration } from '../../server/services/core/recordIds';
import { CORE_ACTOR_SQL, versionedTables } from '../../server/services/core/versions/masters';
import { tempDir } from './helpers';

/*
 * Core migration 100 (issue 37) on a database in the shape before it, with rows and rows that
 * refer to them (memberships, licences, messages, pharmacies of companies, manuals of
 * categories): every row of every table is as it was, the references hold and
 * foreign_key_check is clean, each table counts on past every id it gave, and the schema is a
 * new database's. A database whose references are broken already is refused and left as it was.
 */

const SEED = 20261101;

/** A core database as it was before migration 100, opened as openCoreDb opened it then. */
function openBeforeMigration(dir: string): DB {
  const db = openDatabase(join(dir, 'core.sqlite'), coreMigrations(SEED, 'small').filter((m) => m.version < recordIdMigration.version));
  ensurePlainMasterTables(db);
  syncPaperTrail(db, versionedTables(db), CORE_ACTOR_SQL);
  return db;
}

const tableNames = (db: DB) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'schema_migrations' ORDER BY name").all() as { name: string }[]).map((t) => t.name);

/** Every row of every table (bookkeeping of SQLite and of the migrations aside), in one order (some tables have no rowid). */
const contents = (db: DB) => Object.fromEntries(tableNames(db).map((table) => [table, db.prepare(`SELECT * FROM "${table}"`).all().map((row) => JSON.stringify(row)).sort()]));

const schema = (db: DB) => db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\' ORDER BY type, name").all();

const count = (db: DB, sql: string) => (db.prepare(sql).get() as { n: number }).n;
const maxId = (db: DB, table: string) => (db.prepare(`SELECT MAX(id) AS id FROM ${table}`).get() as { id: number }).id;
const sequence = (db: DB, table: string) => (db.prepare('SELECT seq FROM sqlite_sequence WHERE name = @table').get({ table }) as { seq: number } | undefined)?.seq;

describe('core migration 100: ids never given twice', () => {
  const dir = tempDir();
  let before: Record<string, string[]>;
  let deletedCompany: number;
  let deletedManual: number;
  let migrated: DB;

  beforeAll(() => {
    const old = openBeforeMigration(dir);
    // The tables are plain INTEGER PRIMARY KEY, and referred to.
    for (const table of CORE_ID_TABLES) expect(old.prepare("SELECT sql FROM sqlite_master WHERE name = @table").get({ table })).not.toEqual({ sql: expect.stringContaining('AUTOINCREMENT') });
    for (const referring of ['pharmacy_users', 'licenses', 'inquiry_messages', 'group_pharmacies', 'manuals']) expect(count(old, `SELECT COUNT(*) AS n FROM ${referring}`), referring).toBeGreaterThan(0);
    expect(count(old, 'SELECT COUNT(*) AS n FROM pharmacies WHERE company_id IS NOT NULL')).toBeGreaterThan(0);
    expect(count(old, 'SELECT COUNT(*) AS n FROM inquiry_messages WHERE reply_message_id IS NOT NULL')).toBeGreaterThan(0);
    // The newest company and manual deleted before the migration: only their versions (and the
    // manual's ETag counter) remember their ids.
    deletedCompany = maxId(old, 'companies');
    deletedManual = maxId(old, 'manuals');
    old.prepare('DELETE FROM companies WHERE id = @id').run({ id: deletedCompany });
    old.prepare('DELETE FROM manuals WHERE id = @id').run({ id: deletedManual });
    before = contents(old);
    old.close();
    migrated = openCoreDb(dir, SEED, 'small');
  });
  afterAll(() => {
    migrated.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every row of every table, referring rows included; foreign keys on and clean', () => {
    expect(contents(migrated)).toEqual(before);
    expect(migrated.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(migrated.pragma('foreign_key_check')).toEqual([]);
    expect(migrated.prepare('SELECT version FROM schema_migrations WHERE version = 100').get()).toEqual({ version: 100 });
  });

  it('makes each table AUTOINCREMENT, counting on from the highest id it ever gave', () => {
    for (const table of CORE_ID_TABLES) {
      expect(migrated.prepare("SELECT sql FROM sqlite_master WHERE name = @table").get({ table }), table).toEqual({ sql: expect.stringContaining('id INTEGER PRIMARY KEY AUTOINCREMENT') });
      expect(sequence(migrated, table), table).toBeGreaterThanOrEqual(maxId(migrated, table) ?? 0);
    }
    // One counter per table, none left under the rebuild's passing name.
    expect(migrated.prepare("SELECT name FROM sqlite_sequence WHERE name NOT IN (SELECT name FROM sqlite_master WHERE type = 'table')").all()).toEqual([]);
    expect(sequence(migrated, 'companies')).toBe(deletedCompany);
    expect(maxId(migrated, 'companies')).toBeLessThan(deletedCompany);
    expect(sequence(migrated, 'manuals')).toBe(deletedManual);
    const company = migrated.prepare("INSERT INTO companies (name, created_at, updated_at) VALUES ('移行後の会社', '2026-11-29T00:00:00.000Z', '2026-11-29T00:00:00.000Z')").run();
    expect(Number(company.lastInsertRowid)).toBe(deletedCompany + 1);
  });

  it('the references still bind the rebuilt tables: a company deleted now clears its pharmacies, a user deleted takes its memberships', () => {
    const company = (migrated.prepare('SELECT company_id AS id FROM pharmacies WHERE company_id IS NOT NULL LIMIT 1').get() as { id: number }).id;
    const user = (migrated.prepare('SELECT user_id AS id FROM pharmacy_users LIMIT 1').get() as { id: number }).id;
    migrated.transaction(() => {
      migrated.prepare('DELETE FROM companies WHERE id = @company').run({ company });
      migrated.prepare('DELETE FROM users WHERE id = @user').run({ user });
      expect(count(migrated, `SELECT COUNT(*) AS n FROM pharmacies WHERE company_id = ${company}`)).toBe(0);
      expect(count(migrated, `SELECT COUNT(*) AS n FROM pharmacy_users WHERE user_id = ${user}`)).toBe(0);
      // A pharmacy's licences refuse a pharmacy that is not there.
      expect(() => migrated.prepare("INSERT INTO licenses (pharmacy_id, number, expires_on, object_name, content_type, created_at) VALUES (999999, 'x', '2027-01-01', 'x', 'image/png', 'x')").run()).toThrow(/FOREIGN KEY/);
    })();
  });

  it('leaves the schema a new database has', () => {
    const fresh = tempDir();
    const db = openCoreDb(fresh, SEED, 'small');
    try {
      expect(schema(migrated)).toEqual(schema(db));
    } finally {
      db.close();
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('core migration 100 on a database whose references are broken already', () => {
  it('fails loudly and changes nothing: no table rebuilt, the migration not recorded, foreign keys on again', () => {
    const dir = tempDir();
    try {
      const old = openBeforeMigration(dir);
      old.pragma('foreign_keys = OFF');
      old.prepare("INSERT INTO pharmacy_users (pharmacy_id, user_id, permission, created_at, updated_at) VALUES (1, 999999, 'read', 'x', 'x')").run();
      old.close();
      expect(() => openCoreDb(dir, SEED, 'small')).toThrow(/foreign_key_check found 1 broken reference\(s\) \(pharmacy_users → users\); nothing was changed/);
      const after = openDatabase(join(dir, 'core.sqlite'), []);
      try {
        expect(after.prepare('SELECT version FROM schema_migrations WHERE version = 100').get()).toBeUndefined();
        for (const table of CORE_ID_TABLES) expect(after.prepare("SELECT sql FROM sqlite_master WHERE name = @table").get({ table }), table).not.toEqual({ sql: expect.stringContaining('AUTOINCREMENT') });
        expect(count(after, 'SELECT COUNT(*) AS n FROM pharmacy_users WHERE user_id = 999999')).toBe(1);
        expect(after.pragma('foreign_keys', { simple: true })).toBe(1);
      } finally {
        after.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the rebuild refuses what would lose rows', () => {
  const referred = () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    db.exec(`CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL);
      CREATE TABLE links (id INTEGER PRIMARY KEY, note_id INTEGER REFERENCES notes(id) ON DELETE CASCADE);
      INSERT INTO notes (id, title) VALUES (1, '一'); INSERT INTO links (note_id) VALUES (1);`);
    return db;
  };

  it('a table others refer to, with foreign keys on (its drop would cascade): refused, nothing changed', () => {
    const db = referred();
    expect(() => db.transaction(() => rebuildWithAutoincrement(db, 'notes', 0))()).toThrow('notes: other tables refer to it; rebuild it inside withForeignKeysOff');
    expect(db.prepare('SELECT COUNT(*) AS n FROM links').get()).toEqual({ n: 1 });
  });

  it('foreign keys off inside a transaction (where the pragma does nothing): refused', () => {
    const db = referred();
    expect(() => db.transaction(() => withForeignKeysOff(db, () => rebuildWithAutoincrement(db, 'notes', 0)))()).toThrow(/inside a transaction/);
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'notes'").get()).toEqual({ sql: 'CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT NOT NULL)' });
  });
});
