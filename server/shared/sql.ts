/*
 * SQL with values: better-sqlite3 named parameters (`@name`, bound from one object), never
 * counted `?`s. A list of values (an IN list) is bound as one parameter holding a JSON array and
 * read back with SQLite's json_each, so the statement text is the same whatever the list's
 * length and no value is ever written into it:
 *
 *   db.prepare(`UPDATE pharmacies SET company_id = @id WHERE id IN ${inList('ids')}`)
 *     .run({ id, ids: listParam(pharmacyIds) });
 */

/** `(...)` reading the JSON array bound as `@name`; write it after `IN`. */
export function inList(name: string): string {
  if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`not a parameter name: ${name}`);
  return `(SELECT value FROM json_each(@${name}))`;
}

/** The value to bind for an `inList` parameter. */
export const listParam = (values: readonly (number | string)[]): string => JSON.stringify(values);
