/**
 * What a browser sees: bytes transferred (Chromium's own count through CDP, headers and
 * compression included), time to rows, and duplicate API calls.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Locator, type Page } from '@playwright/test';

export const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });

interface RequestRecord {
  url: string;
  method: string;
  type: string;
  /** Bytes received off the wire for this request (headers + encoded body); 0 when from cache. */
  transferred: number;
  /** Of `transferred`, the response's status line and headers as received (0 when from cache). */
  headerBytes: number;
  done: boolean;
}

/** Every request of one page, as Chromium's network stack reports it. */
export class NetworkLog {
  readonly requests = new Map<string, RequestRecord>();
  private lastEvent = Date.now();

  static async attach(page: Page): Promise<NetworkLog> {
    const session: CDPSession = await page.context().newCDPSession(page);
    const log = new NetworkLog();
    session.on('Network.requestWillBeSent', (event) => {
      if (event.request.url.startsWith('data:')) return;
      log.lastEvent = Date.now();
      log.requests.set(event.requestId, { url: event.request.url, method: event.request.method, type: event.type ?? 'Other', transferred: 0, headerBytes: 0, done: false });
    });
    session.on('Network.responseReceivedExtraInfo', (event) => {
      const record = log.requests.get(event.requestId);
      if (record) record.headerBytes = event.headersText?.length ?? Object.entries(event.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
    });
    const finish = (requestId: string, transferred: number) => {
      const record = log.requests.get(requestId);
      if (!record) return;
      log.lastEvent = Date.now();
      record.transferred = transferred;
      record.done = true;
    };
    session.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength));
    session.on('Network.loadingFailed', (event) => finish(event.requestId, 0));
    await session.send('Network.enable');
    return log;
  }

  clear() {
    this.requests.clear();
  }

  get all(): RequestRecord[] {
    return [...this.requests.values()];
  }

  bytes(filter: (record: RequestRecord) => boolean = () => true) {
    return this.all.filter(filter).reduce((sum, record) => sum + record.transferred, 0);
  }

  /** Waits until nothing is in flight and nothing new started for `quietMs` (the idle prefetch included). */
  async settled(quietMs = 1000, limitMs = 20_000) {
    const deadline = Date.now() + limitMs;
    while (Date.now() < deadline) {
      if (this.all.every((record) => record.done) && Date.now() - this.lastEvent >= quietMs) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** API calls made more than once (same method and URL). */
  duplicates(isApi: (url: string) => boolean): string[] {
    const counts = new Map<string, number>();
    for (const record of this.all) {
      if (record.method === 'OPTIONS' || !isApi(record.url)) continue;
      const key = `${record.method} ${new URL(record.url).pathname}${new URL(record.url).search}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].filter(([, count]) => count > 1).map(([key, count]) => `${key} x${count}`);
  }
}

/** Puts a signed-in session into localStorage before any page script runs. */
export const signedInContext = async (browser: Browser, storage?: Record<string, string>): Promise<BrowserContext> => {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1440, height: 900 } });
  if (storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
  }
  return context;
};

export interface FirstLoad {
  /** Transferred before the screen was ready to use. */
  bytes: number;
  requests: number;
  scriptBytes: number;
  /** Response status lines and headers (part of `bytes`). */
  headerBytes: number;
  /** Every request until ready. */
  log: RequestRecord[];
  /** Including what the page fetched after it was ready (the idle prefetch of other screens). */
  settledBytes: number;
  settledRequests: number;
  configRequests: number;
}

/** A first visit with an empty cache: what the server sends until `ready`, and until the network is quiet. */
export const firstLoad = async (browser: Browser, url: string, ready: (page: Page) => Promise<unknown>, storage?: Record<string, string>): Promise<FirstLoad> => {
  const context = await signedInContext(browser, storage);
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(page);
    await page.goto(url, { waitUntil: 'commit' });
    await ready(page);
    const result = {
      bytes: log.bytes(),
      requests: log.all.length,
      scriptBytes: log.bytes((record) => record.type === 'Script'),
      headerBytes: log.all.reduce((sum, record) => sum + record.headerBytes, 0),
      log: log.all.map((record) => ({ ...record })),
      configRequests: log.all.filter((record) => new URL(record.url).pathname === '/config.json').length,
    };
    // The portal prefetches its other screens a few seconds after the first one shows.
    await log.settled(5000, 30_000);
    return { ...result, settledBytes: log.bytes(), settledRequests: log.all.length };
  } finally {
    await context.close();
  }
};

declare global {
  interface Window {
    __rowsAt?: number;
    __pressedAt?: number;
    /** What `watchRows` waits for: the first element matching it marks `__rowsAt`. */
    __rowSelector?: string;
  }
}

/**
 * Records when the first element matching `rowSelector` (a row of the table, after the last
 * reset; a later step may name another selector in `window.__rowSelector`) reaches the DOM, and
 * when the pointer was last pressed (the click that opens the list).
 */
const watchRows = (rowSelector: string) => {
  window.__rowSelector = rowSelector;
  const observer = new MutationObserver(() => {
    if (window.__rowsAt === undefined && window.__rowSelector && document.querySelector(window.__rowSelector)) window.__rowsAt = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
  addEventListener('pointerdown', (event) => (window.__pressedAt = event.timeStamp), { capture: true });
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export interface WarmVisit {
  /** Navigation start to the first row in the DOM, ms (median). */
  rows: number;
  /** When the list call started, and how long it took (its own time), ms (median). */
  callStart: number;
  call: number;
  /** rows / call, median over the runs. */
  ratio: number;
  /** Rows minus the call's end (what rendering adds once the answer is in), ms (median). */
  afterAnswer: number;
  runs: number;
  duplicates: string[];
}

/**
 * Visits of a list with everything cached that may be cached (assets are immutable; config.json
 * and the list call are not): navigation start to rows in the DOM, against the list call's own
 * time from Resource Timing, both in the page's clock.
 */
export const warmVisits = async (
  browser: Browser,
  url: string,
  storage: Record<string, string>,
  listCall: RegExp,
  rowSelector: string,
  isApi: (url: string) => boolean,
  runs = 5,
): Promise<WarmVisit> => {
  const context = await signedInContext(browser, storage);
  await context.addInitScript(watchRows, rowSelector);
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(page);
    await page.goto(url);
    await page.waitForFunction(() => window.__rowsAt !== undefined);
    await log.settled();
    const samples: { rows: number; callStart: number; call: number }[] = [];
    const duplicates = new Set<string>();
    for (let run = 0; run < runs; run += 1) {
      log.clear();
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => window.__rowsAt !== undefined);
      const sample = await page.evaluate((source) => {
        const pattern = new RegExp(source);
        const call = performance.getEntriesByType('resource').find((entry) => pattern.test(entry.name)) as PerformanceResourceTiming | undefined;
        return { rows: window.__rowsAt ?? NaN, callStart: call?.startTime ?? NaN, call: call ? call.responseEnd - call.startTime : NaN };
      }, listCall.source);
      samples.push(sample);
      await log.settled(500);
      for (const duplicate of log.duplicates(isApi)) duplicates.add(duplicate);
    }
    return summariseVisits(samples, runs, duplicates);
  } finally {
    await context.close();
  }
};

/** Medians of a series of visits, and every call any of them made twice. */
const summariseVisits = (samples: { rows: number; callStart: number; call: number }[], runs: number, duplicates: Set<string>): WarmVisit => ({
  rows: median(samples.map((sample) => sample.rows)),
  callStart: median(samples.map((sample) => sample.callStart)),
  call: median(samples.map((sample) => sample.call)),
  ratio: median(samples.map((sample) => sample.rows / sample.call)),
  afterAnswer: median(samples.map((sample) => sample.rows - sample.callStart - sample.call)),
  runs,
  duplicates: [...duplicates],
});

/**
 * In-app visits as a user makes them: the portal is open on `from` (and has prefetched its
 * screens while idle), `prepare` gets the link ready (opens its sidebar group), and the mouse
 * clicks it (Playwright moves onto the link, presses and releases: a hover of a few
 * milliseconds, far shorter than a person's). Timed from the press (pointerdown) to the first
 * row in the DOM, against the list call's own time (Resource Timing: request start to response
 * end); the call's start is given from the press too, negative when the hover started it.
 */
export const inAppVisits = async (
  browser: Browser,
  base: string,
  from: string,
  link: { prepare: (page: Page) => Promise<unknown>; locate: (page: Page) => Locator },
  storage: Record<string, string>,
  listCall: RegExp,
  rowSelector: string,
  isApi: (url: string) => boolean,
  runs = 5,
): Promise<WarmVisit> => {
  const context = await signedInContext(browser, storage);
  await context.addInitScript(watchRows, rowSelector);
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(page);
    const samples: { rows: number; callStart: number; call: number }[] = [];
    const duplicates = new Set<string>();
    for (let run = 0; run < runs; run += 1) {
      await page.goto(`${base}${from}`);
      // A new document each run, in the same renderer as a user's tab: going to a hash URL from
      // the same page only changes the hash. (Through about:blank the renderer may be a new
      // process, whose first run of every function is cold: about 20 ms slower to rows.)
      if (new URL(page.url()).hash) await page.reload();
      await link.prepare(page);
      // Until the idle prefetch of the other screens is done, as a user who has read the screen.
      await log.settled(3000, 30_000);
      log.clear();
      const before = await page.evaluate(() => {
        window.__rowsAt = undefined;
        window.__pressedAt = undefined;
        return performance.now();
      });
      await link.locate(page).click();
      await page.waitForFunction(() => window.__rowsAt !== undefined);
      const sample = await page.evaluate(
        ({ source, before }) => {
          const pattern = new RegExp(source);
          const pressedAt = window.__pressedAt ?? NaN;
          const call = performance
            .getEntriesByType('resource')
            .find((entry) => pattern.test(entry.name) && entry.startTime >= before) as PerformanceResourceTiming | undefined;
          return {
            rows: (window.__rowsAt ?? NaN) - pressedAt,
            callStart: call ? call.startTime - pressedAt : NaN,
            call: call ? call.responseEnd - call.startTime : NaN,
          };
        },
        { source: listCall.source, before },
      );
      samples.push(sample);
      await log.settled(500);
      for (const duplicate of log.duplicates(isApi)) duplicates.add(duplicate);
    }
    return summariseVisits(samples, runs, duplicates);
  } finally {
    await context.close();
  }
};

/** Opens each screen on its own (a reload, empty react-query cache) and lists API calls made twice. */
export const duplicateCalls = async (
  browser: Browser,
  base: string,
  screens: { path: string; ready: (page: Page) => Promise<unknown>; then?: (page: Page) => Promise<unknown>; thenLabel?: string }[],
  storage: Record<string, string>,
  isApi: (url: string) => boolean,
): Promise<Map<string, string[]>> => {
  const context = await signedInContext(browser, storage);
  const found = new Map<string, string[]>();
  try {
    const page = await context.newPage();
    const log = await NetworkLog.attach(page);
    for (const screen of screens) {
      log.clear();
      await page.goto(`${base}${screen.path}`);
      await screen.ready(page);
      await screen.then?.(page);
      await log.settled(500);
      found.set(screen.path + (screen.then ? ` (then ${screen.thenLabel ?? 'an action'})` : ''), log.duplicates(isApi));
    }
  } finally {
    await context.close();
  }
  return found;
};

/**
 * One screen of one site, as the list benches visit it: from `from` (home) a click on `link`
 * until the first `rows` element is in the DOM, or opened cold at `url`; `then`, when given, is
 * a second click once the rows show (the inquiries' first room) and the element it waits for (its
 * first message). A visit's time is the sum of the steps' times, each from its press (or, cold,
 * the first from navigation start): the driver's own turn between them counts on neither side.
 */
export interface BenchScreen {
  base: string;
  from: string;
  url: string;
  link: { prepare: (page: Page) => Promise<unknown>; locate: (page: Page) => Locator };
  storage: Record<string, string>;
  rows: string;
  then?: { locate: (page: Page) => Locator; ready: string };
  isApi: (url: string) => boolean;
}

export interface PairedVisits {
  /** Each run's time, ms, per side (ours first). */
  ours: number[];
  theirs: number[];
  /** Each run's ours / theirs, the two measured back to back. */
  ratios: number[];
  duplicates: string[];
}

export const medianOf = median;

/** The second step of a visit, when the screen has one: its press to its element, ms. */
const secondStep = async (page: Page, screen: BenchScreen): Promise<number> => {
  if (!screen.then) return 0;
  await page.evaluate((selector) => {
    window.__rowSelector = selector;
    window.__rowsAt = undefined;
    window.__pressedAt = undefined;
  }, screen.then.ready);
  await screen.then.locate(page).click();
  await page.waitForFunction(() => window.__rowsAt !== undefined);
  return page.evaluate(() => (window.__rowsAt ?? NaN) - (window.__pressedAt ?? NaN));
};

/**
 * Warm in-app visits of two sites' screens, back to back in each run (the order alternating
 * between runs, so a load that drifts favours neither): each site open in a page of its own
 * for the whole series, the app loaded on `from` and its idle prefetch done, then the click.
 */
export const pairedInAppVisits = async (browser: Browser, screens: [BenchScreen, BenchScreen], runs: number): Promise<PairedVisits> => {
  const sides = await Promise.all(
    screens.map(async (screen) => {
      const context = await signedInContext(browser, screen.storage);
      await context.addInitScript(watchRows, screen.rows);
      const page = await context.newPage();
      return { screen, context, page, log: await NetworkLog.attach(page) };
    }),
  );
  const times: [number[], number[]] = [[], []];
  const duplicates = new Set<string>();
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) {
        const { screen, page, log } = sides[index];
        await page.goto(`${screen.base}${screen.from}`);
        // A new document each run (see inAppVisits).
        if (new URL(page.url()).hash) await page.reload();
        await screen.link.prepare(page);
        await log.settled(3000, 30_000);
        log.clear();
        await page.evaluate((selector) => {
          window.__rowSelector = selector;
          window.__rowsAt = undefined;
          window.__pressedAt = undefined;
        }, screen.rows);
        await screen.link.locate(page).click();
        await page.waitForFunction(() => window.__rowsAt !== undefined);
        const first = await page.evaluate(() => (window.__rowsAt ?? NaN) - (window.__pressedAt ?? NaN));
        times[index].push(first + (await secondStep(page, screen)));
        await log.settled(500);
        if (index === 0) for (const duplicate of log.duplicates(screen.isApi)) duplicates.add(duplicate);
      }
    }
  } finally {
    await Promise.all(sides.map(({ context }) => context.close()));
  }
  return { ours: times[0], theirs: times[1], ratios: times[0].map((time, run) => time / times[1][run]), duplicates: [...duplicates] };
};

/**
 * Cold first visits of two sites' screens, back to back in each run (order alternating): a new
 * browser context each (empty cache, signed in through storage), navigation start to rows, plus
 * the second step when the screen has one.
 */
export const pairedColdVisits = async (browser: Browser, screens: [BenchScreen, BenchScreen], runs: number): Promise<PairedVisits> => {
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) {
      const screen = screens[index];
      const context = await signedInContext(browser, screen.storage);
      try {
        await context.addInitScript(watchRows, screen.rows);
        const page = await context.newPage();
        await page.goto(`${screen.base}${screen.url}`, { waitUntil: 'commit' });
        await page.waitForFunction(() => window.__rowsAt !== undefined, undefined, { timeout: 60_000 });
        const first = await page.evaluate(() => window.__rowsAt ?? NaN);
        times[index].push(first + (await secondStep(page, screen)));
      } finally {
        await context.close();
      }
    }
  }
  return { ours: times[0], theirs: times[1], ratios: times[0].map((time, run) => time / times[1][run]), duplicates: [] };
};
