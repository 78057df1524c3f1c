import { getPath, parseFieldValue, sameValue, setPath } from '../../../dataProvider/writePayload';
import type { FieldMap } from '../../types';

/** One form field both this user and someone else changed, each differently. */
export interface FieldConflict {
  path: string;
  label: string;
  theirs: unknown;
  mine: unknown;
}

export type ConflictChoice = 'theirs' | 'mine';

/** A three-way merge of a form: what goes in without asking, and what only the user can decide. */
export interface ThreeWayMerge {
  /** The form's values with every field only the other person changed taken from them. */
  merged: Record<string, unknown>;
  /** The fields only the other person changed (already in `merged`), by label, to say so. */
  theirsOnly: string[];
  /** The fields both changed to different values: asked, one choice each. */
  conflicts: FieldConflict[];
}

/** A field's value as it would be saved: the same parsing as the write (so '12' and 12 agree). */
const saved = (fields: FieldMap, path: string, value: unknown) => {
  const parsed = parseFieldValue(fields[path], value);
  return typeof parsed === 'symbol' || parsed === '' ? null : (parsed ?? null);
};

/**
 * Merges three ways, field by field over the form's editable fields: the base (what the form,
 * or the draft, was typed against), theirs (the record as it is now) and mine (the form):
 * - only I changed it, or nobody did, or both the same way: mine stays;
 * - only they changed it: theirs, without asking (the user never touched it);
 * - both changed it differently: a conflict, for the user to choose.
 * A base that lacks a field (a draft from before drafts carried their base) counts as changed by
 * both wherever the values differ: asked, never guessed.
 */
export const mergeThreeWay = (
  fields: FieldMap,
  formFields: readonly string[],
  base: Record<string, unknown>,
  current: Record<string, unknown>,
  mine: Record<string, unknown>,
): ThreeWayMerge => {
  const merged = structuredClone(mine);
  const theirsOnly: string[] = [];
  const conflicts: FieldConflict[] = [];
  for (const path of formFields) {
    const field = fields[path];
    if (!field || field.readOnly || field.type === 'id') continue;
    const [was, theirs, ours] = [base, current, mine].map((record) => saved(fields, path, getPath(record, path)));
    if (sameValue(was, theirs) || sameValue(theirs, ours)) continue;
    if (sameValue(was, ours)) {
      setPath(merged, path, getPath(current, path));
      theirsOnly.push(field.label);
    } else conflicts.push({ path, label: field.label, theirs: getPath(current, path), mine: getPath(mine, path) });
  }
  return { merged, theirsOnly, conflicts };
};

/** The values to save: the merge, with the other person's value wherever the user chose theirs (the default). */
export const resolveConflicts = (
  merged: Record<string, unknown>,
  conflicts: readonly FieldConflict[],
  choices: Readonly<Record<string, ConflictChoice>>,
): Record<string, unknown> => {
  const resolved = structuredClone(merged);
  for (const conflict of conflicts) if ((choices[conflict.path] ?? 'theirs') === 'theirs') setPath(resolved, conflict.path, conflict.theirs);
  return resolved;
};
