import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Long CPU work off the request thread (issue 22 item 7): a master file import's parsing and
 * applying ran on the server's only thread and held every other request for seconds. One worker
 * thread, started on first use, runs the tasks of `server/jobs/worker.ts` one after another; a
 * task that touches a database opens its own better-sqlite3 connection to the same file (WAL), so
 * readers on the request thread keep their snapshot until the task commits.
 *
 * The worker is TypeScript like the rest of the server: its bootstrap registers tsx's loader in
 * the worker (a worker does not inherit it), then imports the entry.
 */
export type OffThreadTask = 'masterImport' | 'masterCheck';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();

function bootstrap(): string {
  const require = createRequire(import.meta.url);
  // tsx's ESM API (the `import` condition; require.resolve answers the CommonJS file).
  const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL('./worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
}

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
}

function theWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(bootstrap(), { eval: true });
  started.on('message', (message: { id: number; result?: unknown; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error !== undefined) waiting.reject(new Error(message.error));
    else waiting.resolve(message.result);
    if (pending.size === 0) started.unref();
  });
  started.on('error', (error) => failAll(error instanceof Error ? error : new Error(String(error))));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`作業用スレッドが終了しました（${code}）。もう一度実行してください。`));
  });
  started.unref();
  worker = started;
  return started;
}

/**
 * Runs a task on the worker thread; resolves with its result, rejects with its error's message
 * (the Japanese reason a job shows). `transfer` hands big buffers over without a copy.
 */
export function runOffThread<T>(task: OffThreadTask, input: unknown, transfer: ArrayBuffer[] = []): Promise<T> {
  const target = theWorker();
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.ref();
    target.postMessage({ id, task, input }, transfer);
  });
}

/** Stops the worker (tests, shutdown); the next task starts a new one. */
export async function stopOffThread(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await current.terminate();
}
