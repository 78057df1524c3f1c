import type { Context, MiddlewareHandler } from 'hono';
import type { AuthEnv } from './auth';
import { errorBody } from './errors';

/**
 * Fair shares of list work (issue 36 item 1): one user's lists must not stall everyone's requests.
 * Every list call and the request thread are one: a user who asks lists back to back (the lookups
 * batch in a loop, many batches at once) would otherwise hold the thread for as long as they
 * like. Each user (the token's `sub`, staff and pharmacy alike) gets
 * - at most `concurrent` list requests in progress at once (a batch counts as one: its sub-calls
 *   start one per turn of the event loop inside it), and
 * - a cost budget: a bucket of `burstMs` milliseconds of list work, refilled at `msPerSecond`
 *   per second; each list call (a batch's sub-calls each) is charged the time it took (its reading
 *   on the list lane's thread instead of its wait for it), and a call is refused while the bucket
 *   is empty.
 * Beyond either, the answer is 429 with `Retry-After` (whole seconds). The budget is pure logic
 * over an injected clock (unit-tested without timers); `listWorkGuard` is the one middleware
 * that applies it, and the environment decides which requests are list work.
 */
export interface FairnessLimits {
  /** List requests of one user in progress at once. */
  concurrent: number;
  /** The most list work (ms) a user may spend in a burst. */
  burstMs: number;
  /** List work (ms) a user's budget regains per second: the share of the thread one user may keep. */
  msPerSecond: number;
}

/**
 * A browser keeps at most six connections to a host over HTTP/1.1, and a screen asks several
 * lists at once (a page, its references by ids, the palette's lookups without the batch, four at
 * a time): six places never refuse a person, while a script that opens more is held. A person's
 * browsing spends a few ms per list; 1.5 s covers a burst of cold national-scale searches, and
 * 150 ms a second (15 % of the thread) lets a handful of users at full tilt still leave the
 * thread mostly free for everyone else.
 */
export const DEFAULT_FAIRNESS: FairnessLimits = { concurrent: 6, burstMs: 1500, msPerSecond: 150 };

export const FAIRNESS_MESSAGES = {
  concurrent: '一覧の読み込みが同時に多すぎます。前の読み込みが終わってから再度お試しください。',
  budget: '短い時間に一覧の読み込みが多すぎます。しばらくしてから再度お試しください。',
  busy: '一覧の読み込みが混み合っています。しばらくしてから再度お試しください。',
} as const;

/** A refusal: why, and after how many whole seconds asking again can succeed. */
export interface Refusal {
  reason: keyof typeof FAIRNESS_MESSAGES;
  retryAfterSeconds: number;
}

/** What `enter` hands out: give it back to `leave` with the work's cost. */
export interface Ticket {
  readonly user: string;
  readonly slot: boolean;
}

interface Account {
  active: number;
  /** ms of work left at `at` (negative after an expensive call: the debt is paid off first). */
  balance: number;
  at: number;
}

/** Accounts kept before the idle ones (nothing in progress, bucket full) are forgotten. */
const MAX_ACCOUNTS = 10_000;

export interface FairnessBudget {
  /**
   * Admits one piece of `user`'s list work, or says why not. `slot`: it occupies one of the
   * user's concurrent places (a batch, a direct list call); a batch's sub-call does not (its
   * batch holds the place) but is refused on an empty bucket like any call.
   */
  enter(user: string, slot: boolean): Ticket | Refusal;
  /** The work is over: frees its place and charges `costMs` to the user's budget. */
  leave(ticket: Ticket, costMs: number): void;
}

