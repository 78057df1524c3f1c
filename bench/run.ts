/**
 * `npm run bench`: performance figures as ratios measured side by side in one run.
 *
 * Browser section (bench/browser.ts), on a national-scale seed:
 * - first load: the bytes Chromium actually receives from our server (CDP encodedDataLength:
 *   headers plus compressed bodies), for /login and for a signed-in first visit to the
 *   pharmacies list, against the bare react-admin app (bench/bare) built with the same Vite and
 *   served by the same static handler (precompressed brotli/gzip). Goal: ours / bare <= 1.10.
 * - warm visit to the pharmacies list: the first row in the DOM as a ratio to the list call's own
 *   time, for a click on the sidebar link from the home screen (app loaded, screens prefetched;
 *   timed from the press), the goal figure (<= 1.5), and for information a reload with the
 *   assets cached (navigation start to rows).
 * - list-warm and list-cold (issue 26), for 薬局一覧, 医療用医薬品一覧 (49 declared columns, 12
 *   shown) and 問い合わせ一覧 (the rooms, then a click on the first room until its messages show),
 *   against stock react-admin showing the portal's own answers for the same screen
 *   (bench/bareList, served like the portal: same static handler, same compression): a warm
 *   in-app click from the home screen, goal rows in <= 0.6 of stock's time; a cold first visit
 *   (new browser context, signed in), goal <= 1.2 of stock's. Each pair measured back to back
 *   (order alternating); the figure is the median of the pairs' ratios. `--screen=pharmacies,
 *   ethical-medicines,inquiries` picks screens. Two runs on the shared 2-core machine at load
 *   12-21 (docs/PERFORMANCE.md has the table and what was tried): warm 0.91 / 1.23
 *   (薬局一覧), 1.02 / 0.84 (医療用医薬品一覧), 1.93 / 2.66 (問い合わせ一覧), all over 0.6; cold 0.90 / 1.21,
 *   1.14 / 1.13, 1.77 / 1.70 against 1.2. Holding the navigation until the hover's list
 *   call answered (a router loader, capped at 150 ms) rendered the list once but made the click
 *   1.93x slower (薬局一覧, 9 paired clicks): dropped. The API cases added by issue 26 (the
 *   pharmacy-users list, the four file row lists): worst 2.76 (medis_gs1_rows page=12) in run 1,
 *   2.47 (pharmacies/{id}/users query full id) in run 2, each under 1.3 in the other run.
 * - first-visit (issue 38): a cold signed-in visit to 薬局一覧 beside stock react-admin's, 5 pairs back to back
 *   (bench/firstVisit.ts): script bytes transferred in the first 10 s (goal <= 1.2x stock's), LCP (goal <= 1.1x), and
 *   how long after the rows a row's company name is drawn (goal <= 100 ms); and each side's timeline of what the rows
 *   wait on (the start-up chunk, config.json, the list chunk, the list call, the company names: request start and
 *   answer end, medians from navigation start).
 * - lighthouse (issue 38): Lighthouse 12 (node API, desktop preset, the system Chromium through chrome-launcher) on the
 *   same cold signed-in visit, 3 runs a side alternating (bench/lighthouse.ts): Performance (goal >= stock's), LCP, TBT,
 *   bytes, and the accessibility audits that fail.
 * - inquiry-frame (issue 38): a pharmacy's message into the room open on screen, from the socket's frame to the DOM,
 *   9 messages (bench/inquiryFrame.ts); goal within one frame (16.7 ms).
 * - list-warm / list-cold goals per screen: issue 38 asks the inquiries warm <= 0.8 and cold <= 1.0 of stock's, the
 *   lists warm <= 0.9 (cold 1.2 as issue 26). Every figure prints the load average beside it.
 * - API calls made twice on any screen. Goal: none.
 * API section: bench/api.ts's `runApiBench()` when that module exists: every declared list, the
 * pharmacy-users list under a pharmacy and the master files' row lists included (`requires`).
 * Inquiry delivery (bench/inquiryLatency.ts): POST to the other client's receive, median and p95, beside the POST's own answer.
 * Warehouse (bench/warehouse.ts): a 60,000-row copy job into DuckDB against a plain SQLite → SQLite copy.
 * NSIPS (bench/nsips.ts): the 5 MB CP932 export decoded by TextDecoder('shift_jis') vs encoding-japanese, in Node and Chromium.
 * Long work (bench/longWork.ts): the worst /config.json latency during a 20 MB master import, a 30 MB malformed one and a
 * warehouse copy, as a ratio to its idle latency; goal worst <= 50 ms. Then issue 36's case, all at once against the real
 * server: a 120,000-row import, two warehouse copies and 16 × 10 MB uploads, /config.json every 10 ms: worst, p99 and idle,
 * and the server thread's longest computation within one stall; goal <= 50 ms.
 * Palette (bench/palette.ts): the jump palette at national scale, keystroke to results (codes and names) as a ratio to
 * GET users/me from the same page, p95; goal <= 3x (issue 38); calls per text and the most out at once (goal: one).
 * Export (bench/export.ts): 薬局一覧 exported through the screen at national scale, both encodings: rows/s, the worst
 * /config.json latency meanwhile (goal <= 50 ms) and the page's peak heap beside the file's size.
 *
 * Fairness (bench/fairness.ts): another staff user's GET users/me p95 while a pharmacy user loops the lookups batch of 16
 * ranked searches over a 348,000-row medicine master, as a ratio to its idle p95; goal <= 3x (issue 36).
 *
 * Versions (bench/versions.ts, issue 39): the write endpoints' p95 at 50 concurrent clients with the version triggers
 * against without them (goal <= 1.2x), and the 変更履歴 tab of a company with 1,000 versions against its detail (goal <= 2x).
 *
 * `npm run bench -- <section>...` runs only the named sections (first-load, warm, list-warm,
 * list-cold, duplicates, api, inquiries, imports, warehouse, nsips, longwork, export, palette, first-visit, lighthouse, inquiry-frame, fairness, versions); none named runs them all. `--detail` lists every request of the first loads and every text of the palette.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import {
  duplicateCalls,
  firstLoad,
  inAppVisits,
  launchBrowser,
  medianOf,
  pairedColdVisits,
  pairedInAppVisits,
  warmVisits,
  type BenchScreen,
  type FirstLoad,
  type PairedVisits,
  type WarmVisit,
} from './browser';
import { FIRST_VISIT_WINDOW_MS, pairedFirstVisits, pairedRatio, type FirstVisit } from './firstVisit';
import { messageFrames, ONE_FRAME_MS, summariseFrames } from './inquiryFrame';
import { runInquiryLatencyBench } from './inquiryLatency';
import { adminSession, portalAnswers, startBare, startPortal } from './servers';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'bench/.out');
/** Issue 24 item 8 relaxed it from 1.1 so the design card's date library (date-fns with @date-fns/tz) fits. */
const FIRST_LOAD_GOAL = 1.15;
const WARM_GOAL = 1.5;
/** In-app visits are a few tens of ms each and vary by a third between runs: nine, and their median. */
const IN_APP_RUNS = 9;
/**
 * A warm in-app visit's time as a share of stock react-admin's for the same click, and a cold
 * first visit's as a multiple of stock's, per screen. Issue 26 asked 0.6 and 1.2 of every list;
 * issue 38 asks the inquiries (where agents spend their day) warm <= 0.8 and cold <= 1.0, and
 * the two lists to stay warm <= 0.9.
 */
