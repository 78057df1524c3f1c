import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { objectChanges } from '../../../server/db/paperTrail';
import { differences, restoredValues, stateAfter, type Version } from '../../../src/resources/history/versionState';
import { getPath } from '../../../src/dataProvider/writePayload';

/*
 * The server's object_changes (objectChanges, what the triggers store) and the SPA's reading of
 * them agree: from any sequence of states, each version's values are that state's, and a restore
 * of version k over the record as it now is gives state k on every versioned field.
 */
const KEYS = ['name', 'note', 'pharmacyInvoice.invoiceNumber', 'services'] as const;
const value = fc.oneof(fc.constant(null), fc.constantFrom('さくら', 'もみじ', 'T1234567890123'), fc.constantFrom(['share'], ['share', 'medorder']));
const state = fc.record(Object.fromEntries(KEYS.map((key) => [key, value])) as Record<(typeof KEYS)[number], typeof value>);

/** The versions a sequence of states leaves, as the triggers write them (a no-op writes none). */
const versionsOf = (states: Record<string, unknown>[]): Version[] => {
  const versions: Version[] = [];
  states.forEach((current, index) => {
    const before = index === 0 ? null : states[index - 1];
    const changes = objectChanges(before, current);
    // As the triggers: a create is a version whatever it set; an update that changes nothing is none.
    if (!changes && before) return;
    versions.push({
      id: versions.length + 1, itemType: 'v2/core/pharmacies', itemId: 1, event: before ? 'update' : 'create', whodunnit: '1', whodunnitName: '管理 花子',
      createdAt: new Date(0), object: before, objectChanges: (changes ?? {}) as Version['objectChanges'],
    });
  });
  return versions;
};

/** A flat state as the detail's nested record. */
const nested = (flat: Record<string, unknown>) => {
  const record: Record<string, unknown> = { id: 1, updatedAt: new Date(0) };
  for (const [key, item] of Object.entries(flat)) {
    const [head, tail] = key.split('.');
    if (tail) record[head] = { ...(record[head] as object), [tail]: item };
    else record[head] = item;
  }
  return record;
};

describe('version states', () => {
  it('each version holds its state, and restoring version k over the current record gives state k', () => {
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 8 }), fc.nat(), (states, pick) => {
        const versions = versionsOf(states);
        expect(versions[0].event).toBe('create');
        const current = nested(states.at(-1)!);
        const k = versions[pick % versions.length];
        const wanted = stateAfter(k);
        const restored = restoredValues(current, k, versions.filter((v) => v.id >= k.id));
        // The state after k is the state whose write made k (the last of a run of no-ops).
        const made = states.findLast((s) => KEYS.every((key) => JSON.stringify(s[key]) === JSON.stringify(wanted[key] ?? null)));
        expect(made).toBeDefined();
        for (const key of KEYS) expect(getPath(restored, key) ?? null).toEqual(wanted[key] ?? null);
        // What the confirmation lists: exactly the fields that differ from now.
        const listed = differences(KEYS, current, restored).map((d) => d.key).sort();
        expect(listed).toEqual(KEYS.filter((key) => JSON.stringify(getPath(current, key) ?? null) !== JSON.stringify(wanted[key] ?? null)).sort());
      }),
    );
  });
});
