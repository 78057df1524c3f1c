import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Long CPU work off the request thread (issue 22 item 7): a master file import's parsing and
 * applying ran on the server's only thread and held every other request for seconds. Each lane
 * has one worker thread, started on first use, that runs its tasks of `server/jobs/worker.ts`; a
 * master task opens its own better-sqlite3 connection to the same file (WAL), so readers on the
 * request thread keep their snapshot until the task commits. The warehouse has a lane of its own:
 * its worker holds the DuckDB file (a listing must not wait behind a master import's seconds of
 * parsing, and an import must not wait behind a copy).
 *
 * The worker is TypeScript like the rest of the server: its bootstrap registers tsx's loader in
 * the worker (a worker does not inherit it), then imports the entry.
 */
export type OffThreadTask = 'masterImport' | 'masterCheck' | 'walCheckpoint' | 'versionsSweep' | 'warehouseTables' | 'warehouseCopy' | 'warehouseQuery' | 'warehouseClose';

type Lane = 'master' | 'warehouse';
const LANES: Record<OffThreadTask, Lane> = {
  masterImport: 'master',
  masterCheck: 'master',
  walCheckpoint: 'master',
  versionsSweep: 'master',
  warehouseTables: 'warehouse',
  warehouseCopy: 'warehouse',
  warehouseQuery: 'warehouse',
  warehouseClose: 'warehouse',
};

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

const workers = new Map<Lane, Worker>();
let nextId = 1;
/** Tasks waiting for an answer, per lane (a lane's worker dying fails only its own tasks). */
const pending: Record<Lane, Map<number, Pending>> = { master: new Map(), warehouse: new Map() };

/** The worker's source (`eval`): registers tsx, then imports `entryFile` of this folder (the list lane has its own). */
export function bootstrap(entryFile = './worker.ts'): string {
  const require = createRequire(import.meta.url);
  // tsx's ESM API (the `import` condition; require.resolve answers the CommonJS file).
  const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL(entryFile, import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
}

function failAll(lane: Lane, started: Worker, error: Error) {
  if (workers.get(lane) !== started) return;
  for (const { reject } of pending[lane].values()) reject(error);
  pending[lane].clear();
  workers.delete(lane);
}

function workerOf(lane: Lane): Worker {
  const running = workers.get(lane);
  if (running) return running;
  const waiting = pending[lane];
  const started = new Worker(bootstrap(), { eval: true });
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const task = waiting.get(message.id);
    if (!task) return;
    waiting.delete(message.id);
    if (message.error !== undefined) task.reject(new Error(message.error));
    else task.resolve(message.result);
    if (waiting.size === 0) started.unref();
  });
  started.on('error', (error) => failAll(lane, started, error instanceof Error ? error : new Error(String(error))));
  started.on('exit', (code) => failAll(lane, started, new Error(`作業用スレッドが終了しました（${code}）。もう一度実行してください。`)));
  started.unref();
  workers.set(lane, started);
  return started;
}

/**
 * Runs a task on the worker thread; resolves with its result, rejects with its error's message
 * (the Japanese reason a job shows). `transfer` hands big buffers over without a copy.
 */
export function runOffThread<T>(task: OffThreadTask, input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
  const lane = LANES[task];
  const target = workerOf(lane);
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending[lane].set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.ref();
    target.postMessage({ id, task, input }, transfer);
  });
}

/** Stops the workers (tests, shutdown); the next task starts a new one. */
export async function stopOffThread(): Promise<void> {
  const current = [...workers.values()];
  workers.clear();
  await Promise.all(current.map((w) => w.terminate()));
}