const LIST_GOALS: Record<string, { warm: number; cold: number }> = {
  pharmacies: { warm: 0.9, cold: 1.2 },
  'ethical-medicines': { warm: 0.9, cold: 1.2 },
  inquiries: { warm: 0.8, cold: 1.0 },
};
/** Issue 38: a cold signed-in first visit to 薬局一覧 against stock react-admin's, paired. */
const FIRST_VISIT_SCRIPT_GOAL = 1.2;
const FIRST_VISIT_LCP_GOAL = 1.1;
/** A row's references drawn with the rows, or at most this long after them. */
const REFERENCES_AFTER_ROWS_GOAL_MS = 100;
const FIRST_VISIT_RUNS = 5;
/** Lighthouse runs per site (each a cold visit of several seconds). */
const LIGHTHOUSE_RUNS = 3;
/** Messages a pharmacy posts into the open room, one after another. */
const INQUIRY_FRAME_RUNS = 9;
/** Cold visits load everything (a second or more each): seven pairs, and their median. */
const COLD_RUNS = 7;

const build = (args: string[]) =>
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error', ...args], {
    cwd: root,
    stdio: 'inherit',
  });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'OK' : 'OVER');
/** The machine is shared: each figure says how busy it was (1, 5 and 15 minute load averages). */
const load = () => `load ${loadavg().map((value) => value.toFixed(1)).join(' ')}`;

