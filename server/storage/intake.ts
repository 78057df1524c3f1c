/**
 * How fast the process reads upload bodies off their sockets, all uploads together (issue 36
 * item 3). Every byte of an upload costs the request thread its copy out of the kernel and the
 * HTTP parser's copy, and costs a core the write into the page cache on libuv's pool (at the
 * request thread's priority); 16 uploads of 10 MB on loopback arrived in 0.9 s, and while they
 * did the request thread waited for a core and collected their garbage, so a cheap request
 * waited 50-70 ms. Reading them at a bounded pace leaves the thread and the cores room for
 * everyone else; a body not yet read waits in the kernel, and its sender is slowed by TCP's own
 * flow control (never a refusal).
 *
 * A token bucket: `take(bytes)` is granted at once while the bucket has credit, else it waits its
 * turn, first come first served, so concurrent uploads share the pace chunk by chunk. A slow or
 * stalled sender takes nothing from the others: credit is spent only on bytes that arrived.
 */
export interface Intake {
  /** Spends `bytes` of credit; a promise to wait for when the bucket is in debt, else undefined (go on at once). */
  take(bytes: number): Promise<void> | undefined;
}

export interface IntakeOptions {
  bytesPerSecond: number;
  /** Credit an idle bucket gathers: what a lone small upload reads without waiting at all. */
  burstBytes: number;
  /** A clock in ms (tests pass their own). */
  now?: () => number;
  /** Calls `run` after `ms` (tests pass their own). */
  later?: (run: () => void, ms: number) => void;
}

/**
 * 64 MB/s: a 10 MB file alone is in after 0.1 s more than unpaced (its first 4 MB need no wait);
 * 16 of them together, stored and taken, 3.3-3.7 s instead of 1.8-2.4 s (issue 36's bench, loaded machine).
 */
export const UPLOAD_BYTES_PER_SECOND = 64 * 1024 * 1024;
/** One upload of up to 4 MB goes in without a wait when nothing else is being read. */
export const UPLOAD_BURST_BYTES = 4 * 1024 * 1024;

const laterOnTimer = (run: () => void, ms: number) => {
  // The timer alone never keeps a process alive: a stopped server ends with its sockets.
  setTimeout(run, ms).unref();
};

export function createIntake({ bytesPerSecond, burstBytes, now = () => performance.now(), later = laterOnTimer }: IntakeOptions): Intake {
  const perMs = bytesPerSecond / 1000;
  let credit = burstBytes;
  let creditAt = now();
  const waiting: { bytes: number; go: () => void }[] = [];
  let timerSet = false;

  const refill = () => {
    const at = now();
    credit = Math.min(burstBytes, credit + (at - creditAt) * perMs);
    creditAt = at;
  };

  /** Grants the waiting takes in order while the bucket is not in debt, then waits until it is out of debt again. */
  const serve = () => {
    timerSet = false;
    refill();
    while (waiting.length > 0 && credit >= 0) {
      const next = waiting.shift()!;
      credit -= next.bytes;
      next.go();
    }
    if (waiting.length > 0) {
      timerSet = true;
      later(serve, Math.max(1, Math.ceil(-credit / perMs)));
    }
  };

  return {
    take(bytes) {
      refill();
      if (waiting.length === 0 && credit >= 0) {
        credit -= bytes;
        return undefined;
      }
      const turn = new Promise<void>((go) => waiting.push({ bytes, go }));
      if (!timerSet) {
        timerSet = true;
        later(serve, Math.max(1, Math.ceil(-credit / perMs)));
      }
      return turn;
    },
  };
}

/** The process's one pace for every environment's uploads: they share one request thread. */
export const uploadIntake = createIntake({
  bytesPerSecond: UPLOAD_BYTES_PER_SECOND,
  burstBytes: UPLOAD_BURST_BYTES,
});
