import { getPath, sameValue, setPath } from '../../dataProvider/writePayload';

/**
 * A version as the data provider hands it (camelCase keys; a nested field's key dotted,
 * `pharmacyInvoice.invoiceNumber`, as the declarations name it): PaperTrail's object (the fields
 * before) and object_changes (`{field: [before, after]}`).
 */
export interface Version {
  id: number;
  itemType: string;
  itemId: number;
  event: 'create' | 'update' | 'destroy';
  whodunnit: string | null;
  whodunnitName: string | null;
  createdAt: Date | string;
  object: Record<string, unknown> | null;
  objectChanges: Record<string, [unknown, unknown]>;
}

/** The versioned fields as a version left them (a destroy leaves none; a create names only what it set). */
export const stateAfter = (version: Version): Record<string, unknown> => {
  if (version.event === 'destroy') return {};
  const state: Record<string, unknown> = { ...version.object };
  for (const [key, [, after]] of Object.entries(version.objectChanges)) state[key] = after;
  return state;
};

/** A flat state (dotted keys) as a record shaped like the detail's (nested objects), for the fields' views. */
export const asRecord = (state: Record<string, unknown>, id: unknown): Record<string, unknown> => {
  const record: Record<string, unknown> = { id };
  for (const [key, value] of Object.entries(state)) setPath(record, key, value);
  return record;
};

/** One field two states hold differently. */
export interface FieldDifference {
  key: string;
  before: unknown;
  after: unknown;
}

/** The fields (of `keys`) whose values differ between two records; an absent value is an empty one. */
export const differences = (keys: Iterable<string>, before: Record<string, unknown>, after: Record<string, unknown>): FieldDifference[] =>
  [...new Set(keys)]
    .map((key) => ({ key, before: getPath(before, key) ?? null, after: getPath(after, key) ?? null }))
    .filter(({ before: was, after: is }) => !sameValue(was, is));

/**
 * What restoring version `target` writes: the record as it is now with every versioned field set
 * to its value after `target` (a field the create did not name was empty then). `newer` are the
 * record's versions from `target` on: the fields they changed are the ones that may differ now.
 */
export const restoredValues = (current: Record<string, unknown>, target: Version, newer: readonly Version[]): Record<string, unknown> => {
  const state = stateAfter(target);
  const keys = new Set([...Object.keys(state), ...newer.flatMap((v) => Object.keys(v.objectChanges))]);
  const data = structuredClone(current);
  for (const key of keys) setPath(data, key, state[key] ?? null);
  return data;
};
