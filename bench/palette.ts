/**
 * The jump palette at national scale (issue 25 part 1), in Chromium against the reference API in
 * its own process on the national-scale seed (62,828 pharmacies, the full medicine master).
 *
 * For each text (codes of every shape, names in three scripts, a screen's name), with the
 * palette freshly opened (nothing remembered), the text goes in as one input (a paste, an IME's
 * commit: asked at once, isWholeText) and the page records, from that input event:
 * - first results: the first option on screen;
 * - all results: the status line says every lookup has answered (「N件」);
 * - of it, the lookups request (Resource Timing) and its wait for the first byte (the server);
 *   the rest is the page's own work (the input's render, then the answers' ranking and render);
 * - the same text again in the same palette, answered from memory without a request: the page's
 *   own floor (rendering the results), which no server work can lower;
 * Sixteen texts of their own go first, printed apart: the server's first texts after its start
 * (its JIT and statements still cold), which the measured texts, about an agent's day, follow.
 * And, right before each text in the same page, `GET users/me` (the cheapest authenticated call)
 * fetched as the data provider would, so both meet the same moment of the machine. The goal is
 * all results <= 3x users/me at p95 (issue 38 goal 5; issue 25 had asked 2x). A few texts are also typed a key at a time (a scanner's
 * 20 ms, a person's 120 ms): from the last key, they include the PALETTE_DEBOUNCE_MS pause. The
 * palette's requests are counted (one lookups batch per text), with the list calls they carry,
 * and the most out at once (goal: one).
 *
 * Without the batch (issue 35): a second page beside the first gets a `/config.json` that names
 * no addition, as a deployment against the platform would, so its palette asks the spec's list
 * calls (a few at a time, no relevance sort). Each text is measured in both pages in turn, against
 * the same server, and the figure is the spec page's p95 as a ratio to the batch page's (goal:
 * at most 1.5x), beside each one's ratio to users/me.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { launchBrowser, signedInContext } from './browser';
import { adminSession, startPortal } from './servers';
import { PALETTE_DEBOUNCE_MS } from '../src/features/palette/paletteLookups';

/** Issue 38 goal 5: p95 keystroke to results at national scale, as a multiple of users/me's p95. */
const GOAL = 3;
/** Without the batch, at most this many times the batch's own p95 (issue 35). */
const SPEC_GOAL = 1.5;
const ROUNDS = 3;
const API = /\/(core|medorder)\/api\/v2\//;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const range = (values: number[]) => `${Math.min(...values)}-${Math.max(...values)}`;

type Mode = 'batch' | 'spec';

interface Sample {
  mode: Mode;
  round: number;
  text: string;
  kind: string;
  first: number;
  all: number;
  calls: number;
  /** List calls the requests carried (the lookups batch carries a text's every lookup). */
  lists: number;
  most: number;
  /** The lookups requests: the first's start to the last's end, and the longest wait for a first byte (the server's time). */
  request: number;
  firstByte: number;
  /** The page's own time around the requests: from the input to the first's start, and from the last's end to the final status. */
  before: number;
  after: number;
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
    if (!w.__palette.done && /^(\d+件を表示|該当するものはありません)$/.test(status)) w.__palette.done = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
};

const usersMe = async (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('cs-portal.auth.production') ?? '{}') as { accessToken: string };
    const t0 = performance.now();
    const response = await fetch('/core/api/v2/common/users/me', { headers: { authorization: `Bearer ${session.accessToken}` } });
    await response.json();
    return performance.now() - t0;
  });

/** The page's timers for the last text, with its lookups requests' Resource Timing (then cleared): the batch, or the spec's list calls. */
const readTiming = (page: Page) =>
  page.evaluate(() => {
    const { input, first, done } = (window as unknown as { __palette: { input: number; first: number; done: number } }).__palette;
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (e) => /\/api\/v2\//.test(e.name) && !e.name.includes('/users/me') && e.startTime >= input,
    );
    performance.clearResourceTimings();
    if (entries.length === 0) return { input, first, done, request: 0, firstByte: 0, before: 0, after: 0 };
    const start = Math.min(...entries.map((e) => e.startTime));
    const end = Math.max(...entries.map((e) => e.responseEnd));
    return { input, first, done, request: end - start, firstByte: Math.max(...entries.map((e) => e.responseStart - e.requestStart)), before: start - input, after: done - end };
  });

