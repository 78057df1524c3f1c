import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { ListQuery, ListWork } from '../db/list';
import type { Refusal } from '../shared/fairness';
import { FairQueue, type FairQueueLimits } from './fairQueue';
import { bootstrap } from './offThread';

/**
 * The list lane (issue 36 item 1): the costly parts of list pages (a search's count and order, a
 * deep page's anchor: `readListWork` in server/db/list.ts) read by worker threads, each on a
 * read-only connection of its own to the same WAL file. better-sqlite3 is synchronous: read on
 * the request thread, one user's ranked searches held every other request (users/me, a plain
 * page) for as long as each took. Here they hold only the lane, and the lane takes turns between
 * users (`FairQueue`): another user's search waits for at most one task of each user ahead of it.
 * The queue is bounded; a task beyond its bounds is refused (the caller answers 429).
 */
export interface ListLaneOptions extends FairQueueLimits {
  /** Worker threads reading at once. */
  workers: number;
}

/**
 * Two workers on a machine of two cores, one fewer than its cores where there are more (at most
 * four). The workers read at a lower priority than the request thread (server/jobs/listWorker.ts),
 * so it keeps a core when it has work whatever they read: that is the point. Two rather than one
 * (issue 38): the jump palette's three national-scale searches of one text, or two users' searches,
 * read side by side instead of each waiting for the one before it, and the second core is not left
 * idle while the request thread waits. A user has at most six list requests in progress
 * (DEFAULT_FAIRNESS.concurrent), so eight waiting never refuse a person; 256 in all is far beyond
 * a team's browsing and bounds what a crowd of scripts can queue.
 */
export const DEFAULT_LIST_LANE: ListLaneOptions = {
  workers: Math.min(4, Math.max(2, availableParallelism() - 1)),
  perUser: 8,
  total: 256,
};

/** A task the lane refused: the user's waiting places, or everyone's, are taken. */
export class ListWorkRefused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
}

/**
 * A task taken out of the queue before a worker read it: its request was abandoned (the client
 * hung up, as the palette does with the batch of a text typed over). Nobody reads its answer, and
 * read here instead it would hold the request thread for nothing.
 */
export class ListWorkAbandoned extends Error {
  constructor() {
    super('一覧の読み込みは要求元が中止しました。');
  }
}

/** What a task cost: the worker's reading time (charged to the user's budget) and the time the request waited in all. */
export interface ListWorkDone {
  work: ListWork;
  ranMs: number;
  awaitedMs: number;
}

interface Task {
  id: number;
  file: string;
  query: ListQuery;
  queuedAt: number;
  resolve: (done: ListWorkDone) => void;
  reject: (error: Error) => void;
}

interface Reader {
  worker: Worker;
  task?: Task;
}

/** A message of the worker (server/jobs/listWorker.ts). */
export interface ListWorkAnswer {
  id: number;
  work?: ListWork;
  error?: string;
  ranMs: number;
}

export interface ListLane {
  /**
   * Reads `query`'s costly parts from the database file `file` in `user`'s turn; rejects with
   * `ListWorkRefused` beyond the bounds, and with `ListWorkAbandoned` when `abandoned` aborts
   * while the task still waits (a task a worker has begun is read to its end: its parts are kept).
   */
  read(user: string, file: string, query: ListQuery, abandoned?: AbortSignal): Promise<ListWorkDone>;
  /**
   * Starts the workers now, idle (a server calls it at start): a worker's start (its thread, its
   * modules) took ~100 ms at load, and was paid by the first search that needed the lane.
   */
  start(): void;
  /** Ends the workers; waiting tasks are rejected. The next read starts new ones. */
  stop(): Promise<void>;
}

export function createListLane(options: ListLaneOptions = DEFAULT_LIST_LANE, spawn: () => Worker = () => new Worker(bootstrap('./listWorker.ts'), { eval: true })): ListLane {
  const queue = new FairQueue<Task>(options);
  let readers: Reader[] = [];
  let nextId = 1;

  const retire = (reader: Reader, error: Error) => {
    if (!readers.includes(reader)) return;
    readers = readers.filter((r) => r !== reader);
    reader.task?.reject(error);
    reader.task = undefined;
    void reader.worker.terminate();
    dispatch();
  };

  const start = (): Reader => {
    const reader: Reader = { worker: spawn() };
    reader.worker.on('message', (answer: ListWorkAnswer) => {
      const task = reader.task;
      if (!task || task.id !== answer.id) return;
      reader.task = undefined;
      if (answer.work) task.resolve({ work: answer.work, ranMs: answer.ranMs, awaitedMs: performance.now() - task.queuedAt });
      else task.reject(new Error(answer.error ?? 'list work failed'));
      dispatch();
    });
    reader.worker.on('error', (error) => retire(reader, error instanceof Error ? error : new Error(String(error))));
    reader.worker.on('exit', (code) => retire(reader, new Error(`一覧の読み込み用スレッドが終了しました（${code}）。`)));
    readers.push(reader);
    return reader;
  };

  function dispatch(): void {
    while (queue.size > 0) {
      const reader = readers.find((r) => !r.task) ?? (readers.length < options.workers ? start() : undefined);
      if (!reader) return;
      const { item: task } = queue.shift()!;
      // The idle worker that read least recently goes next (the readers stay in that order): one
      // after another, the tasks keep every worker's connection and statements warm, so the first
      // time two read at once neither pays a cold start.
      readers = [...readers.filter((r) => r !== reader), reader];
      reader.task = task;
      reader.worker.ref();
      reader.worker.postMessage({ id: task.id, file: task.file, query: task.query });
    }
    // An idle worker does not keep the process alive.
    for (const reader of readers) if (!reader.task) reader.worker.unref();
  }

  return {
    read(user, file, query, abandoned) {
      return new Promise<ListWorkDone>((resolveDone, reject) => {
        if (abandoned?.aborted) {
          reject(new ListWorkAbandoned());
          return;
        }
        const leave = () => {
          if (queue.remove(user, task)) reject(new ListWorkAbandoned());
        };
        const settled = <A>(settle: (value: A) => void) => (value: A) => {
          abandoned?.removeEventListener('abort', leave);
          settle(value);
        };
        const task: Task = { id: nextId++, file: resolve(file), query, queuedAt: performance.now(), resolve: settled(resolveDone), reject: settled(reject) };
        const full = queue.push(user, task);
        if (full) {
          reject(new ListWorkRefused({ reason: full === 'user' ? 'concurrent' : 'busy', retryAfterSeconds: 1 }));
          return;
        }
        abandoned?.addEventListener('abort', leave, { once: true });
        dispatch();
      });
    },
    start() {
      while (readers.length < options.workers) start();
      dispatch();
    },
    async stop() {
      const stopping = readers;
      readers = [];
      for (const task of queue.drain()) task.reject(new Error('一覧の読み込みを中止しました。'));
      for (const reader of stopping) reader.task?.reject(new Error('一覧の読み込みを中止しました。'));
      await Promise.all(stopping.map((reader) => reader.worker.terminate()));
    },
  };
}

/** The process's lane: the request thread is one per process, so is its lane. */
export const listLane: ListLane = createListLane();
