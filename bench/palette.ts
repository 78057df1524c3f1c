/**
 * The jump palette at national scale (issue 25 part 1), in Chromium against the reference API in
 * its own process on the national-scale seed (62,828 pharmacies, the full medicine master).
 *
 * For each typed text (codes of every shape, names in three scripts, a screen's name), with the
 * palette freshly opened (nothing remembered), the text goes in as one keystroke and the page
 * records, from that keystroke's input event:
 * - first results: the first option on screen;
 * - all results: the status line says every lookup has answered (「N件」);
 * and, beside it in the same page, `GET users/me` (the cheapest authenticated call) fetched as
 * the data provider would. The goal is all results <= 2x users/me at p95. The palette waits
 * PALETTE_DEBOUNCE_MS after the last keystroke before asking, which no single call has to, so
 * the figure is also given without that pause. The palette's requests are counted (one lookups
 * batch per text), with the list calls they carry, and the most out at once (goal: one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchBrowser, signedInContext } from './browser';
import { adminSession, startPortal } from './servers';
import { PALETTE_DEBOUNCE_MS } from '../src/app/palette/paletteLookups';

const GOAL = 2;
const ROUNDS = 3;
const ME_RUNS = 60;
const API = /\/(core|medorder)\/api\/v2\//;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;

interface Sample {
  text: string;
  kind: string;
  first: number;
  all: number;
  calls: number;
  /** List calls the requests carried (the lookups batch carries a text's every lookup). */
  lists: number;
  most: number;
}