export async function runPaletteBench(staticDir: string, detail = false): Promise<void> {
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
    /** A page of the portal, its palette instrumented and its API calls counted; `spec`: told of no addition. */
    const openPage = async (mode: Mode) => {
      const page = await context.newPage();
      await page.addInitScript(INSTRUMENT);
      if (mode === 'spec') {
        await page.route('**/config.json', async (route) => {
          const config = (await (await route.fetch()).json()) as { environments: { capabilities?: string[] }[] };
          for (const environment of config.environments) environment.capabilities = [];
          await route.fulfill({ json: config });
        });
      }
      const counters = { out: 0, most: 0, calls: 0, lists: 0 };
      page.on('request', (request) => {
        if (!API.test(request.url())) return;
        counters.calls += 1;
        counters.lists += new URL(request.url()).pathname.endsWith('/api/v2/common/lookups') ? (request.postDataJSON() as { calls: unknown[] }).calls.length : 1;
        counters.out += 1;
        counters.most = Math.max(counters.most, counters.out);
      });
      const finished = (request: { url(): string }) => {
        if (API.test(request.url())) counters.out -= 1;
      };
      page.on('requestfinished', finished);
      page.on('requestfailed', finished);
      await page.goto(`${portal.url}/`);
      await page.getByRole('heading', { level: 1, name: 'ホーム' }).waitFor();
      await page.waitForLoadState('networkidle');
      return { mode, page, counters, box: page.getByRole('combobox', { name: /ジャンプ先を検索/ }) };
    };
    const pages = [await openPage('batch'), await openPage('spec')];

    const samples: Sample[] = [];
    let round = 0;
    const me: number[] = [];
    type Opened = (typeof pages)[number];
    /** Waits for the text's final status, then keeps its timings as a sample of `kind`. */
    const record = async ({ mode, page, counters }: Opened, text: string, kind: string) => {
      // Polled every 50 ms, not at each animation frame (Playwright's default): polling at 60 frames
      // a second kept the page's renderer busy throughout each text, taking a core from the server
      // it waited for, while users/me (its yardstick) was timed with no poll. The times are the
      // page's own (input to final status), so the interval changes none of them.
      await page.waitForFunction(() => (window as unknown as { __palette: { done: number } }).__palette.done > 0, undefined, { timeout: 60_000, polling: 50 });
      const timing = await readTiming(page);
      const { calls, lists, most } = counters;
      samples.push({ mode, round, text, kind, first: (timing.first || timing.done) - timing.input, all: timing.done - timing.input, calls, lists, most, request: timing.request, firstByte: timing.firstByte, before: timing.before, after: timing.after });
    };
    /** One text in a freshly opened palette, put in by `enter`; users/me is timed just before. */
    const measureIn = async (opened: Opened, text: string, kind: string, enter: (page: Page) => Promise<void>) => {
      const { page, counters, box } = opened;
      if (opened.mode === 'batch') {
        // The yardstick of the measured texts only: the server's first seconds are not its day.
        const took = await usersMe(page);
        if (kind !== 'first') me.push(took);
      }
      await page.bringToFront();
      await page.keyboard.press('Control+k');
      await box.waitFor();
      await page.waitForTimeout(50);
      Object.assign(counters, { calls: 0, lists: 0, most: counters.out });
      await enter(page);
      await record(opened, text, kind);
      if (kind === 'code' || kind === 'name') {
        // The same text again in the same palette: answered from memory, no request. The page's
        // floor: what the results cost to show once their answers are in.
        await page.keyboard.press('Control+a');
        await page.keyboard.press('Backspace');
        await page.waitForTimeout(20);
        Object.assign(counters, { calls: 0, lists: 0 });
        await page.keyboard.insertText(text);
        await record(opened, text, 'memory');
      }
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'hidden' });
    };
    /** The text in both pages in turn: side by side against the same server at the same moment. */
    const measure = async (text: string, kind: string, enter: (page: Page) => Promise<void>) => {
      for (const opened of pages) await measureIn(opened, text, kind, enter);
    };
    const typed = [
      { text: p2.micode, delay: 20 },
      { text: m2.jan_code, delay: 20 },
      { text: 'ﾒﾃﾞｨｶﾙ', delay: 120 },
    ];
    // The server's first texts after its start, before the measured ones: a portal in use has run
    // its code paths (the JIT's optimised code, each statement compiled) and read its search
    // indexes' pages, and the measured texts are about an agent's day, not the seconds after a
    // deploy. Texts of their own, so every measured text's first round still meets no page of it
    // in the server's caches. Printed apart, so the start's cost stays in view.
    const [w1, w2, w3] = [pharmacies[3], pharmacies[11], pharmacies[19]];
    const [n1, n2] = [medicines[2], medicines[9]];
    const warmUp = [w1.micode, w2.micode, `${w3.postal_code.slice(0, 3)}-${w3.postal_code.slice(3)}`, String(w1.id), n1.yj_code, n2.jan_code, n1.hot_code, n2.receipt_code,
      'ひまわり', 'ｸﾞﾘｰﾝ', 'アイン', '中央', 'ケア', 'ドラッグ', 'ファーマシー', 'カロナ'];
    for (const text of warmUp) await measure(text, 'first', (page) => page.keyboard.insertText(text));
    for (round = 0; round < ROUNDS; round++) {
      // One input that puts the whole text in (a paste, an IME's commit).
      for (const { text, kind } of texts) await measure(text, kind, (page) => page.keyboard.insertText(text));
      for (const { text, delay } of typed) await measure(text, 'typed', (page) => page.keyboard.type(text, { delay }));
    }

    const meP50 = percentile(me, 0.5);
    const meP95 = percentile(me, 0.95);
    console.log(
      `  pharmacies in the seed: ${total}; ${texts.length} texts x ${ROUNDS} rounds, each in a freshly opened palette (later rounds meet the server's page cache), ` +
        `and ${typed.length} typed a key at a time`,
    );
    console.log(`  GET users/me from the same page, just before each text: median ${ms(meP50)}, p95 ${ms(meP95)} (${me.length} calls)`);
    const line = (label: string, rows: Sample[], from = 'input') => {
      if (rows.length === 0) return;
      const all = rows.map((row) => row.all);
      const p95 = percentile(all, 0.95);
      const asked = rows.filter((row) => row.request > 0);
      const rest = asked.map((row) => row.all - row.request);
      console.log(
        `  ${label}: ${from} to all results p50 ${ms(percentile(all, 0.5))}, p95 ${ms(p95)} = ${(p95 / meP95).toFixed(1)}x users/me (goal <= ${GOAL}x) ${p95 / meP95 <= GOAL ? 'OK' : 'OVER'}; ` +
          `first results p95 ${ms(percentile(rows.map((row) => row.first), 0.95))}; requests per text ${range(rows.map((row) => row.calls))} ` +
          `carrying ${range(rows.map((row) => row.lists))} list calls, most out at once ${Math.max(...rows.map((row) => row.most))}`,
      );
      if (asked.length === 0) return;
      const p = (values: number[]) => `p50 ${ms(percentile(values, 0.5))}, p95 ${ms(percentile(values, 0.95))}`;
      console.log(`    of which the lookups request ${p(asked.map((row) => row.request))} (its first byte ${p(asked.map((row) => row.firstByte))}); the rest ${p(rest)}: before the request ${p(asked.map((row) => row.before))}, after it ${p(asked.map((row) => row.after))}`);
    };
    const whole = (sample: Sample) => sample.kind === 'code' || sample.kind === 'name';
    for (const mode of ['batch', 'spec'] as const) {
      const of = samples.filter((sample) => sample.mode === mode);
      console.log(mode === 'batch' ? '  with the lookups batch (every addition):' : '  without the batch (a /config.json that names no addition: the spec list calls):');
      line('codes', of.filter((sample) => sample.kind === 'code'));
      line('names', of.filter((sample) => sample.kind === 'name'));
      line('all whole texts', of.filter(whole));
      line('the same texts again, answered from memory (the page alone)', of.filter((sample) => sample.kind === 'memory'));
      line(`the server's first ${warmUp.length} texts after its start (not in the goal's figures)`, of.filter((sample) => sample.kind === 'first'));
      line(`typed a key at a time (the rest holds the ${PALETTE_DEBOUNCE_MS} ms pause)`, of.filter((sample) => sample.kind === 'typed'), 'last key');
      const worst = [...of.filter((sample) => sample.kind !== 'first')].sort((a, b) => b.all - a.all).slice(0, 3);
      if (detail) {
        for (const sample of of.filter((row) => row.kind !== 'memory' && row.kind !== 'first')) {
          console.log(`    round ${sample.round + 1} ${sample.kind} 「${sample.text}」 ${ms(sample.all)}: request ${ms(sample.request)} (first byte ${ms(sample.firstByte)}), before ${ms(sample.before)}, after ${ms(sample.after)}`);
        }
      }
      console.log(`  slowest: ${worst.map((sample) => `「${sample.text}」 ${ms(sample.all)} (${sample.calls} requests, ${sample.lists} list calls)`).join(', ')}`);
    }
    const p95Of = (mode: Mode) => percentile(samples.filter((sample) => sample.mode === mode && whole(sample)).map((sample) => sample.all), 0.95);
    const ratio = p95Of('spec') / p95Of('batch');
    console.log(
      `  without the batch / with it, all whole texts at p95: ${ms(p95Of('spec'))} / ${ms(p95Of('batch'))} = ${ratio.toFixed(2)}x (goal <= ${SPEC_GOAL}x) ${ratio <= SPEC_GOAL ? 'OK' : 'OVER'}`,
    );
    await context.close();
  } finally {
    await browser.close();
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
