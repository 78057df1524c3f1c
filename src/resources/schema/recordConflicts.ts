import { getPath, parseFieldValue, sameValue, setPath } from '../../dataProvider/writePayload';
import type { FieldMap } from '../types';

/** One form field someone else changed since the form opened, and what this user's form holds. */
export interface FieldConflict {
  path: string;
  label: string;
  theirs: unknown;
  mine: unknown;
}

export type ConflictChoice = 'theirs' | 'mine';

/** A field's value as it would be saved: the same parsing as the write (so '12' and 12 agree). */
const saved = (fields: FieldMap, path: string, value: unknown) => {
  const parsed = parseFieldValue(fields[path], value);
  return typeof parsed === 'symbol' || parsed === '' ? null : (parsed ?? null);
};

/**
 * The form's fields the other person changed (base → current) that the form does not already
 * hold as they left it. A field only this user changed is no conflict: their change goes in.
 */
export const fieldConflicts = (
  fields: FieldMap,
  formFields: readonly string[],
  base: Record<string, unknown>,
  current: Record<string, unknown>,
  mine: Record<string, unknown>,
): FieldConflict[] =>
  formFields
    .filter((path) => !fields[path]?.readOnly && fields[path]?.type !== 'id')
    .filter((path) => !sameValue(saved(fields, path, getPath(base, path)), saved(fields, path, getPath(current, path))))
    .filter((path) => !sameValue(saved(fields, path, getPath(current, path)), saved(fields, path, getPath(mine, path))))
    .map((path) => ({ path, label: fields[path]?.label ?? path, theirs: getPath(current, path), mine: getPath(mine, path) }));

/** The values to save: the form's, with the other person's value wherever the user chose theirs. */
export const resolveConflicts = (
  mine: Record<string, unknown>,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): Record<string, unknown> => {
  const resolved = structuredClone(mine);
  for (const conflict of conflicts) if ((choices[conflict.path] ?? 'theirs') === 'theirs') setPath(resolved, conflict.path, conflict.theirs);
  return resolved;
};
