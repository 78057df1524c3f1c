import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runStockFix, SPEC_FIX_WAITS, stockFixWaits, type FixProgress } from '../../../src/customRoutes/stocks/fixRunner';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fix that records when it was called (fake time) and fails for the given codes. */
const recordingFix = (failing: string[]) => {
  const calls: { code: string; at: number }[] = [];
  const fix = vi.fn(async (code: string) => {
    calls.push({ code, at: Date.now() });
    if (failing.includes(code)) throw new Error('422');
  });
  return { calls, fix };
};

describe('stock fix runner', () => {
  it('waits 1 s before each request, pauses 10 s after a failure, goes on, and reports the failed codes', async () => {
    const start = Date.now();
    const { calls, fix } = recordingFix(['B']);
    const run = runStockFix({ codes: ['A', 'B', 'C'], fix });
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.runAllTimersAsync();
    const result = await run;
    expect(calls.map(({ code, at }) => [code, at - start])).toEqual([['A', 1000], ['B', 2000], ['C', 13_000]]);
    expect(result).toEqual({ done: 3, failed: ['B'], reasons: { B: '422' }, cancelled: false });
  });

  it('reports progress with the count done and the failures so far', async () => {
    const progress: FixProgress[] = [];
    const { fix } = recordingFix(['A']);
    const run = runStockFix({ codes: ['A', 'B'], fix, onProgress: (p) => progress.push(p) });
    await vi.runAllTimersAsync();
    await run;
    expect(progress.map((p) => [p.done, p.current, p.failed])).toEqual([[0, 'A', []], [1, null, ['A']], [1, 'B', ['A']], [2, null, ['A']]]);
    expect(progress.every((p) => p.total === 2)).toBe(true);
  });

  it('stops before the next request when cancelled, also during the pause after a failure', async () => {
    const controller = new AbortController();
    const { calls, fix } = recordingFix(['A']);
    const run = runStockFix({ codes: ['A', 'B'], fix, signal: controller.signal });
    await vi.advanceTimersByTimeAsync(1000 + 5000);
    controller.abort();
    await vi.runAllTimersAsync();
    expect(await run).toEqual({ done: 1, failed: ['A'], reasons: { A: '422' }, cancelled: true });
    expect(calls.map((c) => c.code)).toEqual(['A']);
  });

  it('uses the spec’s waits unless valid shorter ones were planted for an E2E run', () => {
    expect(SPEC_FIX_WAITS).toEqual({ beforeEachMs: 1000, afterFailureMs: 10_000 });
    expect(stockFixWaits(undefined)).toEqual(SPEC_FIX_WAITS);
    expect(stockFixWaits({ beforeEachMs: 10 })).toEqual(SPEC_FIX_WAITS);
    expect(stockFixWaits({ beforeEachMs: -1, afterFailureMs: 0 })).toEqual(SPEC_FIX_WAITS);
    expect(stockFixWaits({ beforeEachMs: 10, afterFailureMs: 20 })).toEqual({ beforeEachMs: 10, afterFailureMs: 20 });
  });
});
