/**
 * Fairness (issue 36 item 1), measured side by side in one run: another staff user's
 * `GET users/me` while the server is idle, then while a pharmacy user runs the lookups-batch
 * attack of the issue: one batch at a time, back to back, of 16 ranked medicine searches such as
 * `ethical_medicines?sort=relevance&query=錠 a&page=10`, a new letter each call (so nothing is
 * answered from the page cache), ignoring every 429 (a hostile client does not wait); idle and
 * attacked alternate in three rounds, each idle part after the attacker's last batch. The master
 * is grown first to the size (about 348,000 medicines, as a few imports leave it) by
 * copying the seeded rows under new ids through the core's own triggers.
 * The server is the real API in a child process on loopback (bench/portalServer.ts), so the
 * clients here never share its thread, and the attacker runs on a thread of its own, so its loop
 * never delays the victim's client either. Figure: victim p95 under attack / idle p95, goal <= 3x.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { SEEDS } from '../server/app';
import { openCoreDb } from '../server/services/core';
import { LIST_LOOKUPS_MAX, LIST_LOOKUPS_PATH } from '../src/contract';
import { startPortal } from './servers';

const GOAL = 3;
/** Copies of the seeded master: 12,434 rows × 28 ≈ 348,000, the size. */
const COPIES = 27;
const SAMPLES = 300;
/** Rounds of idle then attacked samples (SAMPLES / ROUNDS each). */
const ROUNDS = 3;
const GAP_MS = 5;
const STAFF = { username: 'sato.misaki@example.com', password: 'Staff1234' };
const PHARMACY = { username: 'pharmacy@example.com', password: 'Pharmacy1234' };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

interface AttackCounts {
  batches: number;
  refused: number;
  other: number;
  calls: number;
  callsRefused: number;
}

/**
 * The attacker's thread: one batch at a time, back to back, of `size` ranked searches with a new
 * pair of letters each call. It starts paused. Told 'pause', it finishes the batch in flight, says 'paused' and
 * waits for 'resume'; told 'stop', it posts its counts.
 */
