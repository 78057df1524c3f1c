import { statSync } from 'node:fs';
import { constants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { readListWork, type ListQuery } from '../db/list';
import { openConnection, type DB } from '../db/open';
import type { ListWorkAnswer } from './listLane';

/**
 * The list lane's worker (server/jobs/listLane.ts): one task at a time, the costly parts of a
 * list page read on a connection of its own per database file, with the request thread's pragmas
 * and SQL functions (`openConnection`), and read-only (`query_only`): a bug here can never write.
 */

/**
 * The worker yields a core to the request thread: on Linux a thread's nice value is its own
 * (setpriority of "process 0" is the calling thread), so lowering it here leaves the request
 * thread's as it is. On a shared machine of two cores, a ranked search on the lane at normal
 * priority took turns for a core with the request thread, and users/me waited for its slices.
 * Elsewhere the call would lower the whole process: skipped.
 */
if (process.platform === 'linux') setPriority(constants.priority.PRIORITY_BELOW_NORMAL);

/** Connections kept, least recently used closed first (tests open many short-lived databases). */
const MAX_CONNECTIONS = 8;

interface Connection {
  db: DB;
  /** The file's inode when opened: a file removed and created again under the name is opened anew. */
  inode: number;
}

const connections = new Map<string, Connection>();

function connectionTo(file: string): DB {
  const inode = statSync(file).ino;
  const open = connections.get(file);
  connections.delete(file);
  if (open && open.inode === inode) {
    connections.set(file, open);
    return open.db;
  }
  open?.db.close();
  const db = openConnection(file);
  db.pragma('query_only = ON');
  connections.set(file, { db, inode });
  if (connections.size > MAX_CONNECTIONS) {
    const [oldest, { db: least }] = connections.entries().next().value!;
    connections.delete(oldest);
    least.close();
  }
  return db;
}

parentPort!.on('message', ({ id, file, query }: { id: number; file: string; query: ListQuery }) => {
  const started = performance.now();
  let answer: ListWorkAnswer;
  try {
    answer = { id, work: readListWork(connectionTo(file), query), ranMs: performance.now() - started };
  } catch (e) {
    answer = { id, error: e instanceof Error && e.message ? e.message : String(e), ranMs: performance.now() - started };
  }
  // The ids move to the request thread without a copy.
  const ids = [answer.work?.order, answer.work?.pageIds].flatMap((part) => (part ? [part.buffer as ArrayBuffer] : []));
  parentPort!.postMessage(answer, ids);
});