const isPortalApi = (url: string) => /\/api\/v\d\//.test(new URL(url).pathname);
const PHARMACIES = '/v2/core/pharmacies';
const PHARMACIES_CALL = /\/core\/api\/v2\/admin\/pharmacies(?:\?|$)/;

const rows = (page: Page) => page.locator('tbody tr td').first().waitFor();
/** A row of the pharmacies table (the home screen has a table of its own). */
const PHARMACY_ROWS = 'table[aria-label="薬局一覧"] tbody tr td';
const MEDICINE_ROWS = 'table[aria-label="医療用医薬品一覧"] tbody tr td';
const loginButton = (page: Page) => page.getByRole('button', { name: 'ログイン' }).waitFor();

const printFirstLoad = (title: string, ours: FirstLoad, theirs: FirstLoad) => {
  const ratio = ours.bytes / theirs.bytes;
  console.log(`\n${title}`);
  console.log(`  CS portal:        ${kb(ours.bytes)} in ${ours.requests} requests (scripts ${kb(ours.scriptBytes)}, headers ${kb(ours.headerBytes)}); config.json requested ${ours.configRequests}x`);
  console.log(`  bare react-admin: ${kb(theirs.bytes)} in ${theirs.requests} requests (scripts ${kb(theirs.scriptBytes)}, headers ${kb(theirs.headerBytes)})`);
  console.log(`  ratio:            ${ratio.toFixed(3)} (goal <= ${FIRST_LOAD_GOAL.toFixed(2)}) ${verdict(ratio <= FIRST_LOAD_GOAL)}`);
  console.log(
    `  after the idle prefetch of the other screens: CS portal ${kb(ours.settledBytes)} in ${ours.settledRequests} requests, bare ${kb(theirs.settledBytes)}`,
  );
};

const SECTIONS = ['first-load', 'warm', 'list-warm', 'list-cold', 'first-visit', 'lighthouse', 'inquiry-frame', 'duplicates', 'api', 'inquiries', 'imports', 'warehouse', 'nsips', 'longwork', 'export', 'palette', 'fairness', 'versions'] as const;
type Section = (typeof SECTIONS)[number];
const args = process.argv.slice(2);
const detail = args.includes('--detail');
const named = args.filter((arg) => !arg.startsWith('--'));
/** `--screen=pharmacies,inquiries`: only those screens in list-warm and list-cold. */
const screensWanted = args.find((arg) => arg.startsWith('--screen='))?.slice('--screen='.length).split(',');
for (const name of named) if (!SECTIONS.includes(name as Section)) throw new Error(`unknown bench section ${name}; known: ${SECTIONS.join(', ')}`);
const wanted = (section: Section) => named.length === 0 || named.includes(section);

const printRequests = (label: string, load: FirstLoad) => {
  console.log(`  ${label}, every request until ready:`);
  for (const request of [...load.log].sort((a, b) => b.transferred - a.transferred)) {
    console.log(`    ${String(request.transferred).padStart(7)} B  ${request.type.padEnd(10)} ${new URL(request.url).pathname}`);
  }
};

