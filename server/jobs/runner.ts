import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { openDatabase, type DB } from '../db/open';
import { JOB_STATUSES, type Job, type JobHandler, type JobParams, type JobRunner, type JobStatus } from '../shared/jobs';

export const JOB_MESSAGES = {
  interrupted: 'サーバーの再起動により中断されました。',
  noHandler: 'このジョブの種類を実行する処理がありません。',
  failed: 'ジョブ実行が失敗しました。',
} as const;

/** Spec section 9: history is kept 3-4 days; a finished job older than this is deleted. */
export const JOB_RETENTION_MS = 4 * 24 * 3600_000;
export const DEFAULT_TICK_MS = 1000;
/** Jobs RUNNING (or STARTING) at once; the others wait in RUNNABLE, as in a Batch queue. */
export const DEFAULT_CONCURRENCY = 2;

const MIGRATIONS = [
  {
    version: 1,
    up: `CREATE TABLE jobs (
      id TEXT PRIMARY KEY,
      kind TEXT NOT NULL,
      name TEXT NOT NULL,
      params TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN (${JOB_STATUSES.map((s) => `'${s}'`).join(', ')})),
      status_reason TEXT,
      result TEXT,
      created_at TEXT NOT NULL,
      started_at TEXT,
      stopped_at TEXT,
      updated_at TEXT NOT NULL
    );
    CREATE INDEX jobs_status ON jobs (status);
    CREATE INDEX jobs_created_at ON jobs (created_at);`,
  },
];

/** The jobs of one environment: `{dir}/jobs.sqlite`, apart from every service's tables. */
export function openJobsDb(dir: string): DB {
  return openDatabase(join(dir, 'jobs.sqlite'), MIGRATIONS);
}

interface JobRow {
  id: string;
  kind: string;
  name: string;
  params: string;
  status: JobStatus;
  status_reason: string | null;
  result: string | null;
  created_at: string;
  started_at: string | null;
  stopped_at: string | null;
}

const toJob = (row: JobRow): Job => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  params: JSON.parse(row.params) as JobParams,
  status: row.status,
  statusReason: row.status_reason,
  result: row.result === null ? null : JSON.parse(row.result),
  createdAt: new Date(row.created_at),
  startedAt: row.started_at ? new Date(row.started_at) : null,
  stoppedAt: row.stopped_at ? new Date(row.stopped_at) : null,
});

/** The step each waiting status takes on a tick. */
const NEXT: Partial<Record<JobStatus, JobStatus>> = { SUBMITTED: 'PENDING', PENDING: 'RUNNABLE', RUNNABLE: 'STARTING', STARTING: 'RUNNING' };

export interface JobRunnerOptions {
  db: DB;
  now: () => Date;
  concurrency?: number;
}

export interface LocalJobRunner extends JobRunner {
  /**
   * One step of the queue: every waiting job moves one status on (RUNNABLE only while a slot is
   * free), a job reaching RUNNING starts its handler, old finished jobs are pruned. Resolves once
   * the handlers started by this tick have finished, so a test can `await tick()`.
   */
  tick(): Promise<void>;
  /** Ticks every `intervalMs` of real time (the clock stays the injected one). */
  start(intervalMs?: number): void;
  stop(): void;
}

/**
 * The job runner over its SQLite table. Opening it fails every job a restart interrupted
 * (found STARTING or RUNNING): its handler is gone, so it is never left RUNNING.
 */
