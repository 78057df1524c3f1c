import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import type { DB } from '../../server/db/open';
import { createJobRunner, JOB_MESSAGES, openJobsDb, type LocalJobRunner } from '../../server/jobs/runner';
import type { JobStatus } from '../../server/shared/jobs';
import { startApp, tempDir } from './helpers';

let dir: string;
let db: DB;
let clock: Date;
let jobs: LocalJobRunner;
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A handler that finishes when the test says so. */
function deferred() {
  let resolve!: (value: unknown) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  dir = tempDir();
  db = openJobsDb(dir);
  clock = new Date('2026-11-20T00:00:00Z');
  jobs = createJobRunner({ db, now, concurrency: 1 });
});
afterEach(() => {
  jobs.stop();
  if (db.open) db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('job runner', () => {
  it('moves a job SUBMITTED → PENDING → RUNNABLE → STARTING → RUNNING → SUCCEEDED, one step a tick', async () => {
    const seen: unknown[] = [];
    jobs.register('copy_table', (params, ctx) => {
      seen.push(params, ctx.jobId);
      return { rows: 42 };
    });
    const id = jobs.submit('copy_table', { table: 'pharmacies' }, { name: 'pharmacies コピー' });
    const statuses: JobStatus[] = [jobs.get(id)!.status];
    for (let i = 0; i < 5; i++) {
      advance(1000);
      await jobs.tick();
      statuses.push(jobs.get(id)!.status);
    }
    expect(statuses).toEqual(['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'SUCCEEDED', 'SUCCEEDED']);
    expect(seen).toEqual([{ table: 'pharmacies' }, id]);
    expect(jobs.get(id)).toMatchObject({
      kind: 'copy_table',
      name: 'pharmacies コピー',
      statusReason: null,
      result: { rows: 42 },
      createdAt: new Date('2026-11-20T00:00:00Z'),
      startedAt: new Date('2026-11-20T00:00:04Z'),
      stoppedAt: new Date('2026-11-20T00:00:04Z'),
    });
  });

  it('stays RUNNING while its handler works and fails with the error message', async () => {
    const work = deferred();
    jobs.register('import', () => work.promise);
    const id = jobs.submit('import');
    for (let i = 0; i < 3; i++) await jobs.tick();
    const tick = jobs.tick();
    expect(jobs.get(id)!.status).toBe('RUNNING');
    advance(25_000);
    work.reject(new Error('MEDHOTのダウンロードに失敗しました。'));
    await tick;
    expect(jobs.get(id)).toMatchObject({ status: 'FAILED', statusReason: 'MEDHOTのダウンロードに失敗しました。', result: null });
    expect(jobs.get(id)!.stoppedAt!.getTime() - jobs.get(id)!.startedAt!.getTime()).toBe(25_000);
  });

  it('keeps jobs RUNNABLE while every slot is taken', async () => {
    const first = deferred();
    jobs.register('slow', () => first.promise);
    const a = jobs.submit('slow');
    advance(1);
    const b = jobs.submit('slow');
    await jobs.tick();
    await jobs.tick();
    await jobs.tick(); // a: STARTING, b: RUNNABLE (one slot)
    const running = jobs.tick(); // a: RUNNING
    await jobs.tick();
    expect([jobs.get(a)!.status, jobs.get(b)!.status]).toEqual(['RUNNING', 'RUNNABLE']);
    first.resolve('ok');
    await running;
    await jobs.tick();
    expect([jobs.get(a)!.status, jobs.get(b)!.status]).toEqual(['SUCCEEDED', 'STARTING']);
  });

  it('lists newest first, by status', async () => {
    jobs.register('k', () => undefined);
    const ids = [jobs.submit('k'), (advance(1), jobs.submit('k')), (advance(1), jobs.submit('k'))];
    expect(jobs.list().map((j) => j.id)).toEqual([...ids].reverse());
    expect(jobs.list({ status: 'SUBMITTED', limit: 2 }).map((j) => j.id)).toEqual([ids[2], ids[1]]);
    expect(jobs.list({ status: 'FAILED' })).toEqual([]);
  });

  it('refuses unknown kinds and params that are not a JSON object', () => {
    jobs.register('k', () => undefined);
    expect(() => jobs.submit('nope')).toThrow('unknown job kind');
    expect(() => jobs.submit('k', [] as unknown as Record<string, unknown>)).toThrow(TypeError);
    expect(() => jobs.register('k', () => undefined)).toThrow('already registered');
  });

  it('fails a job a restart interrupted, and carries on with the waiting ones', async () => {
    const never = deferred();
    jobs.register('k', () => never.promise);
    const running = jobs.submit('k');
    for (let i = 0; i < 4; i++) void jobs.tick();
    const waiting = jobs.submit('k');
    expect(jobs.get(running)!.status).toBe('RUNNING');
    db.close(); // the process dies

    advance(60_000);
    const db2 = openJobsDb(dir);
    try {
      const reopened = createJobRunner({ db: db2, now });
      expect(reopened.get(running)).toMatchObject({ status: 'FAILED', statusReason: JOB_MESSAGES.interrupted, stoppedAt: clock });
      expect(reopened.get(waiting)!.status).toBe('SUBMITTED');
      reopened.register('k', () => 'done');
      for (let i = 0; i < 5; i++) await reopened.tick();
      expect(reopened.get(waiting)).toMatchObject({ status: 'SUCCEEDED', result: 'done' });
    } finally {
      db2.close();
    }
  });

  it('fails a job whose kind has no handler after a restart', async () => {
    jobs.register('gone', () => undefined);
    const id = jobs.submit('gone');
    db.close();
    const db2 = openJobsDb(dir);
    try {
      const reopened = createJobRunner({ db: db2, now });
      for (let i = 0; i < 4; i++) await reopened.tick();
      expect(reopened.get(id)).toMatchObject({ status: 'FAILED', statusReason: JOB_MESSAGES.noHandler });
    } finally {
      db2.close();
    }
  });

  it('prunes finished jobs older than 4 days, never waiting ones', async () => {
    jobs.register('k', () => undefined);
    const old = jobs.submit('k');
    for (let i = 0; i < 4; i++) await jobs.tick();
    jobs.register('stuck', () => new Promise(() => {}));
    const stuck = jobs.submit('stuck');
    advance(4 * 24 * 3600_000);
    await jobs.tick();
    expect(jobs.get(old)?.status).toBe('SUCCEEDED'); // exactly 4 days: kept
    advance(1);
    await jobs.tick();
    expect(jobs.get(old)).toBeUndefined();
    expect(jobs.get(stuck)?.status).toBe('RUNNABLE');
  });
});

describe('environments', () => {
  it('give each environment its own persisted runner', () => {
    const app = startApp({ jobTickMs: 0 });
    try {
      const prod = app.environments.production.jobs;
      const demo = app.environments.demo.jobs;
      prod.register('k', () => undefined);
      demo.register('k', () => undefined);
      const id = prod.submit('k');
      expect(demo.get(id)).toBeUndefined();
      expect(prod.get(id)?.status).toBe('SUBMITTED');
    } finally {
      app.dispose();
    }
  });
});
