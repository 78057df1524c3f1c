/**
 * Lighthouse (node API, desktop preset) on a signed-in cold visit to 薬局一覧, the portal against
 * stock react-admin (bench/bareList) serving the same answers (issue 38 goal 3). Lighthouse
 * launches the system Chromium through chrome-launcher (`CHROMIUM_PATH`, else /usr/bin/chromium):
 * nothing is downloaded and nothing leaves this machine. Each run starts from an empty cache;
 * the portal's session is put into localStorage first (Lighthouse keeps storage as it finds it
 * when told to, and the cache is emptied by hand).
 */
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import WebSocket from 'ws';
import { medianOf } from './browser';

export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  /** Every byte transferred (total-byte-weight), and the scripts' share. */
  bytes: number;
  scriptBytes: number;
  /** Accessibility audits that failed, by id. */
  failedA11y: string[];
}

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** DevTools protocol on the launched Chromium: a page at `origin` gets the storage, then the browser's cache is emptied. */
const prepare = async (port: number, origin: string, storage: Record<string, string>) => {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { type: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((candidate) => candidate.type === 'page');
  if (!target) throw new Error('lighthouse bench: no page target in Chromium');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let id = 0;
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve) => {
      const callId = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const message = JSON.parse(String(data)) as { id?: number; result?: unknown };
        if (message.id !== callId) return;
        socket.off('message', onMessage);
        resolve(message.result);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: callId, method, params }));
    });
  // A small answer of the origin (its API's 404), so localStorage is the origin's.
  await send('Page.navigate', { url: `${origin}/no-such-page.json` });
  await new Promise((resolve) => setTimeout(resolve, 500));
  await send('Runtime.evaluate', { expression: `localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(k, v);` });
  await send('Page.navigate', { url: 'about:blank' });
  await send('Network.clearBrowserCache');
  socket.close();
};

const audit = (result: RunnerResult, id: string) => result.lhr.audits[id];

export const lighthouseRun = async (url: string, storage: Record<string, string>): Promise<LighthouseFigures> => {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    await prepare(chrome.port, new URL(url).origin, storage);
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
    const result = await lighthouse(url, flags, desktopConfig);
    if (!result) throw new Error(`lighthouse bench: no result for ${url}`);
    const summary = audit(result, 'resource-summary').details as { items?: { resourceType: string; transferSize: number }[] } | undefined;
    const a11y = result.lhr.categories.accessibility?.auditRefs ?? [];
    return {
      performance: Math.round((result.lhr.categories.performance?.score ?? NaN) * 100),
      accessibility: Math.round((result.lhr.categories.accessibility?.score ?? NaN) * 100),
      lcp: audit(result, 'largest-contentful-paint').numericValue ?? NaN,
      tbt: audit(result, 'total-blocking-time').numericValue ?? NaN,
      bytes: audit(result, 'total-byte-weight').numericValue ?? NaN,
      scriptBytes: summary?.items?.find((item) => item.resourceType === 'script')?.transferSize ?? NaN,
      failedA11y: a11y.filter((ref) => ref.weight > 0 && result.lhr.audits[ref.id].score === 0).map((ref) => ref.id),
    };
  } finally {
    chrome.kill();
  }
};

/** Runs alternating between the two sites; the medians of each figure. */
export const pairedLighthouse = async (sides: [{ url: string; storage: Record<string, string> }, { url: string; storage: Record<string, string> }], runs: number) => {
  const results: [LighthouseFigures[], LighthouseFigures[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) results[index].push(await lighthouseRun(sides[index].url, sides[index].storage));
  }
  // A run whose score Lighthouse could not compute (NaN: a metric missing, as under heavy load)
  // is shown in the runs but left out of the medians: sorted with NaN, a median is any value.
  const medians = (all: LighthouseFigures[]) => {
    const list = all.filter((figures) => Number.isFinite(figures.performance));
    return {
      performance: medianOf(list.map((figures) => figures.performance)),
      accessibility: medianOf(list.map((figures) => figures.accessibility)),
      lcp: medianOf(list.map((figures) => figures.lcp)),
      tbt: medianOf(list.map((figures) => figures.tbt)),
      bytes: medianOf(list.map((figures) => figures.bytes)),
      scriptBytes: medianOf(list.map((figures) => figures.scriptBytes)),
      failedA11y: [...new Set(list.flatMap((figures) => figures.failedA11y))],
      scores: all.map((figures) => figures.performance),
    };
  };
  return { ours: medians(results[0]), theirs: medians(results[1]) };
};