/** Page-side timers: the time of the last input event, of the first option, of the final status. */
const INSTRUMENT = () => {
  const w = window as unknown as { __palette: { input: number; first: number; done: number } };
  w.__palette = { input: 0, first: 0, done: 0 };
  document.addEventListener('input', () => Object.assign(w.__palette, { input: performance.now(), first: 0, done: 0 }), true);
  new MutationObserver(() => {
    const dialog = document.querySelector('[role="dialog"]');
    if (!dialog || !w.__palette.input) return;
    if (!w.__palette.first && dialog.querySelector('[role="option"]')) w.__palette.first = performance.now();
    const status = dialog.querySelector('[role="status"]')?.textContent ?? '';
    if (!w.__palette.done && /^(\d+件|該当するものはありません)$/.test(status)) w.__palette.done = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

const usersMe = async (page: Page, runs: number): Promise<number[]> =>
  page.evaluate(async (count) => {
    const session = JSON.parse(localStorage.getItem('cs-portal.auth.production') ?? '{}') as { accessToken: string };
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      const response = await fetch('/core/api/v2/common/users/me', { headers: { authorization: `Bearer ${session.accessToken}` } });
      await response.json();
      times.push(performance.now() - t0);
    }
    return times;
  }, runs);

export async function runPaletteBench(staticDir: string): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-palette-'));
  const portal = await startPortal(dataDir, staticDir);
  console.log(`\npalette bench: portal on ${portal.url} (SEED_SCALE=large, started in ${portal.seedMs} ms)`);
  const browser = await launchBrowser();
  try {
    const { session, token } = await adminSession(portal.url);
    const get = async <T>(path: string) => {
      const response = await fetch(`${portal.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return (await response.json()) as T;
    };
    const pharmacies = await get<{ id: number; micode: string; postal_code: string }[]>('/core/api/v2/admin/pharmacies?sort=-id');
    const medicines = await get<{ yj_code: string; jan_code: string; hot_code: string; receipt_code: string; package_gs1_code: string }[]>(
      '/core/api/v2/master/ethical_medicines?sort=-id',
    );
    const [dealer] = await get<{ code: string }[]>('/core/api/v2/master/dealers?sort=-id');
    const total = (await fetch(`${portal.url}/core/api/v2/admin/pharmacies?add_ended=true`, { headers: { authorization: `Bearer ${token}` } })).headers.get('x-total-count');
    const [p1, p2] = [pharmacies[0], pharmacies[7]];
    const [m1, m2] = [medicines[0], medicines[5]];
    const texts: { text: string; kind: string }[] = [
      { text: p1.micode, kind: 'code' },
      { text: p2.micode, kind: 'code' },
      { text: `${p1.postal_code.slice(0, 3)}-${p1.postal_code.slice(3)}`, kind: 'code' },
      { text: String(p2.id), kind: 'code' },
      { text: m1.yj_code, kind: 'code' },
      { text: m2.jan_code, kind: 'code' },
      { text: m1.hot_code, kind: 'code' },
      { text: m2.receipt_code, kind: 'code' },
      { text: m1.package_gs1_code, kind: 'code' },
      { text: dealer.code, kind: 'code' },
      { text: 'メディカル', kind: 'name' },
      { text: 'めでぃかる', kind: 'name' },
      { text: 'ﾒﾃﾞｨｶﾙ', kind: 'name' },
      { text: 'さくら薬局', kind: 'name' },
      { text: 'ﾌｧｰﾏ', kind: 'name' },
      { text: '本町', kind: 'name' },
      { text: 'ロキソ', kind: 'name' },
      { text: '新規薬局', kind: 'name' },
    ];

    const context = await signedInContext(browser, { 'cs-portal.auth.production': JSON.stringify(session) });
    const page = await context.newPage();
    await page.addInitScript(INSTRUMENT);
    let out = 0;
    let most = 0;
    let calls = 0;
    let lists = 0;
    page.on('request', (request) => {
      if (!API.test(request.url())) return;
      calls += 1;
      lists += new URL(request.url()).pathname.endsWith('/api/v2/common/lookups') ? (request.postDataJSON() as { calls: unknown[] }).calls.length : 1;
      out += 1;
      most = Math.max(most, out);
    });
    const finished = (request: { url(): string }) => {
      if (API.test(request.url())) out -= 1;
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { level: 1, name: 'ホーム' }).waitFor();
    await page.waitForLoadState('networkidle');

    const box = page.getByRole('combobox', { name: /ジャンプ先を検索/ });
    const samples: Sample[] = [];
    const me: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      me.push(...(await usersMe(page, ME_RUNS / ROUNDS)));
      for (const { text, kind } of texts) {
        await page.keyboard.press('Control+k');
        await box.waitFor();
        await page.waitForTimeout(50);
        calls = 0;
        lists = 0;
        most = out;
        // One keystroke that puts the whole text in (as a paste or a scanner's last key).
        await page.keyboard.insertText(text);
        await page.waitForFunction(() => (window as unknown as { __palette: { done: number } }).__palette.done > 0, undefined, { timeout: 60_000 });
        const timing = await page.evaluate(() => (window as unknown as { __palette: { input: number; first: number; done: number } }).__palette);
        samples.push({ text, kind, first: (timing.first || timing.done) - timing.input, all: timing.done - timing.input, calls, lists, most });
        await page.keyboard.press('Escape');
        await box.waitFor({ state: 'hidden' });
      }
    }

    const meP50 = percentile(me, 0.5);
    const meP95 = percentile(me, 0.95);
    console.log(`  pharmacies in the seed: ${total}; ${texts.length} texts x ${ROUNDS} rounds, each in a freshly opened palette (later rounds meet the server's page cache)`);
    console.log(`  GET users/me from the same page: median ${ms(meP50)}, p95 ${ms(meP95)} (${me.length} calls)`);
    const line = (label: string, rows: Sample[]) => {
      if (rows.length === 0) return;
      const all = rows.map((row) => row.all);
      const first = rows.map((row) => row.first);
      const pause = all.map((value) => value - PALETTE_DEBOUNCE_MS);
      const p95 = percentile(all, 0.95);
      const p95AfterPause = percentile(pause, 0.95);
      console.log(
        `  ${label}: keystroke to all results p50 ${ms(percentile(all, 0.5))}, p95 ${ms(p95)} = ${(p95 / meP95).toFixed(1)}x users/me; ` +
          `after the ${PALETTE_DEBOUNCE_MS} ms pause p95 ${ms(p95AfterPause)} = ${(p95AfterPause / meP95).toFixed(1)}x (goal <= ${GOAL}x) ${p95AfterPause / meP95 <= GOAL ? 'OK' : 'OVER'}; ` +
          `first results p95 ${ms(percentile(first, 0.95))}; requests per text ${range(rows.map((row) => row.calls))} ` +
          `carrying ${range(rows.map((row) => row.lists))} list calls, most out at once ${Math.max(...rows.map((row) => row.most))}`,
      );
    };
    line('codes', samples.filter((sample) => sample.kind === 'code'));
    line('names', samples.filter((sample) => sample.kind === 'name'));
    line('all texts', samples);
    const worst = [...samples].sort((a, b) => b.all - a.all).slice(0, 3);
    console.log(`  slowest: ${worst.map((sample) => `「${sample.text}」 ${ms(sample.all)} (${sample.calls} requests, ${sample.lists} list calls)`).join(', ')}`);
    await context.close();
  } finally {
    await browser.close();
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
