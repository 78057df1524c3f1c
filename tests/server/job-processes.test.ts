import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOBS_STOPPED, jobProcessEnded, jobProcessIds, LANE_NICENESS, runOffThread, startJobProcesses, stopOffThread } from '../../server/jobs/offThread';
import { sampleHotFile } from '../../server/services/core/masterFiles/sample';
import { startApp } from './helpers';

/**
 * Issue 36 item 3: the long-work lanes run in job processes of their own, lowered whole. A lane's
 * process dying fails only that lane's tasks, with the Japanese reason a job shows, and the next
 * task starts a new one; stopping the lanes, or the server dying, leaves no process behind.
 */
let dir: string;
let dbFile: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cs-portal-job-processes-'));
  dbFile = join(dir, 'core.sqlite');
  const db = new Database(dbFile);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  db.close();
});
afterEach(() => stopOffThread());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether the process has ended (gone, or a zombie nobody reaped: it runs nothing). */
function ended(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return true;
  }
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return false;
  const stat = readFileSync(file, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
}

/** Every thread's nice value of a process (Linux: /proc/<pid>/task/<tid>/stat, the 19th field). */
function threadNiceness(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

const checkpoint = () => runOffThread<{ log: number; checkpointed: number }>('walCheckpoint', { dbFile });

describe('job processes (issue 36 item 3)', () => {
  it('fails only the dead lane’s tasks, in Japanese, and the next task starts a new process', async () => {
    // Fresh processes: server test files share their modules, and one that ran an import before
    // this file leaves its master process running and ready, which could answer before the kill.
    await stopOffThread();
    const dying = checkpoint();
    const other = runOffThread('warehouseClose', { file: join(dir, 'never-opened.duckdb') });
    const { master, warehouse } = jobProcessIds();
    expect(master).toBeTypeOf('number');
    expect(warehouse).toBeTypeOf('number');
    expect(master).not.toBe(warehouse);
    // Killed before it can answer: the process has not even loaded its tasks yet.
    process.kill(master!, 'SIGKILL');
    await expect(dying).rejects.toThrow(jobProcessEnded('SIGKILL'));
    expect(jobProcessEnded('SIGKILL')).toBe('作業用プロセスが終了しました（SIGKILL）。もう一度実行してください。');
    await expect(other).resolves.toBeUndefined();
    await expect(checkpoint()).resolves.toEqual({ log: expect.any(Number), checkpointed: expect.any(Number) });
    const { master: restarted, warehouse: same } = jobProcessIds();
    expect(restarted).toBeTypeOf('number');
    expect(restarted).not.toBe(master);
    expect(same).toBe(warehouse);
  });

  it.runIf(process.platform === 'linux')('lowers every thread of a job process, not only its main one', async () => {
    await checkpoint();
    const { master } = jobProcessIds();
    const niceness = threadNiceness(master!);
    // The main thread, V8's helpers started before the task ran, libuv's pool started by it.
    expect(niceness.length).toBeGreaterThan(3);
    expect(niceness.every((nice) => nice >= LANE_NICENESS)).toBe(true);
    expect(threadNiceness(process.pid)[0]).toBeLessThan(LANE_NICENESS);
  });

  it('forks every lane at start, so a task later forks nothing', async () => {
    startJobProcesses();
    const started = jobProcessIds();
    expect(Object.keys(started).sort()).toEqual(['master', 'warehouse']);
    await checkpoint();
    await runOffThread('warehouseClose', { file: join(dir, 'never-opened.duckdb') });
    expect(jobProcessIds()).toEqual(started);
  });

  it('leaves no process behind once stopped, and fails what was waiting', async () => {
    await checkpoint();
    const waiting = expect(checkpoint()).rejects.toThrow(JOBS_STOPPED);
    const pids = Object.values(jobProcessIds());
    expect(pids).toHaveLength(1);
    await stopOffThread();
    await waiting;
    expect(jobProcessIds()).toEqual({});
    for (const pid of pids) expect(ended(pid)).toBe(true);
  });

  it('ends a job process when its server is killed with -9', async () => {
    const host = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'fixtures', 'jobProcessHost.ts'), dbFile], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((resolve) => host.once('exit', resolve));
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        let output = '';
        host.once('exit', (code) => reject(new Error(`the host exited (${code}): ${output}`)));
        host.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /job-process (\d+)/.exec(output);
          if (match) resolve(Number(match[1]));
        });
      });
      expect(ended(pid)).toBe(false);
      host.kill('SIGKILL');
      await exited;
      // Its channel closed with the server: it exits at once, not at some later timeout.
      await vi.waitFor(() => expect(ended(pid)).toBe(true), { timeout: 10_000, interval: 20 });
    } finally {
      host.kill('SIGKILL');
    }
  }, 30_000);
});

describe('a master file\'s bytes never cross the request thread (issue 36 item 3)', () => {
  it('the download\'s job process writes the checked bytes, placed by the transaction; the import reads them itself', async () => {
    const app = startApp({ now: () => new Date('2026-11-21T03:00:00.000Z'), jobTickMs: 0 });
    try {
      const { jobs, storage } = app.environments.production;
      const token = await app.token();
      const upstream = sampleHotFile(3_000);
      writeFileSync(join(app.dir, 'master-sources', 'hot_code', 'MEDIS_HOT13_20261119.csv'), upstream);
      const put = vi.spyOn(storage, 'put');
      const read = vi.spyOn(storage, 'read');
      const get = vi.spyOn(storage, 'get');
      const settle = async () => {
        for (let i = 0; i < 10 && jobs.list().some((j) => !['SUCCEEDED', 'FAILED'].includes(j.status)); i++) await jobs.tick();
      };
      const base = '/core/api/v2/master/ethical_medicines';
      expect((await app.call(`${base}/downloads/hot_code`, { method: 'POST', token, json: { start_date: '2026-11-19' } })).status).toBe(202);
      await settle();
      expect(jobs.list({ kind: 'ethical_medicines_download_hot_code' })[0]).toMatchObject({ status: 'SUCCEEDED' });
      expect((await app.call(`${base}/imports/hot_code`, { method: 'POST', token })).status).toBe(202);
      await settle();
      expect(jobs.list({ kind: 'ethical_medicines_import_hot_code' })[0]).toMatchObject({ status: 'SUCCEEDED', statusReason: null });
      // The request thread wrote the 27 MB master synchronously (put) and read it back to hand over (read).
      expect(put).not.toHaveBeenCalled();
      expect(read).not.toHaveBeenCalled();
      expect(get).not.toHaveBeenCalled();
      expect(Buffer.compare(storage.get('master-files', 'hot_code/MEDIS_HOT13_20261119.csv')!.body, upstream)).toBe(0);
      // No staged copy is left over.
      expect(readdirSync(join(app.dir, 'storage', 'production', '.tmp'))).toEqual([]);
    } finally {
      app.dispose();
    }
  });
});
