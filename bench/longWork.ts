/**
 * Long work and everyone else (issue 22 item 7), measured side by side in one run: the latency of
 * a cheap request (`GET /config.json`, answered from memory) while the server is idle, and the
 * worst latency of the same request while each long job runs:
 * - importing a valid 73,471-row MEDIS HOT13 master (about 20 MB, CP932): parse, check, apply;
 * - importing a malformed 30 MB one (every line from the middle on lacks a column): parse, fail;
 * - a warehouse copy of the imported master (ethical_medicines, about 85,000 rows) into DuckDB.
 * The imports' parsing and applying and the whole warehouse copy (DuckDB's synchronous appender
 * included) run in job processes (server/jobs/offThread.ts); the request thread only hands work
 * over, so what is measured is how little of it is left there.
 * The server is the real app in this process (its one request thread), the job runner ticked by
 * hand; the probe sends a request every 5 ms and a 2 ms heartbeat catches any longer stall.
 * Figure: worst / idle, and worst against the goal of 50 ms.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { createApp } from '../server/app';
import { stopOffThread } from '../server/jobs/offThread';
import { sampleHotFile } from '../server/services/core/masterFiles/sample';
import { startPortal } from './servers';

const GOAL_MS = 50;
const VALID_ROWS = 73_471;
const MALFORMED_BYTES = 30 * 1024 * 1024;
const ADMIN = { username: 'admin@example.com', password: 'Admin1234' };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function runLongWorkBench(): Promise<void> {
  await eachJobAlone();
  await allTogether();
}

async function eachJobAlone(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-longwork-'));
  const created = createApp({ dataDir: dir, jobTickMs: 0 });
  const { jobs } = created.environments.production;
  const request = (path: string, init: RequestInit = {}) => Promise.resolve(created.app.request(path, init));
  try {
    const grant = await request('/oauth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', ...ADMIN }) });
    const { access_token: token } = (await grant.json()) as { access_token: string };
    const post = (path: string, body: unknown) =>
      request(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const cheap = async () => {
      const t0 = performance.now();
      const res = await request('/config.json');
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`/config.json answered ${res.status}`);
      return performance.now() - t0;
    };
    const settle = async () => {
      for (let i = 0; i < 20 && jobs.list().some((j) => !['SUCCEEDED', 'FAILED'].includes(j.status)); i++) await jobs.tick();
    };

    for (let i = 0; i < 20; i++) await cheap();
    const idleTimes: number[] = [];
    for (let i = 0; i < 200; i++) idleTimes.push(await cheap());
    const idle = median(idleTimes);
    const idleWorst = Math.max(...idleTimes);
    const idleSorted = [...idleTimes].sort((a, b) => a - b);
    console.log(`\n/config.json while idle: median ${idle.toFixed(2)} ms, p99 ${idleSorted[197].toFixed(2)} ms, worst of 200 ${idleWorst.toFixed(2)} ms (load average ${loadavg()[0].toFixed(1)})`);

    /** Ticks the submitted job to its end while probing; the worst wait seen and the job's time. */
    const during = async (label: string, submit: () => Promise<unknown>) => {
      await submit();
      for (let i = 0; i < 3; i++) await jobs.tick();
      let done = false;
      let worst = 0;
      let probes = 0;
      const waits: number[] = [];
      const started = performance.now();
      let last = started;
      const beat = setInterval(() => {
        const at = performance.now();
        worst = Math.max(worst, at - last);
        last = at;
      }, 2);
      const probe = (async () => {
        while (!done) {
          const wait = await cheap();
          waits.push(wait);
          worst = Math.max(worst, wait);
          probes += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await settle();
      const total = performance.now() - started;
      done = true;
      clearInterval(beat);
      await probe;
      const job = jobs.list()[0];
      const sorted = [...waits].sort((a, b) => a - b);
      const p99 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
      console.log(`${label}: job ${job.status} in ${total.toFixed(0)} ms; ${probes} probes, median ${median(waits).toFixed(2)} ms, p99 ${p99.toFixed(1)} ms`);
      console.log(
        `  worst /config.json wait ${worst.toFixed(1)} ms = ${(worst / idle).toFixed(0)}x idle (goal <= ${GOAL_MS} ms) ${worst <= GOAL_MS ? 'OK' : 'OVER'}`,
      );
    };

    const upstream = join(dir, 'master-sources', 'hot_code');
    const download = async (startDate: string) => {
      await post('/core/api/v2/master/ethical_medicines/downloads/hot_code', { start_date: startDate });
      await settle();
    };
    const valid = sampleHotFile(VALID_ROWS);
    writeFileSync(join(upstream, 'MEDIS_HOT13_20261119.csv'), valid);
    await download(new Date(Date.now() - 86_400_000 * 30).toISOString().slice(0, 10));
    await during(`import of a valid ${VALID_ROWS.toLocaleString()}-row HOT13 master (${(valid.length / 1048576).toFixed(1)} MB)`, () =>
      post('/core/api/v2/master/ethical_medicines/imports/hot_code', {}),
    );
    await during('warehouse copy of ethical_medicines', () => post('/core/api/v2/admin/embulks/execute_copy', { service_name: 'core', table_name: 'ethical_medicines' }));

    const rows = Math.ceil(MALFORMED_BYTES / (valid.length / VALID_ROWS));
    const malformed = sampleHotFile(rows, { malformedFrom: Math.floor(rows / 2) });
    writeFileSync(join(upstream, 'MEDIS_HOT13_20261120.csv'), malformed);
    await download(new Date(Date.now() - 86_400_000 * 30).toISOString().slice(0, 10));
    await during(`import of a malformed ${(malformed.length / 1048576).toFixed(1)} MB HOT13 master`, () => post('/core/api/v2/master/ethical_medicines/imports/hot_code', {}));
  } finally {
    created.close();
    await stopOffThread();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One upload of the combined load: a presigned PUT, then the call whose record takes the object. */
interface UploadPlan {
  putUrl: string;
  contentType: string;
  /** The file's first bytes (its type's magic number); the rest of its 10 MB is padding. */
  magic: number[];
  takeUrl: string;
  takeBody: unknown;
}

/**
 * The uploader runs on a thread of its own: sending 160 MB from the prober's thread would delay
 * the probes' own timers and be counted as the server's wait.
 */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { token, bytes, plans } = workerData;
const started = performance.now();
Promise.all(plans.map(async (plan) => {
  const body = Buffer.alloc(bytes, 0x20);
  Buffer.from(plan.magic).copy(body);
  const put = await fetch(plan.putUrl, { method: 'PUT', headers: { 'content-type': plan.contentType }, body });
  await put.arrayBuffer();
  if (put.status !== 200) return 'PUT ' + put.status;
  const take = await fetch(plan.takeUrl, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify(plan.takeBody) });
  await take.arrayBuffer();
  return take.status === 201 ? 'ok' : 'POST ' + take.status;
})).then((outcomes) => parentPort.postMessage({ outcomes, ms: performance.now() - started }));
`;

const TOGETHER_ROWS = 120_000;
const UPLOADS = 16;
const UPLOAD_BYTES = 10 * 1024 * 1024;
const PROBE_GAP_MS = 10;
const IDLE_PROBES = 300;
const PDF_MAGIC = [...Buffer.from('%PDF-1.4\n')];
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0;

/**
 * Issue 36 item 3: the long jobs and the uploads at once, against the real server in a process of
 * its own on loopback (bench/portalServer.ts, national-scale seed), so neither the uploads'
 * sending nor the prober shares its thread: a 120,000-row MEDIS HOT13 import, warehouse copies of
 * ethical_medicines and pharmacies (the runner keeps two jobs running at once; the third waits
 * its turn, as in production), and once the import and a copy are running, 16 concurrent 10 MB
 * uploads through the presigned PUTs of licence files and chat attachments, each then taken by
 * its record (a licence, a message with the file). `/config.json` is probed every 10 ms
 * throughout; the figure is its worst wait against the 50 ms goal, beside p99 and the idle
 * probes of the same server. The server thread's own loop delay splits its worst stall into
 * time on a core (ours) and time waiting for one (the machine's); on a machine busy with other
 * work the second dominates, so the most the thread computed within any one stall is printed
 * too, against the same goal: what our code holds the thread for, whatever the load.
 */
export async function allTogether(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-together-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-together-static-'));
  const upstream = join(dataDir, 'master-sources', 'hot_code');
  mkdirSync(upstream, { recursive: true });
  const master = sampleHotFile(TOGETHER_ROWS);
  writeFileSync(join(upstream, 'MEDIS_HOT13_20261119.csv'), master);
  const portal = await startPortal(dataDir, staticDir);
  let uploader: Worker | undefined;
  try {
    const grant = await fetch(`${portal.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', ...ADMIN }) });
    const { access_token: token } = (await grant.json()) as { access_token: string };
    const call = async <T>(path: string, init: { method?: string; json?: unknown } = {}): Promise<T> => {
      const response = await fetch(`${portal.url}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }) },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (!response.ok) throw new Error(`bench: ${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as T;
    };
    const cheap = async () => {
      const t0 = performance.now();
      const response = await fetch(`${portal.url}/config.json`);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`/config.json answered ${response.status}`);
      return performance.now() - t0;
    };
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    type MasterJob = { action: string; kind: string; status: string; status_reason: string | null; started_at: string | null; stopped_at: string | null };
    type CopyJob = { status: string; status_reason: string | null; job_name: string; started_at: string | null; stopped_at: string | null };
    const masterJob = async (action: string) => (await call<MasterJob[]>('/core/api/v2/master/ethical_medicines/jobs')).find((j) => j.action === action && j.kind === 'hot_code');
    const copyJobs = async () => (await call<{ job_summary_list: CopyJob[] }>('/core/api/v2/admin/embulks')).job_summary_list;
    const finished = (status: string | undefined) => status === 'SUCCEEDED' || status === 'FAILED';

    await call('/core/api/v2/master/ethical_medicines/downloads/hot_code', { method: 'POST', json: { start_date: new Date(Date.now() - 86_400_000 * 30).toISOString().slice(0, 10) } });
    while (!finished((await masterJob('download'))?.status)) await pause(200);
    const downloaded = await masterJob('download');
    if (downloaded?.status !== 'SUCCEEDED') throw new Error(`bench: the master download ${downloaded?.status}: ${downloaded?.status_reason}`);

    // The upload links, taken before the clock starts (each call is a cheap request of its own).
    const [pharmacy] = await call<{ id: number }[]>('/core/api/v2/admin/pharmacies?page=1');
    const [room] = await call<{ id: number }[]>('/core/api/v2/admin/inquiry_rooms');
    const expiresOn = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
    const plans: UploadPlan[] = [];
    for (let i = 0; i < UPLOADS / 2; i++) {
      const licence = await call<{ presigned_url: string; object_name: string }>(`/core/api/v2/admin/pharmacies/${pharmacy.id}/licenses/presigned_url`);
      plans.push({
        putUrl: `${portal.url}${licence.presigned_url}`, contentType: 'application/pdf', magic: PDF_MAGIC,
        takeUrl: `${portal.url}/core/api/v2/admin/pharmacies/${pharmacy.id}/licenses`,
        takeBody: { number: `13薬第${10_000 + i}号`, expires_on: expiresOn, filename_s3: licence.object_name },
      });
      const attachment = await call<{ presigned_url: string; object_name: string }>('/core/api/v2/admin/inquiry_messages/file_presigned_url');
      plans.push({
        putUrl: `${portal.url}${attachment.presigned_url}`, contentType: 'image/png', magic: PNG_MAGIC,
        takeUrl: `${portal.url}/core/api/v2/admin/inquiry_rooms/${room.id}/messages`,
        takeBody: { content: `写真${i + 1}`, file: { file_name_s3: attachment.object_name, name: `photo${i + 1}.png` } },
      });
    }

    for (let i = 0; i < 20; i++) await cheap();
    const idle: number[] = [];
    for (let i = 0; i < IDLE_PROBES; i++) {
      idle.push(await cheap());
      await pause(PROBE_GAP_MS);
    }
    await portal.loopDelay();

    let done = false;
    const waits: number[] = [];
    const probe = (async () => {
      while (!done) {
        waits.push(await cheap());
        await pause(PROBE_GAP_MS);
      }
    })();
    const started = performance.now();
    // This process is the clients (the prober, and the uploader's thread sending 160 MB): on the
    // same 2 cores as the server, so its CPU is printed beside the figure.
    const clientCpu = process.cpuUsage();
    await call('/core/api/v2/master/ethical_medicines/imports/hot_code', { method: 'POST' });
    for (const table of ['ethical_medicines', 'pharmacies']) await call('/core/api/v2/admin/embulks/execute_copy', { method: 'POST', json: { service_name: 'core', table_name: table } });
    // The uploads start once the import and a copy are both at work, so all three overlap.
    while ((await masterJob('import'))?.status !== 'RUNNING' || !(await copyJobs()).some((j) => j.status === 'RUNNING')) await pause(50);
    const uploadsStarted = performance.now() - started;
    uploader = new Worker(UPLOADER, { eval: true, workerData: { token, bytes: UPLOAD_BYTES, plans } });
    const uploaded = new Promise<{ outcomes: string[]; ms: number }>((resolve, reject) => {
      uploader!.once('message', resolve);
      uploader!.once('error', reject);
    });
    const { outcomes, ms: uploadMs } = await uploaded;
    let imported: MasterJob | undefined;
    let copies: CopyJob[] = [];
    for (;;) {
      imported = await masterJob('import');
      copies = (await copyJobs()).slice(0, 2);
      if (finished(imported?.status) && copies.every((j) => finished(j.status))) break;
      await pause(200);
    }
    const total = performance.now() - started;
    done = true;
    await probe;
    const { user, system } = process.cpuUsage(clientCpu);
    const server = await portal.loopDelay();

    const worst = Math.max(...waits);
    const idleMedian = median(idle);
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const took = (job: { started_at: string | null; stopped_at: string | null } | undefined) =>
      job?.started_at && job.stopped_at ? `${((Date.parse(job.stopped_at) - Date.parse(job.started_at)) / 1000).toFixed(1)} s` : '?';
    const ok = outcomes.filter((o) => o === 'ok').length;
    console.log(
      `\nall together (issue 36 item 3): a ${TOGETHER_ROWS.toLocaleString()}-row HOT13 import (${(master.length / 1048576).toFixed(1)} MB), warehouse copies of ethical_medicines and pharmacies, ${UPLOADS} × ${UPLOAD_BYTES / 1048576} MB uploads (licences and chat attachments); real server on loopback, load average ${loadavg()[0].toFixed(1)}`,
    );
    console.log(`  idle /config.json (every ${PROBE_GAP_MS} ms, ${idle.length} probes): median ${ms(idleMedian)}, p99 ${ms(percentile(idle, 0.99))}, worst ${ms(Math.max(...idle))}`);
    console.log(
      `  import ${imported?.status} in ${took(imported)}; copies ${copies.map((j) => `${j.job_name} ${j.status} in ${took(j)}`).join(', ')}; uploads ${ok} of ${outcomes.length} stored and taken in ${(uploadMs / 1000).toFixed(1)} s (started ${(uploadsStarted / 1000).toFixed(1)} s in)${ok === outcomes.length ? '' : `: ${outcomes.filter((o) => o !== 'ok').join(', ')}`}`,
    );
    console.log(
      `  server thread meanwhile: loop delay max ${ms(server.max)}, p99 ${ms(server.p99)}; ${server.stalls} stalls over 20 ms, the worst ${ms(server.worst.ms)} (on a core ${ms(server.worst.onCpu)}, waiting for one ${ms(server.worst.waiting)}, neither (blocked: I/O, a lock) ${ms(Math.max(0, server.worst.ms - server.worst.onCpu - server.worst.waiting))}); the most it computed in one stall ${ms(server.busiest)} (goal <= ${GOAL_MS} ms) ${server.busiest <= GOAL_MS ? 'OK' : 'OVER'}`,
    );
    console.log(
      `  the bench's clients (prober and uploader, one process beside the server's on the same cores) used ${((user + system) / 1000).toFixed(0)} ms of CPU meanwhile (${((user + system) / 10 / total).toFixed(0)}% of a core)`,
    );
    console.log(
      `  /config.json during ${(total / 1000).toFixed(1)} s (${waits.length} probes): median ${ms(median(waits))}, p99 ${ms(percentile(waits, 0.99))}, worst ${ms(worst)} = ${(worst / idleMedian).toFixed(0)}x idle (goal <= ${GOAL_MS} ms) ${worst <= GOAL_MS ? 'OK' : 'OVER'}`,
    );
  } finally {
    await uploader?.terminate();
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  }
}
