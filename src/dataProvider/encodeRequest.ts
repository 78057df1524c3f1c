import { isPlainObject, toSnakeKey } from '../contract/caseConversion';
import { toTokyoDay } from '../contract/dates';

/** How an API spells its keys on the wire; which API speaks which is urls.ts's keyCaseOf. */
export type KeyCase = 'snake_case' | 'camelCase';

/**
 * Outgoing values. Calendar days (`endedOn: '2026-11-22'`) are strings already and pass through
 * untouched. Dates (instants) become ISO strings; should a Date arrive under a key ending in `On`,
 * it is sent as its Japan day `yyyy-MM-dd`, because the API would otherwise take the UTC day of
 * Japan midnight, i.e. the day before.
 */
const isDayKey = (key: string) => /(On|_on)$/.test(key);

export const encodeRequestValue = (key: string, value: unknown): unknown => {
  if (value instanceof Date) return isDayKey(key) ? toTokyoDay(value) : value.toISOString();
  return value;
};

const encodeDeep = (key: string, value: unknown, snakeCase: boolean): unknown => {
  if (Array.isArray(value)) return value.map((item) => encodeDeep(key, item, snakeCase));
  if (!isPlainObject(value)) return encodeRequestValue(key, value);
  const result: Record<string, unknown> = {};
  for (const [childKey, item] of Object.entries(value)) result[snakeCase ? toSnakeKey(childKey) : childKey] = encodeDeep(childKey, item, snakeCase);
  return result;
};

/**
 * The JSON body: keys snake_cased deeply (or kept for an API that speaks camelCase, see
 * `keyCaseOf` in urls.ts), Dates encoded as above.
 */
export const encodeRequestBody = (body: unknown, keyCase: KeyCase = 'snake_case'): string =>
  JSON.stringify(encodeDeep('', body, keyCase === 'snake_case'));

/** Bodies the browser sends as they are (uploads); everything else is JSON. */
export const isRawBody = (body: unknown): body is BodyInit =>
  typeof body === 'string' ||
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body);
