import type { Statement } from 'better-sqlite3';
import type { DB } from '../../../db/open';
import { inList, listParam } from '../../../shared/sql';
import { MEDICINE_COLUMN_NAMES, type MedicineColumn } from '../ethicalMedicines/columns';
import { fullRecord, insertMedicineSql } from '../ethicalMedicines/seed';
import type { ParsedRow } from './layouts';
import { ETHICAL_MEDICINE_SEARCH } from '../ethicalMedicines/search';

/** `inserted`, `updated`, `unchanged` and `skipped` count file rows and add up to `rows`. */
export interface ApplyCounts {
  rows: number;
  inserted: number;
  /** Rows that changed at least one medicine. */
  updated: number;
  /** Medicines those rows changed: a receipt code or YJ code names every package of a drug, so often more than `updated`. */
  updatedMedicines: number;
  unchanged: number;
  /** Rows naming a medicine the master does not have, in a file that never adds one (MEDHOT). */
  skipped: number;
}

interface Statements {
  update: Statement<unknown[]>;
  exists: Statement<unknown[]>;
}

/**
 * Applies parsed rows to the master, row by row in file order (a later row for the same key
 * wins). A row updates every medicine its key names, and only when a value differs, so applying
 * the same files again changes nothing (not even updated_at); an unknown key adds a medicine
 * where the file may add one. Runs inside the caller's transaction; returns the touched ids.
 */
function applyEachRow(db: DB, rows: readonly ParsedRow[], now: string): { counts: ApplyCounts; touched: Set<number> } {
  const counts: ApplyCounts = { rows: rows.length, inserted: 0, updated: 0, updatedMedicines: 0, unchanged: 0, skipped: 0 };
  const touched = new Set<number>();
  const statements = new Map<string, Statements>();
  const insert = db.prepare(insertMedicineSql);
  for (const row of rows) {
    const columns = (Object.keys(row.values) as MedicineColumn[]).filter((c) => MEDICINE_COLUMN_NAMES.includes(c));
    const signature = `${row.match}:${columns.join(',')}`;
    let stmts = statements.get(signature);
    if (!stmts) {
      const changed = columns.map((c) => `${c} IS NOT @${c}`).join(' OR ');
      stmts = {
        update: db.prepare(
          `UPDATE ethical_medicines SET ${columns.map((c) => `${c} = @${c}`).join(', ')}, updated_at = @updated_at
           WHERE ${row.match} = @match_key AND (${changed}) RETURNING id`,
        ),
        exists: db.prepare(`SELECT 1 FROM ethical_medicines WHERE ${row.match} = @match_key LIMIT 1`),
      };
      statements.set(signature, stmts);
    }
    const params: Record<string, unknown> = { match_key: row.key, updated_at: now };
    for (const c of columns) params[c] = row.values[c] ?? null;
    const updated = stmts.update.all(params) as { id: number }[];
    for (const { id } of updated) touched.add(id);
    if (updated.length > 0) {
      counts.updated += 1;
      counts.updatedMedicines += updated.length;
    }
    else if (stmts.exists.get({ match_key: row.key })) counts.unchanged += 1;
    else if (row.insert) {
      touched.add(Number(insert.run(fullRecord(row.values, now)).lastInsertRowid));
      counts.inserted += 1;
    } else counts.skipped += 1;
  }
  return { counts, touched };
}

const { name: SEARCH, text, shortText } = ETHICAL_MEDICINE_SEARCH;

/** What the version triggers do once per row, done once: one more version, a strictly later time. */
const BUMP_VERSION_SQL = `INSERT INTO table_versions (table_name, updated_at, version) VALUES ('ethical_medicines', @now, 1)
  ON CONFLICT (table_name) DO UPDATE SET version = version + 1,
    updated_at = MAX(excluded.updated_at, strftime('%Y-%m-%dT%H:%M:%fZ', updated_at, '+0.001 seconds'))`;

/**
 * Applies the rows with the master's per-row triggers set aside (they cost about five sixths of
 * a bulk import: the search index and the change counter, row by row) and does their work once
 * at the end: the touched rows' search entries are rebuilt and the table's version moves once.
 * The triggers are dropped and recreated from their own SQL inside the caller's transaction, so
 * a failure rolls them back with everything else.
 */
export function applyRows(db: DB, rows: readonly ParsedRow[], now: string): ApplyCounts {
  // Only the two kinds whose work is redone below; any other trigger keeps firing per row.
  const triggers = (
    db.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'ethical_medicines'`).all() as { name: string; sql: string }[]
  ).filter((t) => t.name.startsWith(`${SEARCH}_`) || t.name.startsWith('ethical_medicines_version_'));
  for (const trigger of triggers) db.exec(`DROP TRIGGER "${trigger.name}"`);
  const bumpVersion = db.prepare(BUMP_VERSION_SQL);
  const { counts, touched } = applyEachRow(db, rows, now);
  if (touched.size > 0) {
    const ids = { ids: listParam([...touched]) };
    db.prepare(`DELETE FROM ${SEARCH}_fts WHERE rowid IN ${inList('ids')}`).run(ids);
    db.prepare(`DELETE FROM ${SEARCH}_short WHERE id IN ${inList('ids')}`).run(ids);
    db.prepare(`INSERT INTO ${SEARCH}_fts (rowid, body) SELECT m.id, fold_search(${text('m')}) FROM ethical_medicines m WHERE m.id IN ${inList('ids')}`).run(ids);
    db.prepare(`INSERT INTO ${SEARCH}_short (id, text) SELECT m.id, fold_search(${shortText('m')}) FROM ethical_medicines m WHERE m.id IN ${inList('ids')}`).run(ids);
    bumpVersion.run({ now });
  }
  for (const trigger of triggers) db.exec(trigger.sql);
  return counts;
}