/** A link in the portal's sidebar, its dropdown group opened first when it has one. */
const sidebarLink = (name: string, group?: string): BenchScreen['link'] => ({
  prepare: async (page: Page) => {
    if (!group) return;
    const button = page.getByRole('button', { name: group });
    if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  },
  locate: (page: Page) => page.getByRole('navigation').getByRole('link', { name }),
});
/** A resource in stock react-admin's menu. */
const stockMenuItem = (name: string): BenchScreen['link'] => ({ prepare: async () => undefined, locate: (page: Page) => page.getByRole('menuitem', { name }) });

const INQUIRY_ROOM = '[data-room-name]';
const INQUIRY_MESSAGE = '[data-testid="inquiry-messages"] [data-own]';
const firstRoom = { locate: (page: Page) => page.locator(INQUIRY_ROOM).first(), ready: INQUIRY_MESSAGE };

/**
 * The list benches of issue 26: for 薬局一覧, 医療用医薬品一覧 (49 declared columns, 12 shown) and
 * 問い合わせ一覧 (until the first room's messages show), the portal against stock react-admin
 * showing the same answers (bench/bareList), warm (an in-app click) and cold (a first visit).
 */
const listBench = async (browser: Awaited<ReturnType<typeof launchBrowser>>, portalUrl: string, portalStorage: Record<string, string>, stockUrl: string) => {
  const portalApi = isPortalApi;
  const stockApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  const screens: { name: string; title: string; ours: BenchScreen; theirs: BenchScreen }[] = [
    {
      name: 'pharmacies',
      title: '薬局一覧',
      ours: { base: portalUrl, from: '/', url: PHARMACIES, link: sidebarLink('薬局一覧', '薬局マスタ'), storage: portalStorage, rows: PHARMACY_ROWS, isApi: portalApi },
      theirs: { base: stockUrl, from: '/#/posts', url: '/#/pharmacies', link: stockMenuItem('薬局一覧'), storage: {}, rows: PHARMACY_ROWS, isApi: stockApi },
    },
    {
      name: 'ethical-medicines',
      title: '医療用医薬品一覧 (49 columns, 12 shown)',
      ours: { base: portalUrl, from: '/', url: '/v2/core/ethical_medicines', link: sidebarLink('医療用医薬品一覧', 'その他マスタ'), storage: portalStorage, rows: MEDICINE_ROWS, isApi: portalApi },
      theirs: { base: stockUrl, from: '/#/posts', url: '/#/ethical_medicines', link: stockMenuItem('医療用医薬品一覧'), storage: {}, rows: MEDICINE_ROWS, isApi: stockApi },
    },
    {
      name: 'inquiries',
      title: '問い合わせ一覧, rooms then a click on the first room until its messages show',
      ours: { base: portalUrl, from: '/', url: '/v2/core/inquiries', link: sidebarLink('問い合わせ一覧'), storage: portalStorage, rows: INQUIRY_ROOM, then: firstRoom, isApi: portalApi },
      theirs: { base: stockUrl, from: '/#/posts', url: '/#/inquiry_rooms', link: stockMenuItem('問い合わせ一覧'), storage: {}, rows: INQUIRY_ROOM, then: firstRoom, isApi: stockApi },
    },
  ];
  const print = (label: string, visits: PairedVisits, goal: number) => {
    const ratio = medianOf(visits.ratios);
    const spread = `${Math.min(...visits.ratios).toFixed(2)}-${Math.max(...visits.ratios).toFixed(2)}`;
    console.log(
      `  ${label}: CS portal ${ms(medianOf(visits.ours))}, stock react-admin ${ms(medianOf(visits.theirs))} (medians of ${visits.ours.length}); ` +
        `ratio ${ratio.toFixed(2)} (median of the pairs, ${spread}; of the medians ${(medianOf(visits.ours) / medianOf(visits.theirs)).toFixed(2)}) (goal <= ${goal}) ${verdict(ratio <= goal)} (${load()})`,
    );
    for (const repeated of visits.duplicates) console.log(`    API call made twice in the portal's visit: ${repeated}`);
  };
  for (const screen of screens) {
    if (screensWanted && !screensWanted.includes(screen.name)) continue;
    console.log(`\n${screen.title}: the portal against stock react-admin (bench/bareList) showing the same answers, visits paired back to back`);
    const goals = LIST_GOALS[screen.name];
    if (wanted('list-warm')) print('warm: click in the sidebar of the home screen, from the press', await pairedInAppVisits(browser, [screen.ours, screen.theirs], IN_APP_RUNS), goals.warm);
    if (wanted('list-cold')) print('cold: first visit in a new context, signed in, from navigation start', await pairedColdVisits(browser, [screen.ours, screen.theirs], COLD_RUNS), goals.cold);
  }
};

