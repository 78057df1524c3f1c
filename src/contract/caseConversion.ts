/**
 * Key conversion between the API's snake_case and the SPA's camelCase (spec section 3).
 *
 * Only an underscore followed by a lower-case letter folds: `hot_code_7` becomes `hotCode_7`, as
 * the spec's field names `hotCode_7` / `hotCode_9` show, and `toSnakeKey` restores it. A leading
 * underscore (Rails' `_destroy`) is left alone in both directions.
 *
 * Round trip: `toSnakeKey(toCamelKey(k)) === k` for every key matching
 * /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/ (tested with fast-check). It does not hold for keys with
 * upper-case letters or doubled/trailing underscores, which the API does not produce.
 */

export const toCamelKey = (key: string): string =>
  key.replace(/(?<=[A-Za-z0-9])_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

export const toSnakeKey = (key: string): string =>
  key.replace(/(?<=[A-Za-z0-9_])([A-Z])/g, (_match, letter: string) => `_${letter.toLowerCase()}`);

/** Plain objects are the JSON-shaped ones; Dates, Blobs, Files, Maps and class instances pass through. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const mapKeysDeep = (value: unknown, mapKey: (key: string) => string): unknown => {
  if (Array.isArray(value)) return value.map((item) => mapKeysDeep(item, mapKey));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[mapKey(key)] = mapKeysDeep(item, mapKey);
  return result;
};

export const camelizeKeys = <T = unknown>(value: unknown): T => mapKeysDeep(value, toCamelKey) as T;

export const snakeizeKeys = <T = unknown>(value: unknown): T => mapKeysDeep(value, toSnakeKey) as T;
