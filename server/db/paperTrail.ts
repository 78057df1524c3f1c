import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';

/** The connection type open.ts names DB, spelt here so the two files do not import each other. */
type DB = Database.Database;

/**
 * Record versions at the storage level (issue 39, Rails' PaperTrail): SQLite triggers on every
 * versioned table write a `versions` row in the same transaction as the write, so no route has
 * to remember it and a write path added later is versioned too. The triggers are generated from
 * a description of each versioned record (`VersionedTable`, derived from the master's shape by
 * the service) and re-derived when that description or the table's columns change
 * (`syncPaperTrail`, run at every open).
 *
 * Who and when come from the write's request: `withWriteActor` runs a request inside an
 * AsyncLocalStorage context that the connection's SQL functions read, so two requests
 * interleaved across awaits never take each other's actor. A write outside any request (a
 * worker thread's import, a migration) has no actor: its versions name no one.
 */

/** A staff member as versions name them: core's user id (as text, PaperTrail's whodunnit) and name. */
export interface StaffName {
  whodunnit: string;
  name: string;
}

/** Who writes, and the clock of the service they write through. */
export interface WriteActor {
  /** The token's subject (the identity provider's user id). */
  sub: string;
  now: () => Date;
  /** The user as core knows them, for a service whose own tables cannot name them (the ordering service's `ACTOR_FROM_REQUEST`). */
  who?: () => StaffName | undefined;
}

const actors = new AsyncLocalStorage<WriteActor>();

/** Runs `work` (a request's handling) with `actor` as the one its writes' versions name. */
export const withWriteActor = <T>(actor: WriteActor, work: () => T): T => actors.run(actor, work);

/** One field's value as `[before, after]`; a field whose value did not change is not named. */
export type ObjectChanges = Record<string, [unknown, unknown]>;

/**
 * The changed fields of two states (JSON objects of the versioned fields, or null for none), or
 * null when nothing changed: the no-op invariant, so a trigger that fires writes no version.
 */
