import { subMonths } from 'date-fns';
import { openConnection, type DB } from '../db/open';
import { tryWrite } from '../db/writeWhenFree';

/** How long versions are kept: `VERSIONS_RETENTION_MONTHS` (default 36, three years). */
export const DEFAULT_RETENTION_MONTHS = 36;

export function retentionMonths(value = process.env.VERSIONS_RETENTION_MONTHS): number {
  const months = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(months) && months > 0 ? months : DEFAULT_RETENTION_MONTHS;
}

/** The sweep runs on the job runner's clock, hourly, on the master lane (`runVersionsSweep`), never on the request thread. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Rows deleted per statement: a long backlog goes in short transactions, so writers never wait long. */
const SWEEP_BATCH = 5000;

/**
 * Deletes the versions older than the retention period; answers how many went. A destroyed
 * record's last version goes with its age too: past the period it can no longer be restored.
 */
export function sweepVersions(db: DB, now: Date, months: number, batches = Infinity): number {
  const cutoff = subMonths(now, months).toISOString();
  const remove = db.prepare('DELETE FROM versions WHERE id IN (SELECT id FROM versions WHERE created_at < @cutoff ORDER BY created_at, id LIMIT @limit)');
  let total = 0;
  for (let batch = 0; batch < batches; batch++) {
    const { changes } = remove.run({ cutoff, limit: SWEEP_BATCH });
    total += changes;
    if (changes < SWEEP_BATCH) break;
  }
  return total;
}

/**
 * The hourly chore's work on the master lane (server/jobs/worker.ts): a sweep of a long backlog is
 * seconds of deletes, which the request thread must not spend (issue 39 item 6). A turn whose
 * batch meets another connection's write lock (a master import's apply) stops there without
 * waiting, and the next turn goes on: answers how many went and whether the sweep was cut short.
 */
export function runVersionsSweep({ dbFile, now, months }: { dbFile: string; now: string; months: number }): { swept: number; interrupted: boolean } {
  const db = openConnection(dbFile);
  try {
    let swept = 0;
    for (;;) {
      const turn = tryWrite(db, () => sweepVersions(db, new Date(now), months, 1));
      if (!turn.done) return { swept, interrupted: true };
      swept += turn.value;
      if (turn.value < SWEEP_BATCH) return { swept, interrupted: false };
    }
  } finally {
    db.close();
  }
}
