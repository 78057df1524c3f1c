import { setTimeout as pause } from 'node:timers/promises';
import type { DB } from './open';

/**
 * Writes from the request thread that may meet another connection's long transaction (issue 36):
 * a master import applies its rows on a worker in one transaction and holds the database's write
 * lock for seconds. A write made the usual way then held the request thread in SQLite's busy wait
 * (up to 5 s, every other request waiting), and failed after it.
 */

/** The write, or `locked` at once when another connection holds the write lock (no busy wait). */
export function tryWrite<T>(db: DB, write: () => T): { done: true; value: T } | { done: false } {
  const wait = db.pragma('busy_timeout', { simple: true }) as number;
  db.pragma('busy_timeout = 0');
  try {
    return { done: true, value: write() };
  } catch (e) {
    // SQLITE_BUSY, or SQLITE_BUSY_SNAPSHOT (another connection wrote since this one began reading).
    if (String((e as { code?: unknown }).code).startsWith('SQLITE_BUSY')) return { done: false };
    throw e;
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;
/** Past this, the write is made the usual way (SQLite's own busy wait, then its error), as before. */
export const WRITE_WAIT_MS = 60_000;

/**
 * Runs `write` (a whole transaction: it is run again from its start) once no other connection
 * holds the write lock. Between two tries the request thread serves other requests.
 */
export async function writeWhenFree<T>(db: DB, write: () => T): Promise<T> {
  const giveUpAt = Date.now() + WRITE_WAIT_MS;
  for (let wait = FIRST_PAUSE_MS; Date.now() < giveUpAt; wait = Math.min(wait * 2, LONGEST_PAUSE_MS)) {
    const attempt = tryWrite(db, write);
    if (attempt.done) return attempt.value;
    await pause(wait);
  }
  return write();
}
