import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callDurations, MAX_CALL_KINDS } from '../../../src/contract/callOrder';

/**
 * The order list calls start in when they cannot all run at once (src/contract/callOrder.ts):
 * the slowest kinds last time first, a kind never seen before them all, ties as asked.
 */
describe('callDurations', () => {
  it('starts every call once: kinds never seen first in the order asked, then the slowest first, ties in the order asked', () => {
    const kind = fc.constantFrom('pharmacies', 'companies', 'users', 'groups', 'dealers', 'manuals');
    fc.assert(
      fc.property(fc.array(fc.tuple(kind, fc.integer({ min: 0, max: 50 }))), fc.array(kind, { maxLength: 12 }), (seen, asked) => {
        const durations = callDurations();
        const last = new Map<string, number>();
        for (const [name, ms] of seen) {
          durations.note(name, ms);
          last.set(name, ms);
        }
        const order = durations.order(asked);
        expect([...order].sort((a, b) => a - b)).toEqual(asked.map((_, index) => index));
        const cost = (position: number) => last.get(asked[position]) ?? Number.POSITIVE_INFINITY;
        for (let i = 1; i < order.length; i++) {
          const [before, after] = [order[i - 1], order[i]];
          expect(cost(before)).toBeGreaterThanOrEqual(cost(after));
          if (cost(before) === cost(after)) expect(before).toBeLessThan(after);
        }
      }),
    );
  });

  it('remembers the last time of a kind, not the first', () => {
    const durations = callDurations();
    durations.note('pharmacies', 40);
    durations.note('companies', 10);
    expect(durations.order(['companies', 'pharmacies'])).toEqual([1, 0]);
    durations.note('pharmacies', 1);
    expect(durations.order(['companies', 'pharmacies'])).toEqual([0, 1]);
  });

  it('keeps a bounded memory: kinds made up without end are forgotten, never held', () => {
    const durations = callDurations();
    for (let i = 0; i <= MAX_CALL_KINDS; i++) durations.note(`made-up-${i}`, 1);
    // The first kind was forgotten when the memory was full: it counts as never seen (first).
    expect(durations.order([`made-up-${MAX_CALL_KINDS}`, 'made-up-0'])).toEqual([1, 0]);
  });
});
