import type { Identifier } from 'react-admin';
import { getPath } from '../../../dataProvider/writePayload';

/**
 * How a reference reads (a pharmacy's company, a fixture's stockable fixture): the other record's
 * name, or `#id` when there is no name to show (the record is missing, may not be read, or has
 * no name). Pure, so lists, details and custom screens read references alike.
 */

/** The ids a reference value names: one id, or an array of them (a user's pharmacy ids); blanks dropped. */
export const referenceIds = (value: unknown): Identifier[] => {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((item): item is Identifier => (typeof item === 'number' && Number.isFinite(item)) || (typeof item === 'string' && item !== ''));
};

/** What stands for a record whose name cannot be shown. */
export const referenceFallback = (id: Identifier): string => `#${id}`;

/** The name a record goes by (its declaration's `recordRepresentation`), if it has one. */
export const referenceName = (record: Record<string, unknown> | undefined, representation: string | undefined): string | undefined => {
  if (!record || !representation) return undefined;
  const name = getPath(record, representation);
  if (typeof name === 'number') return String(name);
  if (typeof name !== 'string' || name.trim() === '') return undefined;
  return name;
};

/** The record of `id` among a lookup's answer (ids compare as strings: a route's id is a string). */
export const findReferenced = <R extends { id: Identifier }>(records: readonly R[] | undefined, id: Identifier): R | undefined =>
  records?.find((record) => String(record.id) === String(id));
