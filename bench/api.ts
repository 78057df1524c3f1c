/**
 * API section of `npm run bench` (also runnable alone: `npx tsx bench/api.ts`).
 *
 * Seeds SEED_SCALE=large (62,828 pharmacies) into a temporary DATA_DIR, starts the reference API
 * on loopback, signs in, and measures every list endpoint the core service declares
 * (`CORE_LISTS`): the default list, every declared sort both ways, every declared filter with its
 * example, the search cases (half-width, full-width and hiragana katakana, a 2-character term, a
 * 4-character term with no hit, every exact code the search index declares, with a value taken
 * from the data) and a deep page (page 2000, or the last page when there are fewer). A new
 * master joins by declaring its list. Each case runs at concurrency 1 and 50 (autocannon,
 * bounded by a request count, loopback only) after a few warm-up requests; the figure that
 * counts is each case's c=50 p95 as a ratio to users/me's c=50 p95, both the median of three
 * rounds measured alternately in the same run (the machine is shared, so a floor measured
 * minutes apart would compare two different loads). The server runs in a child process so the
 * load generator's own work (parsing every response) does not queue on the server's event loop.
 * Goal: every ratio <= 2. BENCH_API_CASES=<regex> runs only the matching cases.
 */
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app';
import { SEED_IDENTITY_USERS } from '../server/identity/users';
import { CORE_LISTS } from '../server/services/core';
import type { ListDeclaration } from '../server/shared/listEndpoint';

export const API_GOAL = 2;
const ME = '/core/api/v2/common/users/me';
const DEEP_PAGE = 2000;
/** Requests per run: enough for a stable p95, few enough to keep the section to a few minutes. */
const AMOUNT = { 1: 150, 50: 1000 } as const;
const ROUNDS = 3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface ApiBenchCase {
  name: string;
  path: string;
}

export interface ApiBenchRow extends ApiBenchCase {
  c1: { p50: number; p95: number };
  c50: { p50: number; p95: number; rps: number };
  /** users/me's c=50 p95, median of the rounds alternating with this case's. */
  floor: number;
  /** c=50 p95 / floor. */
  ratio: number;
  /** Responses other than 200 (a broken case must not look fast). */
  failures: number;
}

export interface ApiBenchResult {
  seedMs: number;
  rows: ApiBenchRow[];
  worstRatio: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function measure(url: string, token: string, connections: 1 | 50) {
  const latencies: number[] = [];
  let failures = 0;
  let first = 0;
  let last = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, amount: AMOUNT[connections], timeout: 30, headers: { authorization: `Bearer ${token}` } },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, status, _bytes, time) => {
      last = performance.now();
      if (latencies.length === 0) first = last - time;
      latencies.push(time);
      if (status !== 200) failures++;
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: (latencies.length * 1000) / Math.max(1, last - first),
    failures,
  };
}

async function getJson(base: string, path: string, token: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { headers: res.headers, body: (await res.json()) as Record<string, unknown>[] };
}

/** The cases of one declared list, with real values for its exact codes and its last page. */
async function listCases(base: string, token: string, list: ListDeclaration): Promise<ApiBenchCase[]> {
  const path = `${list.base}${list.path}`;
  const name = list.path.split('/').pop()!;
  const cases: ApiBenchCase[] = [{ name: `${name} default`, path }];
  for (const field of Object.keys(list.sortColumns)) {
    cases.push({ name: `${name} sort=${field}`, path: `${path}?sort=${field}` });
    cases.push({ name: `${name} sort=-${field}`, path: `${path}?sort=-${field}` });
  }
  for (const [filter, { example }] of Object.entries(list.filters)) {
    cases.push({ name: `${name} ${filter}=${example}`, path: `${path}?${filter}=${example}` });
  }
  if (list.search) {
    const terms = list.searchExamples ?? [
      ['half-width', 'ｻｸﾗ'], ['full-width', 'サクラ'], ['hiragana', 'さくら'], ['2 chars', '東京'], ['4 chars, no hit', 'ゾヂヅヂ'],
    ];
    for (const [label, term] of terms) cases.push({ name: `${name} query ${label} 「${term}」`, path: `${path}?query=${encodeURIComponent(term)}` });
    const sample = (await getJson(base, `${path}?sort=-id&add_ended=true`, token)).body[0];
    for (const { column } of list.search.codes ?? []) {
      const value = sample?.[column];
      if (value !== undefined) cases.push({ name: `${name} query full ${column}`, path: `${path}?query=${encodeURIComponent(String(value))}` });
    }
  }
  const pages = Number((await getJson(base, path, token)).headers.get('x-total-pages'));
  const deep = Math.max(1, Math.min(DEEP_PAGE, pages));
  cases.push({ name: `${name} page=${deep}`, path: `${path}?page=${deep}` });
  return cases;
}