export function objectChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ObjectChanges | null {
  const changes: ObjectChanges = {};
  for (const key of new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])) {
    const was = before?.[key] ?? null;
    const is = after?.[key] ?? null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[key] = [was, is];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The SQL functions the triggers call; every connection registers them (server/db/open.ts), a
 * worker thread's too, or its writes to a versioned table would fail.
 */
export function registerPaperTrailFunctions(db: DB): void {
  db.function('paper_trail_actor', { deterministic: false }, () => actors.getStore()?.sub ?? null);
  db.function('paper_trail_now', { deterministic: false }, () => (actors.getStore()?.now() ?? new Date()).toISOString());
  db.function('paper_trail_whodunnit', { deterministic: false }, () => actors.getStore()?.who?.()?.whodunnit ?? null);
  db.function('paper_trail_whodunnit_name', { deterministic: false }, () => actors.getStore()?.who?.()?.name ?? null);
  db.function('paper_trail_changes', { deterministic: true }, (before: unknown, after: unknown) => {
    const parse = (json: unknown) => (typeof json === 'string' ? (JSON.parse(json) as Record<string, unknown>) : null);
    const changes = objectChanges(parse(before), parse(after));
    return changes && JSON.stringify(changes);
  });
}

export const VERSIONS_TABLE_SQL = `
  CREATE TABLE versions (
    id INTEGER PRIMARY KEY,
    item_type TEXT NOT NULL,
    item_id INTEGER NOT NULL,
    event TEXT NOT NULL CHECK (event IN ('create', 'update', 'destroy')),
    -- The acting user's id (as PaperTrail keeps it, text) and name at the time; null for the system.
    whodunnit TEXT,
    whodunnit_name TEXT,
    created_at TEXT NOT NULL,
    -- The versioned fields before the event (null for a create), PaperTrail's object.
    object TEXT,
    object_changes TEXT NOT NULL,
    -- A destroy's row as stored, every column: what a reify inserts again.
    stored_row TEXT
  );
  CREATE INDEX versions_item ON versions(item_type, item_id, id);
  CREATE INDEX versions_created_at ON versions(created_at, id);
  CREATE INDEX versions_whodunnit ON versions(whodunnit, id);
  CREATE INDEX versions_event ON versions(event, item_type, id);`;

/** One versioned field: its key in object_changes (a wire key; a nested one dotted) and its value as SQL over a row alias. */
export interface VersionedField {
  key: string;
  /** The stored columns it is made of (a change of any is a change of the field). */
  columns: readonly string[];
  /** Its value over `row` (NEW or OLD) as a JSON-able SQL expression. */
  sql: (row: 'NEW' | 'OLD') => string;
}

/** A versioned table: the record type its versions name (the SPA's resource) and the fields they follow. */
export interface VersionedTable {
  itemType: string;
  table: string;
  fields: readonly VersionedField[];
}

/** The SQL that names the actor: set by the service (core looks the token's subject up in its users). */
export interface ActorSql {
  whodunnit: string;
  name: string;
}

/** The actor as the request named them (`WriteActor.who`): for a service that keeps no users of its own. */
export const ACTOR_FROM_REQUEST: ActorSql = { whodunnit: 'paper_trail_whodunnit()', name: 'paper_trail_whodunnit_name()' };

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A table's stored columns (generated ones left out: they are computed again on insert). */
export function storedColumns(db: DB, table: string): string[] {
  const columns = db.prepare(`PRAGMA table_xinfo(${quote(table)})`).all() as { name: string; hidden: number }[];
  return columns.filter((c) => c.hidden === 0).map((c) => c.name);
}

const triggerName = (table: string, event: string) => `${table}_paper_trail_${event}`;

/** The three triggers of one versioned table. */
export function paperTrailTriggersSql(db: DB, versioned: VersionedTable, actor: ActorSql): string {
  const { itemType, table, fields } = versioned;
  if (fields.length === 0) return '';
  const object = (row: 'NEW' | 'OLD') => `json_object(${fields.map((f) => `${quote(f.key)}, ${f.sql(row)}`).join(', ')})`;
  const storedRow = `json_object(${storedColumns(db, table).map((c) => `${quote(c)}, OLD."${c}"`).join(', ')})`;
  const changed = [...new Set(fields.flatMap((f) => f.columns))].map((c) => `OLD."${c}" IS NOT NEW."${c}"`).join(' OR ');
  // An update that changes nothing writes nothing; a create or a destroy is always a version,
  // even of a record whose followed fields are all empty (its destroy is what a reify needs).
  const insert = (event: string, id: string, before: string, after: string, stored: string) => `
      INSERT INTO versions (item_type, item_id, event, whodunnit, whodunnit_name, created_at, object, object_changes, stored_row)
      SELECT ${quote(itemType)}, ${id}, '${event}', ${actor.whodunnit}, ${actor.name}, paper_trail_now(), ${before}, COALESCE(changes, '{}'), ${stored}
      FROM (SELECT paper_trail_changes(${before}, ${after}) AS changes) WHERE changes IS NOT NULL OR '${event}' <> 'update';`;
  return `
    CREATE TRIGGER ${triggerName(table, 'insert')} AFTER INSERT ON ${table} BEGIN ${insert('create', 'NEW.id', 'NULL', object('NEW'), 'NULL')} END;
    CREATE TRIGGER ${triggerName(table, 'update')} AFTER UPDATE ON ${table} WHEN ${changed} BEGIN ${insert('update', 'NEW.id', object('OLD'), object('NEW'), 'NULL')} END;
    CREATE TRIGGER ${triggerName(table, 'delete')} AFTER DELETE ON ${table} BEGIN ${insert('destroy', 'OLD.id', object('OLD'), 'NULL', storedRow)} END;`;
}

/**
 * Creates the versioned tables' triggers, or derives them again when what they are made of (the
 * fields, the tables' columns) changed since the last open: a new master, or a new field of one,
 * is versioned without a migration of its own. The versions table itself is a migration's.
 */
export function syncPaperTrail(db: DB, tables: readonly VersionedTable[], actor: ActorSql): void {
  const sql = tables.map((t) => paperTrailTriggersSql(db, t, actor)).join('\n');
  const digest = createHash('sha256').update(sql).digest('hex');
  const stored = db.prepare("SELECT value FROM meta WHERE key = 'paper_trail_triggers'").get() as { value: string } | undefined;
  if (stored?.value === digest) return;
  db.transaction(() => {
    const existing = db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_paper\\_trail\\_%' ESCAPE '\\'").all() as { name: string }[];
    for (const { name } of existing) db.exec(`DROP TRIGGER "${name}"`);
    db.exec(sql);
    db.prepare("INSERT INTO meta (key, value) VALUES ('paper_trail_triggers', @digest) ON CONFLICT(key) DO UPDATE SET value = excluded.value").run({ digest });
  })();
}