const ATTACK = `
const { parentPort, workerData: { url, token, size } } = require('node:worker_threads');
const letters = ${JSON.stringify(LETTERS)};
let state = 'pause';
let resume = () => {};
parentPort.on('message', (message) => {
  state = message === 'resume' ? 'running' : message;
  if (state !== 'pause') resume();
});
const counts = { batches: 0, refused: 0, other: 0, calls: 0, callsRefused: 0 };
let call = 0;
(async () => {
  while (state !== 'stop') {
    if (state === 'pause') {
      parentPort.postMessage('paused');
      await new Promise((resolve) => { resume = resolve; });
      continue;
    }
    const calls = Array.from({ length: size }, () => {
      call += 1;
      const query = '錠 ' + letters[call % letters.length] + letters[Math.floor(call / letters.length) % letters.length];
      return { path: '/api/v2/core/master/ethical_medicines', query: 'sort=relevance&query=' + encodeURIComponent(query) + '&page=' + (9 + (call % 2)) };
    });
    const response = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer ' + token, 'content-type': 'application/json' }, body: JSON.stringify({ calls }) });
    const body = await response.json();
    counts.batches += 1;
    if (response.status === 429) counts.refused += 1;
    else if (response.status !== 200) counts.other += 1;
    for (const answer of body.answers ?? []) {
      counts.calls += 1;
      if (answer.status === 429) counts.callsRefused += 1;
    }
  }
  parentPort.postMessage(counts);
})();
`;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** The medicine master at the size: the seeded rows again under new ids (hot_code is unique). */
const growMaster = (dir: string) => {
  const db = openCoreDb(dir, SEEDS.production, 'large');
  try {
    const columns = (db.prepare('PRAGMA table_info(ethical_medicines)').all() as { name: string }[]).map(({ name }) => name);
    const { top } = db.prepare('SELECT MAX(id) AS top FROM ethical_medicines').get() as { top: number };
    db.transaction(() => {
      for (let copy = 1; copy <= COPIES; copy++) {
        const values = columns.map((name) => (name === 'id' ? `id + ${copy * top}` : name === 'hot_code' ? `hot_code || '-${copy}'` : name));
        db.prepare(`INSERT INTO ethical_medicines (${columns.join(', ')}) SELECT ${values.join(', ')} FROM ethical_medicines WHERE id <= ${top}`).run();
      }
    })();
    return (db.prepare('SELECT COUNT(*) AS n FROM ethical_medicines').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

export async function runFairnessBench(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-fairness-'));
  const staticDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-fairness-static-'));
  const grown = performance.now();
  const medicines = growMaster(dataDir);
  const growMs = performance.now() - grown;
  const portal = await startPortal(dataDir, staticDir);
  try {
    const signIn = async (user: { username: string; password: string }) => {
      const response = await fetch(`${portal.url}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password', ...user }) });
      if (!response.ok) throw new Error(`bench sign-in of ${user.username}: ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    };
    const [victim, attackerToken] = [await signIn(STAFF), await signIn(PHARMACY)];
    const me = async () => {
      const started = performance.now();
      const response = await fetch(`${portal.url}/core/api/v2/common/users/me`, { headers: { authorization: `Bearer ${victim}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`users/me answered ${response.status}`);
      return performance.now() - started;
    };
    const sample = async (times: number[]) => {
      for (let i = 0; i < SAMPLES / ROUNDS; i++) {
        times.push(await me());
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      }
    };

    for (let i = 0; i < 20; i++) await me();
    // The attacker is a client of its own (a thread of this process): its loop of refused batches
    // must not queue on the victim's event loop, only the server's. It says when it is ready, paused.
    const attacker = new Worker(ATTACK, { eval: true, workerData: { url: `${portal.url}${LIST_LOOKUPS_PATH.replace('/api/v2/core/', '/core/api/v2/')}`, token: attackerToken, size: LIST_LOOKUPS_MAX } });
    const told = <T>(message: string) =>
      new Promise<T>((resolve, reject) => {
        attacker.once('message', resolve);
        attacker.once('error', reject);
        attacker.postMessage(message);
      });
    await new Promise((resolve) => attacker.once('message', resolve));
    // Idle and attacked in alternating rounds, so a load of the shared machine that drifts during
    // the run weighs on both. A round's idle part starts once the attacker's last batch is answered.
    const [idle, attacked]: number[][] = [[], []];
    for (let round = 0; round < ROUNDS; round++) {
      await sample(idle);
      attacker.postMessage('resume');
      // The attack's batch is under way before the victim starts.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sample(attacked);
      await told('pause');
    }
    const { batches, refused, other, calls, callsRefused } = await told<AttackCounts>('stop');
    await attacker.terminate();
    const loop = await portal.loopDelay();

    const [idleP95, attackP95] = [percentile(idle, 0.95), percentile(attacked, 0.95)];
    const ratio = attackP95 / idleP95;
    console.log(
      `\nfairness: another staff user's GET users/me while a pharmacy user loops the lookups batch (16 ranked medicine searches a batch, ${medicines.toLocaleString()} medicines, grown in ${(growMs / 1000).toFixed(0)} s; load average ${loadavg()[0].toFixed(1)})`,
    );
    console.log(`  idle:         p50 ${ms(percentile(idle, 0.5))}, p95 ${ms(idleP95)}, worst ${ms(Math.max(...idle))} (${SAMPLES} calls)`);
    console.log(`  under attack: p50 ${ms(percentile(attacked, 0.5))}, p95 ${ms(attackP95)}, worst ${ms(Math.max(...attacked))} (${SAMPLES} calls)`);
    console.log(
      `  attacker: ${batches} batches (${refused} answered 429, ${other} other), ${calls} list calls run or refused inside them (${callsRefused} answered 429)`,
    );
    console.log(`  server loop delay: max ${ms(loop.max)}, p99 ${ms(loop.p99)}; its worst stall ${ms(loop.worst.ms)}: ${ms(loop.worst.onCpu)} on a core, ${ms(loop.worst.waiting)} waiting for one`);
    console.log(`  ratio p95 under attack / idle: ${ratio.toFixed(2)} (goal <= ${GOAL}x) ${ratio <= GOAL ? 'OK' : 'OVER'}`);
  } finally {
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  }
}
