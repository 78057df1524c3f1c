import type { MiddlewareHandler } from 'hono';
import type { DB } from '../db/open';
import { takeWriteTurn, WRITE_TURN_WAIT_MS } from '../db/writeWhenFree';
import { errorBody, MESSAGES, RETRY_LOCKED_SECONDS } from './errors';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface WriteTurnOptions {
  /**
   * Write requests that change no row of this database, by their declared paths (`{kind}` stands
   * for one segment): the lookups batch (a POST that reads), a job's start (the job store is a
   * file of its own). They never wait for the lock: a copy started during an import's apply runs
   * beside it.
   */
  untouched?: readonly string[];
  /** How long a write waits for the lock before it is answered 503 (tests shorten it). */
  waitMs?: number;
}

/**
 * Every write request to a service whose database other connections write (core: a master
 * import's apply on a worker holds the write lock for seconds, the versions sweep and the WAL
 * checkpoint for moments) takes its turn here, in one place, instead of each handler's SQL
 * meeting the lock (issue 36). Before, a write made then held the request thread in SQLite's
 * busy wait (up to 5 s, every other request waiting) and answered 500 after it.
 *
 * The body is read first (a slow client never holds the lock), then the turn is waited for
 * without holding the thread (`takeWriteTurn`): the handler runs inside the turn's transaction
 * (its own transactions become savepoints), which is committed when it has answered, as its
 * writes would have been. A write that waits longer than `waitMs` changes nothing and is
 * answered 503 with Retry-After and a Japanese message.
 */
export function writeTurns(db: DB, options: WriteTurnOptions = {}): MiddlewareHandler {
  // The request's path carries the service's mount (`/core`, `/demo/core`) before the declared one.
  const untouched = (options.untouched ?? []).map((path) => new RegExp(`${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^/}]+\}/g, '[^/]+')}$`));
  const waitMs = options.waitMs ?? WRITE_TURN_WAIT_MS;
  return async (c, next) => {
    if (READS.has(c.req.method) || untouched.some((path) => path.test(c.req.path))) return next();
    // Read into Hono's cache, where the validators read it from. A body that cannot be read
    // (too large, cut off) is left for the validators to refuse as they always have.
    if (c.req.raw.body) await c.req.arrayBuffer().catch(() => undefined);
    const turn = await takeWriteTurn(db, waitMs);
    if (!turn) {
      c.header('retry-after', String(RETRY_LOCKED_SECONDS));
      return c.json(errorBody([MESSAGES.locked]), 503);
    }
    try {
      await next();
    } finally {
      turn.end();
    }
  };
}
