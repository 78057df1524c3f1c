/**
 * The stock fix run (spec sections 4, 8 and 9): one drug at a time, a 1 s wait before each fix
 * request, a 10 s pause after a failure and then on; the failed codes are collected and reported
 * at the end. Cancelling stops before the next request (one already sent is not recalled).
 */
export interface FixWaits {
  beforeEachMs: number;
  afterFailureMs: number;
}

export const SPEC_FIX_WAITS: FixWaits = { beforeEachMs: 1000, afterFailureMs: 10_000 };

export interface FixProgress {
  done: number;
  total: number;
  current: string | null;
  failed: string[];
  /** Why each failed code failed (the server's message), by code. */
  reasons: Record<string, string>;
}

export interface FixResult {
  done: number;
  failed: string[];
  reasons: Record<string, string>;
  cancelled: boolean;
}

export interface FixRunOptions {
  codes: readonly string[];
  fix: (code: string) => Promise<unknown>;
  waits?: FixWaits;
  signal?: AbortSignal;
  onProgress?: (progress: FixProgress) => void;
  /** The reason shown for a failed fix; the error's message unless told otherwise. */
  describeError?: (error: unknown) => string;
}

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : String(error));

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
export const waitUnlessAborted = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });

export async function runStockFix({ codes, fix, waits = SPEC_FIX_WAITS, signal, onProgress, describeError = errorMessage }: FixRunOptions): Promise<FixResult> {
  const failed: string[] = [];
  const reasons: Record<string, string> = {};
  let done = 0;
  const report = (current: string | null) => onProgress?.({ done, total: codes.length, current, failed: [...failed], reasons: { ...reasons } });
  for (const code of codes) {
    report(code);
    await waitUnlessAborted(waits.beforeEachMs, signal);
    if (signal?.aborted) return { done, failed, reasons, cancelled: true };
    try {
      await fix(code);
    } catch (error) {
      failed.push(code);
      reasons[code] = describeError(error);
      done += 1;
      report(null);
      await waitUnlessAborted(waits.afterFailureMs, signal);
      if (signal?.aborted) return { done, failed, reasons, cancelled: true };
      continue;
    }
    done += 1;
  }
  report(null);
  return { done, failed, reasons, cancelled: false };
}

/**
 * The waits in force: the spec's, unless an end-to-end test planted shorter ones on the window
 * before the app loaded (`__CS_PORTAL_STOCK_FIX_WAITS__`; nothing in the app sets it), so the
 * E2E run does not take 10 s per failure.
 */
export function stockFixWaits(planted: unknown = (globalThis as Record<string, unknown>).__CS_PORTAL_STOCK_FIX_WAITS__): FixWaits {
  if (typeof planted !== 'object' || planted === null) return SPEC_FIX_WAITS;
  const { beforeEachMs, afterFailureMs } = planted as Record<string, unknown>;
  const valid = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
  return valid(beforeEachMs) && valid(afterFailureMs) ? { beforeEachMs, afterFailureMs } : SPEC_FIX_WAITS;
}
