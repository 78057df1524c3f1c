import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIntake } from '../../../server/storage/intake';

/** An intake on a hand-moved clock: `due` is the one pending wake-up (the intake keeps at most one). */
function onHandClock(bytesPerSecond: number, burstBytes: number) {
  let clock = 0;
  let due: { at: number; run: () => void } | undefined;
  const intake = createIntake({
    bytesPerSecond,
    burstBytes,
    now: () => clock,
    later: (run, ms) => {
      expect(due).toBeUndefined();
      due = { at: clock + ms, run };
    },
  });
  return {
    intake,
    get clock() {
      return clock;
    },
    get due() {
      return due;
    },
    /** Moves the clock to the pending wake-up and runs it. */
    wake() {
      const next = due!;
      due = undefined;
      clock = next.at;
      next.run();
    },
  };
}

const KB = 1024;

describe('the upload intake (issue 36 item 3)', () => {
  it('grants a burst at once, then makes the next take wait until its credit has come in', async () => {
    const hand = onHandClock(1000 * KB, 100 * KB);
    expect(hand.intake.take(64 * KB)).toBeUndefined();
    expect(hand.intake.take(64 * KB)).toBeUndefined(); // still in credit before it: granted, the bucket now 28 KB in debt
    let third = false;
    void hand.intake.take(64 * KB)!.then(() => (third = true));
    expect(hand.due).toBeDefined();
    hand.wake();
    await Promise.resolve();
    expect(third).toBe(true);
    // The debt of 28 KB took 28 ms at 1,000 KB/s (rounded up to the next millisecond).
    expect(hand.clock).toBe(28);
  });

  it('serves waiting takes first come, first served: concurrent uploads share the pace chunk by chunk', async () => {
    const hand = onHandClock(1000 * KB, 0);
    const order: string[] = [];
    const take = (name: string) => {
      const turn = hand.intake.take(64 * KB);
      return turn ? turn.then(() => order.push(name)) : order.push(name);
    };
    void take('a'); // granted: the bucket was not in debt
    const waits = [take('b'), take('c'), take('a'), take('b')];
    while (hand.due) {
      hand.wake();
      await Promise.resolve();
    }
    await Promise.all(waits);
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it('never grants more than the burst plus the rate over the time passed, plus one take in debt (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ bytes: fc.integer({ min: 1, max: 256 * KB }), gapMs: fc.integer({ min: 0, max: 50 }) }), { minLength: 1, maxLength: 60 }),
        async (takes) => {
          const rate = 1000 * KB;
          const burst = 128 * KB;
          const hand = onHandClock(rate, burst);
          const largest = Math.max(...takes.map((t) => t.bytes));
          let granted = 0;
          const check = () => expect(granted).toBeLessThanOrEqual(burst + (rate / 1000) * hand.clock + largest);
          const wakeUntil = async (until: number) => {
            while (hand.due && hand.due.at <= until) {
              hand.wake();
              await Promise.resolve(); // the granted takes' callbacks
              check();
            }
          };
          const turns: Promise<void>[] = [];
          for (const { bytes, gapMs } of takes) {
            await wakeUntil(hand.clock + gapMs);
            const turn = hand.intake.take(bytes);
            if (turn) turns.push(turn.then(() => void (granted += bytes)));
            else granted += bytes;
            check();
          }
          // Everything waiting is granted in the end, at no more than the rate.
          await wakeUntil(Infinity);
          await Promise.all(turns);
          expect(granted).toBe(takes.reduce((sum, t) => sum + t.bytes, 0));
        },
      ),
    );
  });
});
