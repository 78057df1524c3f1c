import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Long CPU work off the request thread (issue 22 item 7): a master file import's parsing and
 * applying ran on the server's only thread and held every other request for seconds. Each lane
 * has one job process, started on first use, that runs its tasks of `server/jobs/worker.ts`; a
 * master task opens its own better-sqlite3 connection to the same file (WAL), so readers on the
 * request thread keep their snapshot until the task commits. The warehouse has a lane of its own:
 * its process holds the DuckDB file (a listing must not wait behind a master import's seconds of
 * parsing, and an import must not wait behind a copy).
 *
 * A process, not a worker thread (issue 36): a worker thread shares the server's V8 platform (its
 * garbage collector's and compiler's background threads) and libuv's thread pool, which run at
 * normal priority whatever the worker's own thread is set to, so on two cores an import and two
 * DuckDB copies still took turns with the request thread for a core. A process of its own is
 * lowered whole (LANE_NICENESS, every thread it has and starts). Inputs are small: a task that
 * needs megabytes is given a file to read or write (a master file's bytes never cross the request
 * thread), since sending them down the channel held it for tens of milliseconds.
 *
 * The job process is TypeScript like the rest of the server: it starts with tsx's loader.
 */
export type OffThreadTask = 'masterImport' | 'masterCheck' | 'walCheckpoint' | 'versionsSweep' | 'warehouseTables' | 'warehouseCopy' | 'warehouseQuery' | 'warehouseClose';

export type JobLane = 'master' | 'warehouse';
const LANES: Record<OffThreadTask, JobLane> = {
  masterImport: 'master',
  masterCheck: 'master',
  walCheckpoint: 'master',
  versionsSweep: 'master',
  warehouseTables: 'warehouse',
  warehouseCopy: 'warehouse',
  warehouseQuery: 'warehouse',
  warehouseClose: 'warehouse',
};

/** How far a job process yields to the server (nice 10: it gets a core only when the request thread leaves one). */
export const LANE_NICENESS = 10;

/** Why a lane's task failed when its process ended under it (it crashed, ran out of memory, or was killed). */
export const jobProcessEnded = (how: string) => `作業用プロセスが終了しました（${how}）。もう一度実行してください。`;
/** Why a task failed when the lanes were stopped (shutdown, a test's teardown). */
export const JOBS_STOPPED = '作業を中止しました。もう一度実行してください。';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

/** A message of the job process (worker.ts). */
export interface JobAnswer {
  id: number;
  result?: unknown;
  error?: string;
}

const processes = new Map<JobLane, ChildProcess>();
let nextId = 1;
/** Tasks waiting for an answer, per lane (a lane's process dying fails only its own tasks). */
const pending: Record<JobLane, Map<number, Pending>> = { master: new Map(), warehouse: new Map() };

/** tsx's loader (`--import` of the job process; its `.` export). */
function tsxLoader(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/** The worker-thread source (`eval`) of the list lane (listLane.ts): registers tsx, then imports `entryFile` of this folder. */
export function bootstrap(entryFile: string): string {
  const require = createRequire(import.meta.url);
  // tsx's ESM API (the `import` condition; require.resolve answers the CommonJS file).
  const tsx = pathToFileURL(require.resolve('tsx/esm/api').replace(/index\.cjs$/, 'index.mjs')).href;
  const entry = new URL(entryFile, import.meta.url).href;
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
}

function failAll(lane: JobLane, started: ChildProcess, error: Error) {
  if (processes.get(lane) !== started) return;
  for (const { reject } of pending[lane].values()) reject(error);
  pending[lane].clear();
  processes.delete(lane);
}

/** An idle job process does not keep the server's process alive (nor a test run's). */
function hold(child: ChildProcess, busy: boolean) {
  if (busy) {
    child.ref();
    child.channel?.ref();
  } else {
    child.unref();
    child.channel?.unref();
  }
}

function processOf(lane: JobLane): ChildProcess {
  const running = processes.get(lane);
  if (running) return running;
  const waiting = pending[lane];
  const started = fork(fileURLToPath(new URL('./worker.ts', import.meta.url)), [], {
    // Only tsx: the server's own flags (a profiler's, a debugger's port) are not the job's.
    execArgv: ['--import', tsxLoader()],
    // Structured clone, as a worker thread's messages were (a warehouse row's BigInt, a Date).
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, JOB_LANE_NICENESS: String(LANE_NICENESS) },
  });
  // Its main thread at once; the process lowers the threads it already has itself (worker.ts).
  if (started.pid !== undefined) {
    try {
      setPriority(started.pid, LANE_NICENESS);
    } catch {
      /* not allowed here (a container's policy): the job runs at the server's priority */
    }
  }
  started.on('message', (message: JobAnswer) => {
    const task = waiting.get(message.id);
    if (!task) return;
    waiting.delete(message.id);
    if (message.error !== undefined) task.reject(new Error(message.error));
    else task.resolve(message.result);
    if (waiting.size === 0) hold(started, false);
  });
  started.on('error', (error) => failAll(lane, started, error instanceof Error ? error : new Error(String(error))));
  started.on('exit', (code, signal) => failAll(lane, started, new Error(jobProcessEnded(signal ?? String(code)))));
  hold(started, false);
  processes.set(lane, started);
  return started;
}

/**
 * Runs a task in its lane's job process; resolves with its result, rejects with its error's
 * message (the Japanese reason a job shows).
 */
export function runOffThread<T>(task: OffThreadTask, input: unknown): Promise<T> {
  const lane = LANES[task];
  const target = processOf(lane);
  const id = nextId++;
  return new Promise<T>((resolve, reject) => {
    pending[lane].set(id, { resolve: resolve as (value: unknown) => void, reject });
    hold(target, true);
    target.send({ id, task, input }, (error) => {
      if (error && pending[lane].delete(id)) reject(new Error(jobProcessEnded(error.message)));
    });
  });
}

/**
 * Starts every lane's process now, idle: a fork is synchronous on the request thread (the kernel
 * copies the server's page tables, ~5-40 ms for a national-scale server), so the server pays it
 * once at start instead of at the first warehouse copy in the middle of the day's work.
 */
export function startJobProcesses(): void {
  for (const lane of new Set(Object.values(LANES))) processOf(lane);
}

/** Each running lane's process id (tests: a lane's process killed, none left behind). */
export function jobProcessIds(): Partial<Record<JobLane, number>> {
  return Object.fromEntries([...processes].flatMap(([lane, child]) => (child.pid === undefined ? [] : [[lane, child.pid]])));
}

/** Ends the job processes (tests, shutdown); their waiting tasks fail, and the next task starts a new one. */
export async function stopOffThread(): Promise<void> {
  const current = [...processes.entries()];
  processes.clear();
  await Promise.all(
    current.map(async ([lane, child]) => {
      for (const { reject } of pending[lane].values()) reject(new Error(JOBS_STOPPED));
      pending[lane].clear();
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }),
  );
}
