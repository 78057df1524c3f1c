import type { Statement } from 'better-sqlite3';
import type { DB } from '../../db/open';
import { MEDICINE_COLUMN_NAMES, type MedicineColumn } from './ethicalMedicineColumns';
import { fullRecord, insertMedicineSql } from './ethicalMedicinesSeed';
import type { ParsedRow } from './masterFileLayouts';

export interface ApplyCounts {
  rows: number;
  inserted: number;
  updated: number;
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
 * where the file may add one. The caller runs this inside its transaction.
 */
export function applyRows(db: DB, rows: readonly ParsedRow[], now: string): ApplyCounts {
  const counts: ApplyCounts = { rows: rows.length, inserted: 0, updated: 0, unchanged: 0, skipped: 0 };
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
           WHERE ${row.match} = @match_key AND (${changed})`,
        ),
        exists: db.prepare(`SELECT 1 FROM ethical_medicines WHERE ${row.match} = @match_key LIMIT 1`),
      };
      statements.set(signature, stmts);
    }
    const params: Record<string, unknown> = { match_key: row.key, updated_at: now };
    for (const c of columns) params[c] = row.values[c] ?? null;
    const { changes } = stmts.update.run(params);
    if (changes > 0) counts.updated += changes;
    else if (stmts.exists.get({ match_key: row.key })) counts.unchanged += 1;
    else if (row.insert) {
      insert.run(fullRecord(row.values, now));
      counts.inserted += 1;
    } else counts.skipped += 1;
  }
  return counts;
}
