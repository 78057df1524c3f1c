/**
 * Record history (issue 39), measured side by side in one run on the national-scale seed, the real
 * API in a child process (bench/portalServer.ts):
 * - the cost of writing versions: the write endpoints' p95 (PUT of a company's note, PUT of a
 *   pharmacy's note and invoice number, alternately) at 50 concurrent clients, with the version
 *   triggers and without them (dropped through a second connection between rounds, recreated as
 *   `syncPaperTrail` makes them), rounds alternating; goal with / without <= 1.2;
 * - the 変更履歴 tab of a company with 1,000 versions against the detail page of the same
 *   company: navigation start to the first version shown, against navigation start to the
 *   detail's fields, in the same signed-in browser, alternating; goal <= 2.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConnection } from '../server/db/open';
import { paperTrailTriggersSql } from '../server/db/paperTrail';
import { CORE_ACTOR_SQL, versionedTables } from '../server/services/core/versions/masters';
import { adminSession, startPortal } from './servers';
import { launchBrowser, signedInContext } from './browser';
import { invoiceCheckDigit } from '../src/contract/pharmacy';

const WRITE_GOAL = 1.2;
const TAB_GOAL = 2;
const CLIENTS = 50;
const WRITES_PER_CLIENT = 20;
const ROUNDS = 4;
const HISTORY = 1000;
const VISITS = 7;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const median = (values: number[]) => percentile(values, 0.5);
const ms = (value: number) => `${value.toFixed(1)} ms`;

export async function runVersionsBench(staticDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-versions-'));
  const portal = await startPortal(dataDir, staticDir);
  const db = openConnection(join(dataDir, 'core.sqlite'));
  try {
    const { token, session } = await adminSession(portal.url);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const put = async (path: string, body: unknown) => {
      const started = performance.now();
      const response = await fetch(`${portal.url}/core/api/v2/admin/${path}`, { method: 'PUT', headers, body: JSON.stringify(body) });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`PUT ${path} answered ${response.status}`);
      return performance.now() - started;
    };
    /** The version triggers on or off: dropped through this second connection, recreated as syncPaperTrail makes them. */
    const versionsOn = (on: boolean) => {
      for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%paper_trail%'").all() as { name: string }[]) db.exec(`DROP TRIGGER "${name}"`);
      if (on) db.exec(versionedTables(db).map((table) => paperTrailTriggersSql(db, table, CORE_ACTOR_SQL)).join('\n'));
    };

    // Write cost: each client writes its own company and pharmacy, a new value every time.
    let serial = 0;
    const round = async () => {
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let n = 0; n < WRITES_PER_CLIENT; n++) {
            serial += 1;
            const base = String(100_000_000_000 + serial).slice(-12);
            times.push(
              n % 2 === 0
                ? await put(`companies/${client + 1}`, { note: `備考 ${serial}` })
                : await put(`pharmacies/${client + 1}`, { note: `備考 ${serial}`, pharmacy_invoice_attributes: { invoice_number: `T${invoiceCheckDigit(base)}${base}` } }),
            );
          }
        }),
      );
      return times;
    };
    await round(); // warm-up, with versions
    const withVersions: number[] = [];
    const without: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const versioned = r % 2 === 1;
      versionsOn(versioned);
      (versioned ? withVersions : without).push(...(await round()));
    }
    versionsOn(true);
    const [withP95, withoutP95] = [percentile(withVersions, 0.95), percentile(without, 0.95)];
    console.log(`\nversions: write endpoints at ${CLIENTS} concurrent clients (company and pharmacy PUTs, ${withVersions.length} writes each way, ${ROUNDS} alternating rounds; load average ${loadavg()[0].toFixed(1)})`);
    console.log(`  with versions:    p50 ${ms(median(withVersions))}, p95 ${ms(withP95)}`);
    console.log(`  without versions: p50 ${ms(median(without))}, p95 ${ms(withoutP95)}`);
    const writeRatio = withP95 / withoutP95;
    console.log(`  ratio p95 with / without: ${writeRatio.toFixed(2)} (goal <= ${WRITE_GOAL}x) ${writeRatio <= WRITE_GOAL ? 'OK' : 'OVER'}`);

    // A company with 1,000 versions.
    const id = CLIENTS + 1;
    for (let n = 0; n < HISTORY; n++) await put(`companies/${id}`, { note: `履歴 ${n}` });
    const count = (db.prepare("SELECT COUNT(*) AS n FROM versions WHERE item_type = 'v2/core/companies' AND item_id = ?").get(id) as { n: number }).n;

    const browser = await launchBrowser();
    try {
      const context = await signedInContext(browser, { 'cs-portal.auth.production': JSON.stringify(session) });
      const page = await context.newPage();
      const visit = async (path: string, ready: () => Promise<unknown>) => {
        await page.goto('about:blank');
        const started = performance.now();
        await page.goto(`${portal.url}${path}`);
        await ready();
        return performance.now() - started;
      };
      const detail = () => visit(`/v2/core/companies/${id}`, () => page.getByText(`履歴 ${HISTORY - 1}`).first().waitFor());
      const history = () => visit(`/v2/core/companies/${id}/history`, () => page.getByRole('tabpanel').getByRole('listitem').first().waitFor());
      await detail();
      await history();
      const ratios: number[] = [];
      const times = { detail: [] as number[], history: [] as number[] };
      for (let n = 0; n < VISITS; n++) {
        const order = n % 2 === 0 ? (['detail', 'history'] as const) : (['history', 'detail'] as const);
        const pair: Record<string, number> = {};
        for (const which of order) pair[which] = await (which === 'detail' ? detail() : history());
        times.detail.push(pair.detail);
        times.history.push(pair.history);
        ratios.push(pair.history / pair.detail);
      }
      const tabRatio = median(ratios);
      console.log(`\nversions: the 変更履歴 tab of a company with ${count.toLocaleString()} versions against its detail page (navigation start to content, ${VISITS} alternating pairs)`);
      console.log(`  detail: median ${ms(median(times.detail))}; 変更履歴: median ${ms(median(times.history))}`);
      console.log(`  ratio 変更履歴 / detail (median of pairs): ${tabRatio.toFixed(2)} (goal <= ${TAB_GOAL}x) ${tabRatio <= TAB_GOAL ? 'OK' : 'OVER'}`);
    } finally {
      await browser.close();
    }
  } finally {
    db.close();
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
