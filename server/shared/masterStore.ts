import { apiParts, masterResourceName, masterTable, shapeRuleErrors, textWriteRule, wireKey, writtenFields, type AnyMasterShape, type MasterShape, type ShapeField, type WireType } from '../../src/contract/masterShape';
import { highestIdGiven, isAutoincrement, rebuildWithAutoincrement, withForeignKeysOff } from '../db/autoincrement';
import type { DB } from '../db/open';
import { rowVersionsSql, versionTriggersSql, type VersionedRecord } from '../db/versions';
import { notFoundError, validationError } from './errors';
import { assertShapeUnique } from './masterShape';
import { namedColumns, updateColumns } from './partialUpdate';
import { searchFields, searchIndexRebuildSql, type SearchIndex } from './search';

/*
 * A plain master's storage, from its shape alone (issue 37): the table, an index per sortable
 * field, the search index, the columns a grown shape adds, the SELECT, and the one write path
 * (create, update, delete) every plain master's routes go through, so a rule of every write (a
 * change history) hooks in here once.
 *
 * The table is the API path's last segment (`/api/v2/core/admin/saved_replies` → saved_replies);
 * a field's column is its wire key; the id is `INTEGER PRIMARY KEY AUTOINCREMENT`, so an id once
 * given is never given again, even after its record is deleted (a link or an ETag to the deleted
 * record can never name a new one). What a shape cannot say is a hook: a field that is another
 * table's (a dealer's 都道府県名 is its prefecture's name) is joined, not stored.
 */

export interface MasterHooks<F extends Record<string, ShapeField>> {
  /** Fields read from another table: the join (`JOIN prefectures pr ON pr.id = m.prefecture_id`), each field's SQL, and the tables it reads. */
  join?: { sql: string; fields: Partial<Record<keyof F & string, string>>; tables: readonly string[] };
}

/** The listed table's alias in every plain master's SQL. */
export const MASTER_ALIAS = 'm';

/** Who wrote, and when: the audit stamps a write sets when the shape has them. */
export interface WriteStamp {
  at: string;
  by: string | null;
}

/** The stamp of a plain master's sample rows: one fixed instant, so every fresh database agrees. */
export const SAMPLE_STAMP: WriteStamp = { at: '2026-04-01T00:00:00.000Z', by: 'CSサポート' };

export interface PlainMaster {
  shape: AnyMasterShape;
  hooks: MasterHooks<Record<string, ShapeField>>;
  table: string;
  /** Service module (`core`) and the path within it (`/api/v2/admin/saved_replies`). */
  module: string;
  path: string;
  /** The fields this table stores, by SPA key (all but joined ones), id first. */
  stored: string[];
  /** The written fields' wire keys, in the shape's order. */
  written: string[];
  /** Create, update and delete are served (the shape writes some field). */
  writable: boolean;
  /** The shape has 更新日時 (and so the audit stamps). */
  stamped: boolean;
  search?: SearchIndex;
  /** The SELECT of the list's rows and of the detail (which adds the detail's own fields), and the FROM. */
  rowSelect: string;
  detailSelect: string;
  from: string;
  /** Tables the list reads. */
  tables: readonly string[];
  /** A stored row as the API answers it (yes/no as booleans, a choices field's array). */
  toRecord?: (row: Record<string, unknown>) => Record<string, unknown>;
}

const COLUMN_TYPES: Record<WireType, string> = {
  id: 'INTEGER',
  integer: 'INTEGER',
  number: 'REAL',
  boolean: 'INTEGER',
  text: 'TEXT',
  longText: 'TEXT',
  email: 'TEXT',
  url: 'TEXT',
  day: 'TEXT',
  instant: 'TEXT',
  choice: 'TEXT',
  choices: 'TEXT',
};