const ms = (v: number) => (v < 10 ? v.toFixed(1) : v.toFixed(0));

export function formatApiBench(result: ApiBenchResult): string {
  const lines = [
    `API at SEED_SCALE=large (seeded in ${result.seedMs} ms), loopback, ${AMOUNT[1]} requests at c=1, ${ROUNDS} x ${AMOUNT[50]} at c=50 (medians); ms`,
    '| case | c=1 p50 | c=1 p95 | c=50 p50 | c=50 p95 | c=50 rps | users/me c=50 p95 | ratio |',
    '|---|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of result.rows) {
    const flag = r.failures > 0 ? ` (${r.failures} non-200!)` : r.ratio > API_GOAL ? ' (over goal)' : '';
    lines.push(`| ${r.name} | ${ms(r.c1.p50)} | ${ms(r.c1.p95)} | ${ms(r.c50.p50)} | ${ms(r.c50.p95)} | ${r.c50.rps.toFixed(0)} | ${ms(r.floor)} | ${r.ratio.toFixed(2)}${flag} |`);
  }
  lines.push(`Worst ratio ${result.worstRatio.toFixed(2)} (goal <= ${API_GOAL}).`);
  return lines.join('\n');
}

/** The child process: seeds SEED_SCALE=large into `dataDir`, serves on loopback, reports its port. */
function serveChild(dataDir: string): void {
  const seedStarted = Date.now();
  const created = createApp({ dataDir, seedScale: 'large' });
  const seedMs = Date.now() - seedStarted;
  const server = serve({ fetch: created.app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
    process.send!({ port: info.port, seedMs });
  });
  process.on('disconnect', () => {
    server.close();
    created.close();
    process.exit(0);
  });
}

/** Starts the server child and waits for its port. */
function startServer(dataDir: string) {
  const child = fork(new URL(import.meta.url).pathname, ['--serve', dataDir], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ready = new Promise<{ port: number; seedMs: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; seedMs: number }));
    child.once('exit', (code) => reject(new Error(`API bench server exited (${code})`)));
  });
  return { child, ready };
}

/** Seeds, serves, measures and prints; returns the figures for bench/run.ts. */
export async function runApiBench(options: { log?: (line: string) => void; only?: RegExp } = {}): Promise<ApiBenchResult> {
  const log = options.log ?? ((line: string) => console.log(line));
  const only = options.only ?? (process.env.BENCH_API_CASES ? new RegExp(process.env.BENCH_API_CASES) : undefined);
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-api-'));
  const { child, ready } = startServer(dataDir);
  try {
    const { port, seedMs } = await ready;
    const base = `http://127.0.0.1:${port}`;
    const admin = SEED_IDENTITY_USERS.find((u) => u.role === 'admin')!;
    const tokenRes = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: admin.email, password: admin.password }),
    });
    if (tokenRes.status !== 200) throw new Error(`sign-in failed: ${tokenRes.status}`);
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };

    const cases: ApiBenchCase[] = [{ name: 'users/me (the floor)', path: ME }];
    for (const list of CORE_LISTS) cases.push(...(await listCases(base, token, list)).filter((c) => !only || only.test(c.name)));
    log(`API bench: ${cases.length} cases over ${CORE_LISTS.length} declared lists`);

    const rows: ApiBenchRow[] = [];
    for (const c of cases) {
      // Warm-up: the first requests of a case fill its count and order caches.
      for (let i = 0; i < 5; i++) await (await fetch(`${base}${c.path}`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
      const c1 = await measure(`${base}${c.path}`, token, 1);
      // Three alternating rounds of users/me and the case at c=50; the medians compare.
      const floors: number[] = [];
      const runs: Awaited<ReturnType<typeof measure>>[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        floors.push((await measure(`${base}${ME}`, token, 50)).p95);
        runs.push(await measure(`${base}${c.path}`, token, 50));
      }
      const floor = median(floors);
      const c50 = runs.sort((a, b) => a.p95 - b.p95)[Math.floor(ROUNDS / 2)];
      const failures = c1.failures + runs.reduce((n, r) => n + r.failures, 0);
      rows.push({ ...c, c1: { p50: c1.p50, p95: c1.p95 }, c50, floor, ratio: c50.p95 / floor, failures });
    }
    const result = { seedMs, rows, worstRatio: Math.max(...rows.slice(1).map((r) => r.ratio)) };
    log(formatApiBench(result));
    return result;
  } finally {
    child.disconnect();
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') serveChild(process.argv[3]);
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runApiBench();
