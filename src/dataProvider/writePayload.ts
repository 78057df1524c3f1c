import { isPlainObject } from '../contract/caseConversion';
import type { FieldDeclaration, FieldMap, WriteParse } from '../resources/types';

/**
 * What a create or an update sends (contract 4), from the declaration alone:
 * - the fields: the form's (`form.fields`), else every declared field; read-only ones and the
 *   `id` type never (the id is in the URL; a `recordKey` such as `hotCode` is an ordinary field);
 * - nested paths: `pharmacyInvoice.invoiceNumber` is read from `record.pharmacyInvoice.invoiceNumber`
 *   and written at the same path, or at `writeAs` (`pharmacyInvoiceAttributes.invoiceNumber`)
 *   where the API takes another shape than it returns;
 * - parsing per field (`parse`, spec section 5's fixture rules);
 * - `send: 'form'` sends every form field (PUT, and every create); `send: 'changed'` only those
 *   whose parsed value differs from `previousData` (PATCH).
 * A path the form data does not hold at all is not sent: the form did not edit it.
 */
export interface WriteDeclaration {
  fields: FieldMap;
  form?: { fields: string[] };
}

export type SendMode = 'form' | 'changed';

/** Reads a dotted path; undefined as soon as a step is missing. */
export const getPath = (record: unknown, path: string): unknown => {
  let value: unknown = record;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
};

/** Writes a dotted path, creating the objects on the way (never arrays: the API's nested attributes are objects). */
export const setPath = (record: Record<string, unknown>, path: string, value: unknown): void => {
  const keys = path.split('.');
  let target = record;
  for (const key of keys.slice(0, -1)) {
    if (!isPlainObject(target[key])) target[key] = {};
    target = target[key] as Record<string, unknown>;
  }
  target[keys[keys.length - 1]] = value;
};

/** Marks a value the payload leaves out (omitEmpty). */
const OMIT = Symbol('omit');

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * Numbers: a number stays; a trimmed numeric string becomes its number; blank becomes null (the
 * field is cleared); anything else is sent as typed so the server's 422 says what is wrong with it,
 * instead of the SPA silently sending null or NaN.
 */
const parseNumber = (value: unknown, pattern: RegExp, toNumber: (text: string) => number): unknown => {
  if (typeof value === 'number') return value;
  if (isBlank(value)) return null;
  if (typeof value === 'string' && pattern.test(value.trim())) return toNumber(value.trim());
  return value;
};

const defaultParse = (field: FieldDeclaration): WriteParse | undefined => {
  if (field.type === 'number' || field.type === 'decimal') return 'decimal';
  return undefined;
};

export const parseFieldValue = (field: FieldDeclaration | undefined, value: unknown): unknown => {
  const parse = field?.parse ?? (field ? defaultParse(field) : undefined);
  switch (parse) {
    case 'integer':
      return parseNumber(value, INTEGER, (text) => Number.parseInt(text, 10));
    case 'decimal':
      return parseNumber(value, DECIMAL, Number);
    case 'emptyToNull':
      return value === '' ? null : value;
    case 'omitEmpty':
      return isBlank(value) ? OMIT : value;
    case 'string':
    case undefined:
      return value;
  }
};

/** Equality of parsed form values: primitives, Dates by instant, arrays and plain objects deeply. */
export const sameValue = (left: unknown, right: unknown): boolean => {
  if (Object.is(left, right)) return true;
  // An instant may come back from the API as a Date and leave the form as an ISO string (TokyoDateTimeInput).
  const instant = (value: unknown) => (value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN);
  if (left instanceof Date || right instanceof Date) return !Number.isNaN(instant(left)) && instant(left) === instant(right);
  if (Array.isArray(left) && Array.isArray(right)) return left.length === right.length && left.every((item, index) => sameValue(item, right[index]));
  if (isPlainObject(left) && isPlainObject(right)) {
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return false;
};

/** The form's fields that may be written: the form's list, else every declared field, minus read-only ones and ids. */
export const writableFields = (declaration: WriteDeclaration): string[] =>
  (declaration.form?.fields ?? Object.keys(declaration.fields)).filter((path) => {
    const field = declaration.fields[path];
    return !field?.readOnly && field?.type !== 'id';
  });

const hasPath = (record: unknown, path: string): boolean => {
  const keys = path.split('.');
  const parent = keys.length === 1 ? record : getPath(record, keys.slice(0, -1).join('.'));
  return parent !== null && typeof parent === 'object' && Object.hasOwn(parent, keys[keys.length - 1]);
};

export const writePayload = (
  declaration: WriteDeclaration,
  data: Record<string, unknown>,
  options: { send: SendMode; previousData?: Record<string, unknown> } = { send: 'form' },
): Record<string, unknown> => {
  const payload: Record<string, unknown> = {};
  for (const path of writableFields(declaration)) {
    if (!hasPath(data, path)) continue;
    const field = declaration.fields[path];
    const value = parseFieldValue(field, getPath(data, path));
    if (value === OMIT) continue;
    if (options.send === 'changed') {
      const previous = parseFieldValue(field, getPath(options.previousData, path));
      if (sameValue(value, previous === OMIT ? undefined : previous)) continue;
    }
    setPath(payload, field?.writeAs ?? path, value);
  }
  return payload;
};
