import { openConnection, type DB } from './open';

/**
 * Who copies a database's WAL into its file (issue 36). SQLite's automatic checkpoint runs on the
 * connection whose commit pushes the WAL past 1,000 pages. When a job process committed a master
 * import while a read of the request thread was in progress (or a warehouse copy held its
 * snapshot), the commit's checkpoint stopped short, and the request thread's next one-row write
 * then copied the whole import itself: about 300 ms for a 120,000-row import, every other request
 * waiting. So a database written by workers is opened on the request thread with the automatic
 * checkpoint off (`requestThreadCheckpointsOff`), and a chore checkpoints it on the master lane
 * (`runWalCheckpoint`, server/jobs/worker.ts), never waiting on a lock: whatever readers still
 * use is copied by the next turn.
 */
export function requestThreadCheckpointsOff(db: DB): void {
  db.pragma('wal_autocheckpoint = 0');
}

/** How often the chore runs: the WAL of the request thread's own writes stays small meanwhile. */
export const WAL_CHECKPOINT_MS = 5_000;

/** A passive checkpoint of `dbFile` in this (job) process: the pages copied and those in the WAL. */
export function runWalCheckpoint({ dbFile }: { dbFile: string }): { log: number; checkpointed: number } {
  const db = openConnection(dbFile);
  try {
    const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)') as { log: number; checkpointed: number }[];
    return { log, checkpointed };
  } finally {
    db.close();
  }
}