export function createJobRunner({ db, now, concurrency = DEFAULT_CONCURRENCY }: JobRunnerOptions): LocalJobRunner {
  const handlers = new Map<string, JobHandler>();
  const chores = new Map<string, { intervalMs: number; task: (now: Date) => unknown; lastRun?: number }>();
  let timer: NodeJS.Timeout | undefined;
  const iso = () => now().toISOString();

  const insert = db.prepare(
    `INSERT INTO jobs (id, kind, name, params, status, created_at, updated_at) VALUES (@id, @kind, @name, @params, 'SUBMITTED', @now, @now)`,
  );
  const byId = db.prepare('SELECT * FROM jobs WHERE id = @id');
  const waiting = db.prepare(
    `SELECT * FROM jobs WHERE status IN ('SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING') ORDER BY created_at, rowid`,
  );
  const busy = db.prepare(`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('STARTING', 'RUNNING')`);
  const move = db.prepare('UPDATE jobs SET status = @to, updated_at = @now WHERE id = @id AND status = @from');
  const markRunning = db.prepare(`UPDATE jobs SET status = 'RUNNING', started_at = @now, updated_at = @now WHERE id = @id AND status = 'STARTING'`);
  const finish = db.prepare(
    `UPDATE jobs SET status = @status, status_reason = @reason, result = @result, stopped_at = @now, updated_at = @now WHERE id = @id AND status = 'RUNNING'`,
  );
  const prune = db.prepare(`DELETE FROM jobs WHERE status IN ('SUCCEEDED', 'FAILED') AND created_at < @before`);

  // A job a restart interrupted.
  db.prepare(
    `UPDATE jobs SET status = 'FAILED', status_reason = @reason, stopped_at = @now, updated_at = @now WHERE status IN ('STARTING', 'RUNNING')`,
  ).run({ reason: JOB_MESSAGES.interrupted, now: iso() });

  const run = async (row: JobRow): Promise<void> => {
    const handler = handlers.get(row.kind);
    let status: JobStatus = 'SUCCEEDED';
    let reason: string | null = null;
    let result: string | null = null;
    try {
      if (!handler) throw new Error(JOB_MESSAGES.noHandler);
      const value = await handler(JSON.parse(row.params) as JobParams, { jobId: row.id, now });
      result = value === undefined ? null : JSON.stringify(value);
    } catch (e) {
      status = 'FAILED';
      reason = e instanceof Error && e.message ? e.message : JOB_MESSAGES.failed;
    }
    if (db.open) finish.run({ status, reason, result, now: iso(), id: row.id });
  };

  const runner: LocalJobRunner = {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`job kind ${kind} is already registered`);
      handlers.set(kind, handler);
    },

    submit(kind, params = {}, options = {}) {
      if (!handlers.has(kind)) throw new Error(`unknown job kind ${kind}`);
      const json = JSON.stringify(params);
      if (typeof json !== 'string' || json[0] !== '{') throw new TypeError('job params must be a JSON object');
      const id = randomUUID();
      insert.run({ id, kind, name: options.name ?? kind, params: json, now: iso() });
      return id;
    },

    every(name, intervalMs, task) {
      if (chores.has(name)) throw new Error(`chore ${name} is already registered`);
      chores.set(name, { intervalMs, task });
    },

    get(id) {
      const row = byId.get({ id }) as JobRow | undefined;
      return row && toJob(row);
    },

    list({ status, kind, limit = 100 } = {}) {
      const where = [status && 'status = @status', kind && 'kind = @kind'].filter(Boolean);
      const sql = `SELECT * FROM jobs ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, rowid DESC LIMIT @limit`;
      const params = { ...(status && { status }), ...(kind && { kind }), limit: Math.max(1, Math.min(1000, limit)) };
      return (db.prepare(sql).all(params) as JobRow[]).map(toJob);
    },

    tick() {
      if (!db.open) return Promise.resolve();
      const at = now().getTime();
      const choresDone: Promise<unknown>[] = [];
      for (const [name, chore] of chores) {
        if (chore.lastRun !== undefined && at - chore.lastRun < chore.intervalMs) continue;
        chore.lastRun = at;
        choresDone.push(
          Promise.resolve()
            .then(() => chore.task(new Date(at)))
            .catch((e: unknown) => {
              chore.lastRun = undefined;
              console.error(`chore ${name} failed:`, e);
            }),
        );
      }
      const started: JobRow[] = [];
      db.transaction(() => {
        prune.run({ before: new Date(now().getTime() - JOB_RETENTION_MS).toISOString() });
        let slots = concurrency - (busy.get() as { n: number }).n;
        for (const row of waiting.all() as JobRow[]) {
          if (row.status === 'STARTING') {
            markRunning.run({ now: iso(), id: row.id });
            started.push(row);
            continue;
          }
          if (row.status === 'RUNNABLE') {
            if (slots <= 0) continue;
            slots -= 1;
          }
          move.run({ to: NEXT[row.status], now: iso(), id: row.id, from: row.status });
        }
      })();
      return Promise.all([...choresDone, ...started.map(run)]).then(() => undefined);
    },

    start(intervalMs = DEFAULT_TICK_MS) {
      runner.stop();
      timer = setInterval(() => void runner.tick(), intervalMs);
      timer.unref();
    },

    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
  return runner;
}