/** The budget over `clock` (ms, monotonic; `performance.now` by default). */
export function createFairnessBudget(limits: FairnessLimits = DEFAULT_FAIRNESS, clock: () => number = () => performance.now()): FairnessBudget {
  const accounts = new Map<string, Account>();
  const refill = (account: Account, now: number) => {
    account.balance = Math.min(limits.burstMs, account.balance + ((now - account.at) / 1000) * limits.msPerSecond);
    account.at = now;
  };
  const forgetIdle = (now: number) => {
    for (const [user, account] of accounts) {
      refill(account, now);
      if (account.active === 0 && account.balance >= limits.burstMs) accounts.delete(user);
    }
  };
  return {
    enter(user, slot) {
      const now = clock();
      if (!accounts.has(user) && accounts.size >= MAX_ACCOUNTS) forgetIdle(now);
      let account = accounts.get(user);
      if (!account) accounts.set(user, (account = { active: 0, balance: limits.burstMs, at: now }));
      refill(account, now);
      if (account.balance <= 0) {
        // Until the debt is refilled and a little more: asking exactly then succeeds.
        const seconds = (-account.balance + 1) / Math.max(limits.msPerSecond, Number.MIN_VALUE);
        return { reason: 'budget', retryAfterSeconds: Math.max(1, Math.ceil(seconds)) };
      }
      if (slot && account.active >= limits.concurrent) return { reason: 'concurrent', retryAfterSeconds: 1 };
      if (slot) account.active += 1;
      return { user, slot };
    },
    leave(ticket, costMs) {
      const account = accounts.get(ticket.user);
      if (!account) return;
      refill(account, clock());
      if (ticket.slot) account.active = Math.max(0, account.active - 1);
      account.balance -= Math.max(0, costMs);
    },
  };
}

export const isRefusal = (admitted: Ticket | Refusal): admitted is Refusal => 'reason' in admitted;

/** The answer to refused list work: 429, Retry-After in whole seconds, the Japanese reason. */
export const tooManyListRequests = (c: Context, refusal: Refusal): Response =>
  c.json(errorBody([FAIRNESS_MESSAGES[refusal.reason]]), 429, { 'retry-after': String(refusal.retryAfterSeconds) });

/** Work a request had read on another thread: how long it waited for it, and how long the thread read. */
interface OffThreadWork {
  awaitedMs: number;
  ranMs: number;
}

const offThreadWork = new WeakMap<Request, OffThreadWork>();

/**
 * Notes list work of `request` read on another thread (the list lane). The guard charges the
 * user the thread's reading time instead of the wait: waiting in the lane behind other users'
 * turns is no work of this user's, and the lane's reading is, wherever it ran.
 */
export function noteOffThreadWork(request: Request, awaitedMs: number, ranMs: number): void {
  const noted = offThreadWork.get(request) ?? { awaitedMs: 0, ranMs: 0 };
  offThreadWork.set(request, { awaitedMs: noted.awaitedMs + awaitedMs, ranMs: noted.ranMs + ranMs });
}

/** How a request counts: a batch (holds a place, its sub-calls are charged), a list call, a batch's sub-call, or not list work. */
export type ListWorkKind = 'batch' | 'list' | 'sub-call' | undefined;

/**
 * The middleware after `requireAuth` on every service's `/api/*`: list work (as `kindOf` tells)
 * passes the caller's budget or is answered 429 with Retry-After and a Japanese message. A list
 * call is charged its own time; a batch is not (each of its sub-calls is, as it comes through
 * here), so waiting between sub-calls costs the user nothing.
 */
export function listWorkGuard(budget: FairnessBudget, kindOf: (request: Request, path: string) => ListWorkKind, clock: () => number = () => performance.now()): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const kind = kindOf(c.req.raw, c.req.path);
    if (kind === undefined) return next();
    const admitted = budget.enter(c.get('principal').sub, kind !== 'sub-call');
    if (isRefusal(admitted)) return tooManyListRequests(c, admitted);
    const started = clock();
    try {
      await next();
    } finally {
      const elsewhere = offThreadWork.get(c.req.raw) ?? { awaitedMs: 0, ranMs: 0 };
      budget.leave(admitted, kind === 'batch' ? 0 : clock() - started - elsewhere.awaitedMs + elsewhere.ranMs);
    }
  };
}
