import type { DB } from '../db/open';
import { storedColumns, type VersionedField, type VersionedTable } from '../db/paperTrail';
import { wireKey, type MasterShape } from '../../src/contract/masterShape';
import type { VersionedResource } from '../../src/contract/versions';

/**
 * A service's versioned master (issue 39): one line each in the service's list (core's
 * versions/masters.ts, medorder's versions.ts), the rest derived from the shape. A master's
 * versions follow the fields its writes take (those with a `write` rule) that are a column of its
 * table, plus the fields the shape leaves to the feature's code (`extra`). What the service
 * computes (counts, stamps, search text) is no field of a version.
 */
export interface VersionedMaster {
  /** The SPA's resource name, which versions name as their item_type (`v2/core/companies`). */
  itemType: VersionedResource;
  table: string;
  shape: Pick<MasterShape, 'fields'>;
  /** Fields the shape leaves to code: wire key (dotted when nested) → its columns and value. */
  extra?: readonly VersionedField[];
  /** Why a deleted record of this master cannot be brought back, where it cannot. */
  noReify?: string;
}

/** A field kept in one column under its own name or a nested wire key (`pharmacy_invoice.invoice_number` in invoice_number). */
export const columnField = (key: string, name: string): VersionedField => ({ key, columns: [name], sql: (row) => `${row}."${name}"` });

/** A written field's value as versions keep it: a yes/no as true/false (stored 0/1), anything else as stored. */
function shapeField(key: string, type: string): VersionedField {
  const name = wireKey(key);
  const sql = (row: 'NEW' | 'OLD') =>
    type === 'boolean' ? `CASE WHEN ${row}."${name}" IS NULL THEN NULL WHEN ${row}."${name}" THEN json('true') ELSE json('false') END` : `${row}."${name}"`;
  return { key: name, columns: [name], sql };
}

/** The fields a master's versions follow, from its shape and its table's columns. */
export function versionedFields(db: DB, master: VersionedMaster): VersionedField[] {
  const columns = new Set(storedColumns(db, master.table));
  const written = Object.entries(master.shape.fields)
    .filter(([key, field]) => field.write !== undefined && columns.has(wireKey(key)))
    .map(([key, field]) => shapeField(key, field.type));
  return [...written, ...(master.extra ?? [])];
}

/** What `syncPaperTrail` makes a service's triggers from. */
export const versionedTablesOf = (db: DB, masters: readonly VersionedMaster[]): VersionedTable[] =>
  masters.map((master) => ({ itemType: master.itemType, table: master.table, fields: versionedFields(db, master) }));