/** The storage of a plain master: its shape, and the hooks for what the shape cannot say. */
export function plainMaster<F extends Record<string, ShapeField>>(shape: MasterShape<F>, hooks: MasterHooks<F> = {}): PlainMaster {
  const { module, path } = apiParts(shape.api);
  const table = masterTable(shape);
  const keys = Object.keys(shape.fields) as (keyof F & string)[];
  const joined: Partial<Record<string, string>> = hooks.join?.fields ?? {};
  const stored = keys.filter((key) => joined[key] === undefined);
  if (shape.fields[stored[0]]?.type !== 'id') throw new Error(`${shape.api}: a plain master's first field is its id`);
  const sqlOf = (key: keyof F & string) => joined[key] ?? `${MASTER_ALIAS}.${wireKey(key)}`;
  const selectOf = (part: (keyof F & string)[]) => part.map((key) => (joined[key] ? `${joined[key]} AS ${wireKey(key)}` : sqlOf(key))).join(', ');
  const search = shape.search && {
    name: `${table}_search`,
    table,
    idColumn: 'id',
    text: (row: string) => searchFields(...shape.search!.fields.map((key) => `${row}.${wireKey(key)}`)),
    shortText: (row: string) => searchFields(...(shape.search!.short ?? shape.search!.fields.slice(0, 1)).map((key) => `${row}.${wireKey(key)}`)),
    columns: shape.search.fields.map(wireKey),
    ...(shape.search.codes && { codes: shape.search.codes.map(({ field, pattern }) => ({ column: wireKey(field), pattern })) }),
  };
  const converted = keys.filter((key) => shape.fields[key].type === 'boolean' || shape.fields[key].type === 'choices');
  const toRecord = (row: Record<string, unknown>) => {
    const record = { ...row };
    for (const key of converted) {
      const wire = wireKey(key);
      const value = record[wire];
      if (value === null || value === undefined) continue;
      record[wire] = shape.fields[key].type === 'boolean' ? value === 1 : JSON.parse(String(value));
    }
    return record;
  };
  const written = writtenFields(shape).map(wireKey);
  return {
    shape,
    hooks,
    table,
    module,
    path,
    stored,
    written,
    writable: written.length > 0,
    stamped: 'updatedAt' in shape.fields,
    ...(search && { search }),
    rowSelect: selectOf(keys.filter((key) => !shape.fields[key].detail)),
    detailSelect: selectOf(keys),
    from: `FROM ${table} ${MASTER_ALIAS}${hooks.join ? ` ${hooks.join.sql}` : ''}`,
    tables: [table, ...(hooks.join?.tables ?? [])],
    ...(converted.length > 0 && { toRecord }),
  };
}

/** The sortable stored fields' columns that want an index of their own (the id's is the table). */
const sortColumns = (master: PlainMaster): string[] =>
  master.stored.filter((key) => master.shape.fields[key].sortable && master.shape.fields[key].type !== 'id').map(wireKey);

/** A stored field's column definition; a column added to a table that has rows may hold null, unless it is a yes/no (no, by default). */
function columnSql(spec: ShapeField, key: string, added: boolean): string {
  const type = COLUMN_TYPES[spec.type];
  if (spec.type === 'id') return `${key} INTEGER PRIMARY KEY AUTOINCREMENT`;
  const unique = textWriteRule(spec)?.unique ? ' UNIQUE' : '';
  if (spec.type === 'boolean' && !spec.nullable) return `${key} ${type} NOT NULL DEFAULT 0`;
  return `${key} ${type}${spec.nullable || added ? '' : ' NOT NULL'}${added ? '' : unique}`;
}

const createTableSql = (master: PlainMaster) =>
  `CREATE TABLE ${master.table} (\n  ${master.stored.map((key) => columnSql(master.shape.fields[key], wireKey(key), false)).join(',\n  ')}\n)`;

/** The record whose ETag the service answers, for a master with writes. */
export const versionedRecordOf = (master: PlainMaster): VersionedRecord => ({ path: `${master.path}/:id`, table: master.table });

const exists = (db: DB, type: 'table' | 'trigger' | 'index', name: string) =>
  db.prepare('SELECT 1 FROM sqlite_master WHERE type = @type AND name = @name').get({ type, name }) !== undefined;

/**
 * Brings a plain master's table to its shape: creates it (with its sample rows) when missing,
 * adds the columns of fields the shape gained, and makes whatever of its sort indexes, search
 * index, change triggers and row versions is missing or out of date. Run at every start after
 * the numbered migrations, in one transaction (an AUTOINCREMENT rebuild in one of its own before
 * it); on a table already in shape it changes nothing.
 */
export function ensureMasterTable(db: DB, master: PlainMaster): void {
  const { table } = master;
  // A table made before its ids were AUTOINCREMENT is rebuilt first, in a transaction of its own
  // with foreign keys off (other tables may refer to it). Dropping it dropped its indexes and
  // triggers; the rebuild makes them again as they were, and below what is out of date is made anew.
  if (master.writable && exists(db, 'table', table) && !isAutoincrement(db, table)) {
    withForeignKeysOff(db, () => rebuildWithAutoincrement(db, table, highestIdGiven(db, table, masterResourceName(master.shape))));
  }
  db.transaction(() => {
    const created = !exists(db, 'table', table);
    if (created) db.exec(createTableSql(master));
    else {
      const present = new Set((db.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((column) => column.name));
      for (const key of master.stored) {
        if (!present.has(wireKey(key))) db.exec(`ALTER TABLE ${table} ADD COLUMN ${columnSql(master.shape.fields[key], wireKey(key), true)}`);
      }
    }
    for (const column of sortColumns(master)) db.exec(`CREATE INDEX IF NOT EXISTS ${table}_sort_${column} ON ${table}(${column}, id)`);
    // Made, or made again when its text or folding changed; '' when current.
    if (master.search) db.exec(searchIndexRebuildSql(db, master.search));
    if (!exists(db, 'trigger', `${table}_version_insert`)) db.exec(versionTriggersSql(table, master.stamped ? 'updated_at' : undefined));
    if (master.writable && exists(db, 'table', 'row_versions') && !exists(db, 'trigger', `${table}_row_version_update`)) {
      // The row versions' table is made by core migration 71; a master made before it gets its triggers there.
      db.exec(rowVersionsSql([versionedRecordOf(master)]));
    }
    if (created) for (const sample of master.shape.samples ?? []) insertRecord(db, master, toWire(sample), SAMPLE_STAMP);
  })();
}

const toWire = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([key, value]) => [wireKey(key), value]));

