/**
 * Fairness (issue 36 item 1), measured side by side in one run: another staff user's
 * `GET users/me` while the server is idle, then while a pharmacy user runs the lookups-batch
 * attack of the issue: one batch at a time, back to back, of 16 ranked medicine searches such as
 * `ethical_medicines?sort=relevance&query=錠 a&page=10`, a new letter each call (so nothing is
 * answered from the page cache), ignoring every 429 (a hostile client does not wait). The master
 * is grown first to the size (about 348,000 medicines, as a few imports leave it) by
 * copying the seeded rows under new ids through the core's own triggers.
 * The server is the real API in a child process on loopback (bench/portalServer.ts), so the
 * clients here never share its thread. Figure: victim p95 under attack / idle p95, goal <= 3x.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SEEDS } from '../server/app';
import { openCoreDb } from '../server/services/core';
import { LIST_LOOKUPS_MAX, LIST_LOOKUPS_PATH } from '../src/contract';
import { startPortal } from './servers';

const GOAL = 3;
/** Copies of the seeded master: 12,434 rows × 28 ≈ 348,000, the size. */
const COPIES = 27;
const SAMPLES = 300;
const GAP_MS = 5;
const STAFF = { username: 'sato.misaki@example.com', password: 'Staff1234' };
const PHARMACY = { username: 'pharmacy@example.com', password: 'Pharmacy1234' };
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

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
    const [victim, attacker] = [await signIn(STAFF), await signIn(PHARMACY)];
    const me = async () => {
      const started = performance.now();
      const response = await fetch(`${portal.url}/core/api/v2/common/users/me`, { headers: { authorization: `Bearer ${victim}` } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`users/me answered ${response.status}`);
      return performance.now() - started;
    };
    const sample = async () => {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        times.push(await me());
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      }
      return times;
    };

    for (let i = 0; i < 20; i++) await me();
    const idle = await sample();

    let stop = false;
    const counts = { batches: 0, refused: 0, calls: 0, callsRefused: 0, other: 0 };
    let call = 0;
    const attack = (async () => {
      while (!stop) {
        const calls = Array.from({ length: LIST_LOOKUPS_MAX }, () => {
          call += 1;
          const query = `錠 ${LETTERS[call % LETTERS.length]}${LETTERS[Math.floor(call / LETTERS.length) % LETTERS.length]}`;
          return { path: '/api/v2/core/master/ethical_medicines', query: `sort=relevance&query=${encodeURIComponent(query)}&page=${9 + (call % 2)}` };
        });
        const response = await fetch(`${portal.url}${LIST_LOOKUPS_PATH.replace('/api/v2/core/', '/core/api/v2/')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${attacker}`, 'content-type': 'application/json' },
          body: JSON.stringify({ calls }),
        });
        const body = (await response.json()) as { answers?: { status: number }[] };
        counts.batches += 1;
        if (response.status === 429) counts.refused += 1;
        else if (response.status !== 200) counts.other += 1;
        for (const answer of body.answers ?? []) {
          counts.calls += 1;
          if (answer.status === 429) counts.callsRefused += 1;
        }
      }
    })();
    // The attack's first batch is under way before the victim starts.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const attacked = await sample();
    stop = true;
    await attack;
    const loop = await portal.loopDelay();

    const [idleP95, attackP95] = [percentile(idle, 0.95), percentile(attacked, 0.95)];
    const ratio = attackP95 / idleP95;
    console.log(
      `\nfairness: another staff user's GET users/me while a pharmacy user loops the lookups batch (16 ranked medicine searches a batch, ${medicines.toLocaleString()} medicines, grown in ${(growMs / 1000).toFixed(0)} s; load average ${loadavg()[0].toFixed(1)})`,
    );
    console.log(`  idle:         p50 ${ms(percentile(idle, 0.5))}, p95 ${ms(idleP95)}, worst ${ms(Math.max(...idle))} (${SAMPLES} calls)`);
    console.log(`  under attack: p50 ${ms(percentile(attacked, 0.5))}, p95 ${ms(attackP95)}, worst ${ms(Math.max(...attacked))} (${SAMPLES} calls)`);
    console.log(
      `  attacker: ${counts.batches} batches (${counts.refused} answered 429, ${counts.other} other), ${counts.calls} list calls run or refused inside them (${counts.callsRefused} answered 429); server loop delay max ${ms(loop.max)}`,
    );
    console.log(`  ratio p95 under attack / idle: ${ratio.toFixed(2)} (goal <= ${GOAL}x) ${ratio <= GOAL ? 'OK' : 'OVER'}`);
  } finally {
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(staticDir, { recursive: true, force: true });
  }
}