/** Issue 38 goal 2: a cold signed-in first visit to 薬局一覧, the portal beside stock react-admin. */
const firstVisitBench = async (browser: Awaited<ReturnType<typeof launchBrowser>>, portalUrl: string, portalStorage: Record<string, string>, stockUrl: string) => {
  const visits = await pairedFirstVisits(
    browser,
    [
      {
        base: portalUrl,
        url: PHARMACIES,
        storage: portalStorage,
        rows: PHARMACY_ROWS,
        reference: `${PHARMACY_ROWS} a[href*="/v2/core/companies/"]`,
        milestones: [
          { label: 'start-up chunk', url: /\/assets\/index-[^/]*\.js$/ },
          { label: 'config.json', url: /\/config\.json$/ },
          { label: 'list chunk', url: /\/assets\/list-[^/]*\.js$/ },
          { label: 'list call', url: PHARMACIES_CALL },
          { label: 'company names', url: /\/admin\/companies\?/ },
        ],
      },
      {
        base: stockUrl,
        url: '/#/pharmacies',
        storage: {},
        rows: PHARMACY_ROWS,
        milestones: [
          { label: 'start-up chunk', url: /\/assets\/index-[^/]*\.js$/ },
          { label: 'list call', url: /\/api\/pharmacies/ },
        ],
      },
    ],
    FIRST_VISIT_RUNS,
  );
  console.log(`\nfirst visit to 薬局一覧 (cold, signed in, new context each), the portal against stock react-admin showing the same answers, ${FIRST_VISIT_RUNS} pairs back to back`);
  const line = (label: string, figure: (visit: FirstVisit) => number, show: (value: number) => string, goal: number) => {
    const { ratio, low, high, ours, theirs } = pairedRatio(visits, figure);
    console.log(`  ${label}: CS portal ${show(ours)}, stock react-admin ${show(theirs)} (medians); ratio ${ratio.toFixed(2)} (median of the pairs, ${low.toFixed(2)}-${high.toFixed(2)}) (goal <= ${goal}) ${verdict(ratio <= goal)} (${load()})`);
  };
  line(`script bytes transferred in the first ${FIRST_VISIT_WINDOW_MS / 1000} s`, (visit) => visit.scriptBytes, kb, FIRST_VISIT_SCRIPT_GOAL);
  console.log(`    script requests: CS portal ${medianOf(visits.ours.map((visit) => visit.scriptRequests))}, stock react-admin ${medianOf(visits.theirs.map((visit) => visit.scriptRequests))} (medians)`);
  line('LCP (Largest Contentful Paint)', (visit) => visit.lcp, ms, FIRST_VISIT_LCP_GOAL);
  // What the rows wait on: each resource's request start and answer end, medians from navigation start.
  const timeline = (label: string, side: FirstVisit[]) => {
    const labels = [...new Set(side.flatMap((visit) => Object.keys(visit.timeline)))];
    const steps = labels.map((name) => {
      const seen = side.map((visit) => visit.timeline[name]).filter((step) => step !== undefined);
      return `${name} ${ms(medianOf(seen.map((step) => step.start)))}→${ms(medianOf(seen.map((step) => step.end)))}`;
    });
    console.log(`    ${label}: ${steps.join(', ')}; rows ${ms(medianOf(side.map((visit) => visit.rowsAt)))}, LCP ${ms(medianOf(side.map((visit) => visit.lcp)))}`);
  };
  timeline('CS portal timeline', visits.ours);
  timeline('stock timeline    ', visits.theirs);
  const after = visits.ours.map((visit) => visit.referencesAfterRows ?? NaN);
  const worst = Math.max(...after);
  console.log(
    `  a row's company name after the rows (CS portal; 0 = the same frame): median ${ms(medianOf(after))}, worst ${ms(worst)} of ${after.length} (goal <= ${REFERENCES_AFTER_ROWS_GOAL_MS} ms) ${verdict(worst <= REFERENCES_AFTER_ROWS_GOAL_MS)} (${load()})`,
  );
};