/** A record as the detail answers it, or undefined. */
export function findRecord(db: DB, master: PlainMaster, id: number): Record<string, unknown> | undefined {
  const row = db.prepare(`SELECT ${master.detailSelect} ${master.from} WHERE ${MASTER_ALIAS}.id = @id`).get({ id }) as Record<string, unknown> | undefined;
  return row && master.toRecord ? master.toRecord(row) : row;
}

export function recordOrThrow(db: DB, master: PlainMaster, id: number): Record<string, unknown> {
  const record = findRecord(db, master, id);
  if (!record) throw notFoundError();
  return record;
}

/** Refuses (422) a record that breaks a rule across its fields; `record` by wire key, as it would be stored. */
function assertRules(master: PlainMaster, record: Record<string, unknown>): void {
  const broken = shapeRuleErrors(master.shape, (field) => record[wireKey(field)]);
  if (broken.length > 0) throw validationError(Object.fromEntries(broken.map(([field, message]) => [wireKey(field), [message]])));
}

/** The audit stamps a write sets: those of the four the shape has (a create sets all, an update the updated ones). */
function auditColumns(master: PlainMaster, stamp: WriteStamp, create: boolean): Record<string, unknown> {
  const stamps = { updatedAt: stamp.at, updatedBy: stamp.by, ...(create && { createdAt: stamp.at, createdBy: stamp.by }) };
  return Object.fromEntries(Object.entries(stamps).filter(([key]) => master.stored.includes(key)).map(([key, value]) => [wireKey(key), value]));
}

/** The written fields a body names, as their columns hold them (a yes/no as 1/0, a choices field's list as JSON). */
function writtenColumns(master: PlainMaster, body: Record<string, unknown>): Record<string, unknown> {
  const columns = namedColumns(body, master.written);
  for (const key of master.stored) {
    const wire = wireKey(key);
    if (master.shape.fields[key].type === 'choices' && Array.isArray(columns[wire])) columns[wire] = JSON.stringify(columns[wire]);
  }
  return columns;
}

/**
 * Creates a record from a checked body (wire keys, as writeSchemas gives it): unique fields and
 * cross-field rules first (422), then one INSERT of the written fields and the stamps. Answers its id.
 */
export function insertRecord(db: DB, master: PlainMaster, body: Record<string, unknown>, stamp: WriteStamp): number {
  assertShapeUnique(db, master.table, master.shape, body, null);
  assertRules(master, body);
  const values = { ...writtenColumns(master, body), ...auditColumns(master, stamp, true) };
  const names = Object.keys(values);
  const info = db.prepare(`INSERT INTO ${master.table} (${names.join(', ')}) VALUES (${names.map((name) => `@${name}`).join(', ')})`).run(values);
  return Number(info.lastInsertRowid);
}

/**
 * Writes the fields a checked body names over the record (what it does not name stays); a body
 * that changes no stored value writes nothing, stamps included (updateColumns). `assertCurrent`
 * runs after the record is found (404 first) and before anything is checked or written (412).
 */
export function updateRecord(db: DB, master: PlainMaster, id: number, body: Record<string, unknown>, stamp: WriteStamp, assertCurrent: () => void): string[] {
  const current = recordOrThrow(db, master, id);
  assertCurrent();
  assertShapeUnique(db, master.table, master.shape, body, id);
  assertRules(master, { ...current, ...body });
  return updateColumns(db, master.table, id, writtenColumns(master, body), auditColumns(master, stamp, false));
}

/** Deletes the record (404 when missing, `assertCurrent`'s 412 when stale). */
export function deleteRecord(db: DB, master: PlainMaster, id: number, assertCurrent: () => void): void {
  recordOrThrow(db, master, id);
  assertCurrent();
  db.prepare(`DELETE FROM ${master.table} WHERE id = @id`).run({ id });
}
