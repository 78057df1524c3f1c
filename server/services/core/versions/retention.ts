import { subMonths } from 'date-fns';
import type { DB } from '../../../db/open';

/** How long versions are kept: `VERSIONS_RETENTION_MONTHS` (default 36, three years). */
export const DEFAULT_RETENTION_MONTHS = 36;

export function retentionMonths(value = process.env.VERSIONS_RETENTION_MONTHS): number {
  const months = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(months) && months > 0 ? months : DEFAULT_RETENTION_MONTHS;
}

/** The sweep runs on the job runner's clock, hourly, never on a request. */
export const RETENTION_SWEEP_MS = 60 * 60 * 1000;

/** Rows deleted per statement: a long backlog goes in short transactions, so writers never wait long. */
const SWEEP_BATCH = 5000;

/**
 * Deletes the versions older than the retention period; answers how many went. A destroyed
 * record's last version goes with its age too: past the period it can no longer be restored.
 */
export function sweepVersions(db: DB, now: Date, months: number): number {
  const cutoff = subMonths(now, months).toISOString();
  const remove = db.prepare('DELETE FROM versions WHERE id IN (SELECT id FROM versions WHERE created_at < @cutoff ORDER BY created_at, id LIMIT @limit)');
  let total = 0;
  for (;;) {
    const { changes } = remove.run({ cutoff, limit: SWEEP_BATCH });
    total += changes;
    if (changes < SWEEP_BATCH) return total;
  }
}
