import type { DB } from '../db/open';

/*
 * Partial updates, the rule for every PUT and PATCH (Rails' `update` with nested attributes): a
 * field the request does not name keeps its value, null clears a field, a value changes it. An
 * absent nested `*_attributes` object, or an empty one, leaves the nested record as it is.
 *
 *   const columns = namedColumns(body, ['name', 'note']);            // { note: null } for {"note": null}
 *   const next = { ...current, ...columns };                          // what the rules check
 *   updateColumns(db, 'companies', id, columns, { updated_at: at, updated_by: by });
 */

const stored = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** The fields among `fields` the body names (a value or null; undefined is not named), as stored (booleans as 1/0). */
export function namedColumns<K extends string>(body: Partial<Record<K, unknown>>, fields: readonly K[]): Partial<Record<K, unknown>> {
  const columns: Partial<Record<K, unknown>> = {};
  for (const field of fields) if (body[field] !== undefined) columns[field] = stored(body[field]);
  return columns;
}

/**
 * UPDATE `table` SET the given columns and `stamp` WHERE `idColumn` = `id`. Column names come from
 * the caller's field lists, never from the client; a column not given is not written.
 */
export function updateColumns(db: DB, table: string, id: number, columns: Record<string, unknown>, stamp: Record<string, unknown>, idColumn = 'id'): void {
  const values = { ...columns, ...stamp };
  const names = Object.keys(values);
  if (names.length === 0) return;
  const sets = names.map((name) => `${name} = @${name}`).join(', ');
  db.prepare(`UPDATE ${table} SET ${sets} WHERE ${idColumn} = @__id`).run({ ...values, __id: id });
}
