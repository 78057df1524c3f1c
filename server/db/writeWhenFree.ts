import { setTimeout as pause } from 'node:timers/promises';
import type { DB } from './open';

/**
 * Writes from the request thread that may meet another connection's long transaction (issue 36):
 * a master import applies its rows on a worker in one transaction and holds the database's write
 * lock for seconds. A write made the usual way then held the request thread in SQLite's busy wait
 * (up to 5 s, every other request waiting), and failed after it. Every request-thread write to
 * such a database goes through a turn here: a write request's whole handling
 * (server/shared/writeTurns.ts), or one write outside a write request (`writeWhenFree`: a job's
 * step, a read that marks something read).
 */

/** SQLITE_BUSY, or SQLITE_BUSY_SNAPSHOT (another connection wrote since this one began reading). */
export const isLockedError = (e: unknown) => String((e as { code?: unknown } | null)?.code).startsWith('SQLITE_BUSY');

/** The write, or `locked` at once when another connection holds the write lock (no busy wait). */
export function tryWrite<T>(db: DB, write: () => T): { done: true; value: T } | { done: false } {
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return { done: true, value: write() };
  } catch (e) {
    if (isLockedError(e)) return { done: false };
    throw e;
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;
/** How long a write waits for its turn before it gives up (a request's answer is then 503). */
export const WRITE_TURN_WAIT_MS = 30_000;

/** A hold on the write lock: `end` commits what was written in it and lets the next turn begin. */
export interface WriteTurn {
  end(): void;
}

/** The turn last handed out on each connection: the next waits for it to end. */
const lastTurns = new WeakMap<DB, Promise<void>>();

/**
 * The write lock (`BEGIN IMMEDIATE` on `db`), taken without holding the thread: one turn at a time
 * on the connection (a second request's writes would otherwise land in the first's transaction),
 * and while another connection holds the lock the thread serves other requests between tries.
 * Undefined, having changed nothing, when the lock stayed held for `waitMs`.
 */
export async function takeWriteTurn(db: DB, waitMs: number): Promise<WriteTurn | undefined> {
  const before = lastTurns.get(db) ?? Promise.resolve();
  let ended!: () => void;
  const mine = new Promise<void>((resolve) => (ended = resolve));
  lastTurns.set(db, before.then(() => mine));
  await before;
  const giveUpAt = Date.now() + waitMs;
  for (let wait = FIRST_PAUSE_MS; ; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    if (tryWrite(db, () => db.exec('BEGIN IMMEDIATE')).done) {
      return {
        end() {
          try {
            if (db.inTransaction) db.exec('COMMIT');
          } catch (e) {
            // Never leave the connection inside a transaction every later write would join.
            if (db.inTransaction) db.exec('ROLLBACK');
            throw e;
          } finally {
            ended();
          }
        },
      };
    }
    if (Date.now() >= giveUpAt) {
      ended();
      return undefined;
    }
    await pause(Math.min(wait, Math.max(0, giveUpAt - Date.now())));
  }
}

/** The lock stayed held past the wait: answered like SQLite's own (503 for a request, server/shared/errors.ts). */
export class WriteLockHeld extends Error {
  readonly code = 'SQLITE_BUSY';
  constructor() {
    super('the write lock stayed held past the wait');
  }
}

/**
 * Runs `write` (synchronous: one transaction, or statements) in a turn of its own, once no other
 * connection holds the write lock; between tries the thread serves other requests. Inside an open
 * turn (this connection already holds the lock: a write request's handling) it runs at once.
 */
export async function writeWhenFree<T>(db: DB, write: () => T): Promise<T> {
  if (db.inTransaction) return write();
  const turn = await takeWriteTurn(db, WRITE_TURN_WAIT_MS);
  if (!turn) throw new WriteLockHeld();
  let value: T;
  try {
    value = write();
  } finally {
    turn.end();
  }
  return value;
}