/** Issue 38 goal 3: Lighthouse's Performance of the signed-in cold list, the portal against stock react-admin. */
const lighthouseBench = async (portalUrl: string, portalStorage: Record<string, string>, stockUrl: string) => {
  const { pairedLighthouse } = await import('./lighthouse');
  const { ours, theirs } = await pairedLighthouse([{ url: `${portalUrl}${PHARMACIES}`, storage: portalStorage }, { url: `${stockUrl}/#/pharmacies`, storage: {} }], LIGHTHOUSE_RUNS);
  console.log(`\nLighthouse (desktop preset, node API, system Chromium) on a signed-in cold visit to 薬局一覧, medians of ${LIGHTHOUSE_RUNS} runs each, alternating`);
  const side = (label: string, figures: typeof ours) =>
    console.log(
      `  ${label}: Performance ${figures.performance} (runs ${figures.scores.join(', ')}), LCP ${ms(figures.lcp)}, TBT ${ms(figures.tbt)}, ` +
        `${kb(figures.bytes)} transferred (scripts ${kb(figures.scriptBytes)}); Accessibility ${figures.accessibility}${figures.failedA11y.length ? ` (failed: ${figures.failedA11y.join(', ')})` : ''}`,
    );
  side('CS portal        ', ours);
  side('stock react-admin', theirs);
  console.log(`  Performance: portal ${ours.performance} against stock's ${theirs.performance} (goal >= stock's) ${verdict(ours.performance >= theirs.performance)} (${load()})`);
};

