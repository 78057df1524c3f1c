import { describe, expect, it } from 'vitest';
import { createFairnessBudget, isRefusal, type Ticket } from '../../server/shared/fairness';

/** The fairness budget's pure logic (server/shared/fairness.ts) over a clock the test moves. */
describe('the per-user budget of list work', () => {
  const limits = { concurrent: 2, burstMs: 100, msPerSecond: 50 };
  const setup = () => {
    let now = 0;
    const budget = createFairnessBudget(limits, () => now);
    return { budget, advance: (ms: number) => (now += ms) };
  };
  const admitted = (result: ReturnType<ReturnType<typeof createFairnessBudget>['enter']>): Ticket => {
    if (isRefusal(result)) throw new Error(`refused: ${result.reason}`);
    return result;
  };

  it('holds a user to its concurrent places; a sub-call takes none; other users are apart', () => {
    const { budget } = setup();
    const a = admitted(budget.enter('a', true));
    admitted(budget.enter('a', true));
    expect(budget.enter('a', true)).toEqual({ reason: 'concurrent', retryAfterSeconds: 1 });
    admitted(budget.enter('a', false));
    admitted(budget.enter('b', true));
    budget.leave(a, 0);
    admitted(budget.enter('a', true));
  });

  it('charges the cost; an empty bucket refuses until it refills, saying when', () => {
    const { budget, advance } = setup();
    budget.leave(admitted(budget.enter('a', true)), 250);
    // 150 ms in debt at 50 ms a second: a little over 3 s.
    expect(budget.enter('a', false)).toEqual({ reason: 'budget', retryAfterSeconds: 4 });
    expect(budget.enter('a', true)).toMatchObject({ reason: 'budget' });
    advance(3000);
    expect(budget.enter('a', true)).toEqual({ reason: 'budget', retryAfterSeconds: 1 });
    advance(1000);
    admitted(budget.enter('a', true));
  });

  it('refills no further than the burst, and never charges a negative cost', () => {
    const { budget, advance } = setup();
    advance(3_600_000);
    budget.leave(admitted(budget.enter('a', true)), 100);
    expect(budget.enter('a', true)).toMatchObject({ reason: 'budget' });
    budget.leave(admitted(budget.enter('b', true)), -1e9);
    budget.leave(admitted(budget.enter('b', true)), 99);
    admitted(budget.enter('b', true));
  });
});
