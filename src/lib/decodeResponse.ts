import { isPlainObject } from '../contract/caseConversion';
import { parseApiDate } from '../contract/dates';

/**
 * The spec's typing rule for camelized responses (section 3): keys ending in `At` become Dates
 * (instants), `quantity`, `orderPoint` and keys ending in `Quantity` become numbers. Keys ending
 * in `On` are calendar days and stay `yyyy-MM-dd` strings: a Date would be an instant, and Japan
 * midnight is the previous day west of Japan (src/contract/dates.ts). Values that do not parse are
 * left as received, so a surprising payload is visible instead of silently nulled.
 */

const isInstantKey = (key: string) => /[a-z0-9]At$/.test(key);

const isQuantityKey = (key: string) => key === 'quantity' || key === 'orderPoint' || /[a-z0-9]Quantity$/.test(key);

const decodeNumber = (value: string): number | string => {
  if (value.trim() === '') return value;
  const number = Number(value);
  return Number.isFinite(number) ? number : value;
};

// Only strings are converted; an object or array under such a key is walked like any other.
const decodeValue = (key: string, value: unknown): unknown => {
  if (typeof value === 'string') {
    if (isInstantKey(key)) return parseApiDate(value) ?? value;
    if (isQuantityKey(key)) return decodeNumber(value);
    return value;
  }
  return decodeResponse(value);
};

export const decodeResponse = <T = unknown>(value: unknown): T => {
  if (Array.isArray(value)) return value.map((item) => decodeResponse(item)) as T;
  if (!isPlainObject(value)) return value as T;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) result[key] = decodeValue(key, item);
  return result as T;
};