const browserBench = async () => {
  build(['--outDir', join(out, 'app'), '--emptyOutDir']);
  // The portal's Vite config, so the bare app gets the same plugins and precompression.
  if (wanted('first-load')) build(['bench/bare', '--config', join(root, 'vite.config.ts'), '--outDir', join(out, 'bare'), '--emptyOutDir']);
  const lists = wanted('list-warm') || wanted('list-cold') || wanted('first-visit') || wanted('lighthouse');
  if (lists) build(['bench/bareList', '--config', join(root, 'vite.config.ts'), '--outDir', join(out, 'bareList'), '--emptyOutDir']);

  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-bench-'));
  const portal = await startPortal(dataDir, join(out, 'app'));
  console.log(`\nbrowser bench: portal on ${portal.url} (SEED_SCALE=large, started in ${portal.seedMs} ms), Chromium ${process.env.CHROMIUM_PATH || '/usr/bin/chromium'}`);
  // The smallest react-admin app: the first-load yardstick.
  const bare = wanted('first-load') ? await startBare(join(out, 'bare')) : undefined;
  const browser = await launchBrowser();
  try {
    const { session, token } = await adminSession(portal.url);
    const portalStorage = { 'cs-portal.auth.production': JSON.stringify(session) };
    const bareStorage = { token: 'bench' };

    if (bare) {
      const compare = async (title: string, ours: () => Promise<FirstLoad>, theirs: () => Promise<FirstLoad>) => {
        const [a, b] = [await ours(), await theirs()];
        printFirstLoad(title, a, b);
        if (detail) {
          printRequests('CS portal', a);
          printRequests('bare react-admin', b);
        }
      };
      await compare(
        'first load of /login: bytes transferred from the server (Chromium, cold cache)',
        () => firstLoad(browser, `${portal.url}/login`, loginButton),
        () => firstLoad(browser, `${bare.url}/#/login`, loginButton),
      );
      await compare(
        `signed-in first visit to a list (${PHARMACIES} vs the bare app's list), until rows show`,
        () => firstLoad(browser, `${portal.url}${PHARMACIES}`, rows, portalStorage),
        () => firstLoad(browser, `${bare.url}/#/posts`, rows, bareStorage),
      );
    }

    if (wanted('warm')) {
      const sidebarLink = {
        // 薬局一覧 sits in the sidebar's 薬局マスタ group, folded on the home screen.
        prepare: async (page: Page) => {
          const group = page.getByRole('button', { name: '薬局マスタ' });
          if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
        },
        locate: (page: Page) => page.getByRole('navigation').getByRole('link', { name: '薬局一覧' }),
      };
      const inApp = await inAppVisits(browser, portal.url, '/', sidebarLink, portalStorage, PHARMACIES_CALL, PHARMACY_ROWS, isPortalApi, IN_APP_RUNS);
      const warm = await warmVisits(browser, `${portal.url}${PHARMACIES}`, portalStorage, PHARMACIES_CALL, PHARMACY_ROWS, isPortalApi);
      console.log(`\nwarm visit to ${PHARMACIES}: the first row in the DOM as a ratio to the list call's own time (request start to response end), medians of ${inApp.runs} clicks and ${warm.runs} reloads`);
      const line = (label: string, visit: WarmVisit, goal: boolean) =>
        console.log(
          `  ${label}: call at ${ms(visit.callStart)}, took ${ms(visit.call)}; rows at ${ms(visit.rows)}; ratio ${visit.ratio.toFixed(1)}` +
            (goal ? ` (goal <= ${WARM_GOAL}) ${verdict(visit.ratio <= WARM_GOAL)}` : ' (for information: a reload runs the whole start-up)'),
        );
      line('click on 薬局一覧 in the sidebar of the home screen, timed from the press', inApp, true);
      line('reload with the assets cached, timed from navigation start', warm, false);
      console.log(`  rows after the answer was in (rendering): in the app ${ms(inApp.afterAnswer)}, on reload ${ms(warm.afterAnswer)}`);
      for (const repeated of [...inApp.duplicates, ...warm.duplicates]) console.log(`  API call made twice in a warm visit: ${repeated}`);
    }

    if (lists) {
      const stockSite = await startBare(join(out, 'bareList'), await portalAnswers(portal.url, token));
      try {
        if (wanted('list-warm') || wanted('list-cold')) await listBench(browser, portal.url, portalStorage, stockSite.url);
        if (wanted('first-visit')) await firstVisitBench(browser, portal.url, portalStorage, stockSite.url);
        if (wanted('lighthouse')) await lighthouseBench(portal.url, portalStorage, stockSite.url);
      } finally {
        await stockSite.close();
      }
    }

    if (wanted('inquiry-frame')) {
      const delays = await messageFrames(browser, portal.url, portalStorage, INQUIRY_FRAME_RUNS);
      const { median, worst } = summariseFrames(delays);
      console.log(`\na pharmacy's message on the open room's screen after the cable delivered it (${INQUIRY_FRAME_RUNS} messages, socket frame to the DOM)`);
      console.log(`  median ${median.toFixed(1)} ms, worst ${worst.toFixed(1)} ms (goal: within one frame, <= ${ONE_FRAME_MS.toFixed(1)} ms) ${verdict(worst <= ONE_FRAME_MS)} (${load()})`);
    }

    if (wanted('duplicates')) {
      const companyId = 1;
      const sortByName = (page: Page) =>
        page
          .getByRole('button', { name: '薬局名' })
          .click()
          .then(() => page.waitForURL(/sort=name/))
          .then(() => rows(page));
      const tabLink = (page: Page) => page.getByRole('tab', { name: '薬局一覧' }).click().then(() => page.getByRole('search').waitFor());
      const duplicates = await duplicateCalls(
        browser,
        portal.url,
        [
          { path: '/', ready: (page) => page.getByTestId('release-Mac').getByText('3.4.1').waitFor() },
          { path: PHARMACIES, ready: rows },
          { path: '/v2/core/companies', ready: rows },
          { path: '/v2/core/dealers', ready: rows },
          { path: `/v2/core/companies/${companyId}`, ready: (page) => page.getByRole('tab', { name: '薬局一覧' }).waitFor() },
          { path: `/v2/core/companies/${companyId}/pharmacies`, ready: (page) => page.getByRole('search').waitFor() },
          { path: `/v2/core/companies/${companyId}`, ready: (page) => page.getByRole('tab', { name: '薬局一覧' }).waitFor(), then: tabLink, thenLabel: 'a tab click' },
          { path: PHARMACIES, ready: rows, then: sortByName, thenLabel: 'a sort by name' },
        ],
        portalStorage,
        isPortalApi,
      );
      console.log('\nAPI calls made twice on one screen (reload of each screen; goal: none)');
      for (const [path, repeated] of duplicates) console.log(`  ${path}: ${repeated.length === 0 ? 'none' : repeated.join(', ')}`);
    }
  } finally {
    await browser.close();
    await bare?.close();
    await portal.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** bench/api.ts (the API latency section) lands separately; the run works with or without it. */
const apiBench = async () => {
  const module = join(root, 'bench/api.ts');
  if (!existsSync(module)) {
    console.log('\napi bench not present (bench/api.ts)');
    return;
  }
  const { runApiBench } = (await import(pathToFileURL(module).href)) as { runApiBench?: () => Promise<void> };
  if (typeof runApiBench !== 'function') throw new Error('bench/api.ts does not export runApiBench()');
  await runApiBench();
};

const section = async (name: string, run: () => Promise<void>) => {
  try {
    await run();
  } catch (error) {
    console.error(`\n${name} failed:`, error);
    process.exitCode = 1;
  }
};

if (['first-load', 'warm', 'list-warm', 'list-cold', 'first-visit', 'lighthouse', 'inquiry-frame', 'duplicates'].some((name) => wanted(name as Section))) await section('browser bench', browserBench);
if (wanted('api')) await section('api bench', apiBench);
if (wanted('inquiries')) await section('inquiry delivery bench', runInquiryLatencyBench);
if (wanted('imports')) await section('ethical medicine import bench', async () => (await import('./masterImport')).runMasterImportBench());
if (wanted('warehouse')) await section('warehouse copy bench', async () => (await import('./warehouse')).runWarehouseBench());
if (wanted('nsips')) await section('NSIPS decoding bench', async () => (await import('./nsips')).runNsipsBench());
if (wanted('longwork')) await section('long work bench', async () => (await import('./longWork')).runLongWorkBench());
if (wanted('fairness')) await section('fairness bench', async () => (await import('./fairness')).runFairnessBench());
if (wanted('export'))
  await section('export bench', async () => {
    build(['--outDir', join(out, 'export-app'), '--emptyOutDir']);
    await (await import('./export')).runExportBench(join(out, 'export-app'));
  });
if (wanted('versions'))
  await section('versions bench', async () => {
    build(['--outDir', join(out, 'versions-app'), '--emptyOutDir']);
    await (await import('./versions')).runVersionsBench(join(out, 'versions-app'));
  });
if (wanted('palette'))
  await section('palette bench', async () => {
    build(['--outDir', join(out, 'palette-app'), '--emptyOutDir']);
    await (await import('./palette')).runPaletteBench(join(out, 'palette-app'), detail);
  });
