import type { DB } from '../db/open';

/*
 * Partial updates, the rule for every PUT and PATCH (Rails' `update` with nested attributes): a
 * field the request does not name keeps its value, null clears a field, a value changes it. An
 * absent nested `*_attributes` object, or an empty one, leaves the nested record as it is.
 *
 *   const columns = namedColumns(body, ['name', 'note']);            // { note: null } for {"note": null}
 *   const next = { ...current, ...columns };                          // what the rules check
 *   updateColumns(db, 'companies', id, columns, { updated_at: at, updated_by: by });
 *
 * A write that changes no stored value is no write (issue 40 item 3): updateColumns writes only
 * the columns whose stored value differs, and stamps only when there is one. A save that changes
 * nothing therefore keeps 更新日時 and 更新者, and the caller skips its side effects (a cable
 * broadcast, x-store-cache-control) when it answers an empty list.
 */

const stored = (value: unknown) => (typeof value === 'boolean' ? (value ? 1 : 0) : value);

/** The fields among `fields` the body names (a value or null; undefined is not named), as stored (booleans as 1/0). */
export function namedColumns<K extends string>(body: Partial<Record<K, unknown>>, fields: readonly K[]): Partial<Record<K, unknown>> {
  const columns: Partial<Record<K, unknown>> = {};
  for (const field of fields) if (body[field] !== undefined) columns[field] = stored(body[field]);
  return columns;
}

/**
 * The given columns whose stored value differs, compared by SQLite as it stores them: `IS NOT`
 * applies the column's affinity to the parameter, so 12 sent to a TEXT column equals '12' and
 * 10 equals 10.0 in a REAL one, and NULL equals NULL. Empty when the row is missing.
 */
export function changedColumns(db: DB, table: string, id: number, columns: Record<string, unknown>, idColumn = 'id'): string[] {
  const names = Object.keys(columns).filter((name) => columns[name] !== undefined);
  if (names.length === 0) return [];
  const differs = db
    .prepare(`SELECT ${names.map((name) => `${name} IS NOT @${name} AS ${name}`).join(', ')} FROM ${table} WHERE ${idColumn} = @__id`)
    .get({ ...Object.fromEntries(names.map((name) => [name, stored(columns[name])])), __id: id }) as Record<string, number> | undefined;
  return differs ? names.filter((name) => differs[name] === 1) : [];
}

/**
 * UPDATE `table` SET the given columns that differ from the stored row, and then `stamp`, WHERE
 * `idColumn` = `id`; nothing at all when none differs. Answers the columns written. Column names
 * come from the caller's field lists, never from the client; a column not given is not written.
 */
export function updateColumns(db: DB, table: string, id: number, columns: Record<string, unknown>, stamp: Record<string, unknown>, idColumn = 'id'): string[] {
  const changed = changedColumns(db, table, id, columns, idColumn);
  if (changed.length === 0) return [];
  const values = { ...Object.fromEntries(changed.map((name) => [name, stored(columns[name])])), ...stamp };
  const sets = Object.keys(values).map((name) => `${name} = @${name}`).join(', ');
  db.prepare(`UPDATE ${table} SET ${sets} WHERE ${idColumn} = @__id`).run({ ...values, __id: id });
  return changed;
}
