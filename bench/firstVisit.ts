/**
 * Issue 38's first visit to a list, the portal against stock react-admin (bench/bareList) showing
 * the same answers, each pair back to back in new browser contexts (empty cache, signed in), the
 * order alternating: the script bytes Chromium receives in the visit's first 10 s (the idle
 * prefetch included: what a user's connection carries while the page settles), the Largest
 * Contentful Paint, and, on the portal, how long after the rows their references (the company
 * names) are drawn.
 */
import type { Browser } from '@playwright/test';
import { medianOf, NetworkLog, signedInContext } from './browser';

/** The window in which script bytes are counted. */
export const FIRST_VISIT_WINDOW_MS = 10_000;

export interface FirstVisitSide {
  base: string;
  url: string;
  storage: Record<string, string>;
  /** The first row's cell. */
  rows: string;
  /** A row's reference drawn as a name (a link to the record), when the screen has one. */
  reference?: string;
  /** What the rows wait on, printed as a timeline. */
  milestones?: Milestone[];
}

/** A resource the visit waits on, by a pattern of its URL: when its request started and its answer ended (ms from navigation start). */
export interface Milestone {
  label: string;
  url: RegExp;
}

export interface FirstVisit {
  /** Per milestone's label, the first matching request's start and end. */
  timeline: Record<string, { start: number; end: number }>;
  scriptBytes: number;
  scriptRequests: number;
  lcp: number;
  rowsAt: number;
  /** The first reference name's time less the first row's, ms (0: in the same frame). */
  referencesAfterRows?: number;
}

declare global {
  interface Window {
    __firstVisit?: { lcp: number; marks: Record<string, number> };
  }
}

/** In the page before its scripts: the LCP candidates as they come, and when each selector first matches. */
const watchFirstVisit = (selectors: string[]) => {
  const state = { lcp: NaN, marks: {} as Record<string, number> };
  window.__firstVisit = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) state.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const observer = new MutationObserver(() => {
    for (const selector of selectors) if (state.marks[selector] === undefined && document.querySelector(selector)) state.marks[selector] = performance.now();
  });
  observer.observe(document, { childList: true, subtree: true });
};

export const firstVisit = async (browser: Browser, side: FirstVisitSide): Promise<FirstVisit> => {
  const context = await signedInContext(browser, side.storage);
  try {
    const selectors = [side.rows, ...(side.reference ? [side.reference] : [])];
    await context.addInitScript(watchFirstVisit, selectors);
    const page = await context.newPage();
    const log = await NetworkLog.attach(page);
    const started = Date.now();
    await page.goto(`${side.base}${side.url}`, { waitUntil: 'commit' });
    await page.waitForFunction((selector) => window.__firstVisit?.marks[selector] !== undefined, side.rows, { timeout: 60_000 });
    // The rest of the window, as a user who reads the list: the idle prefetch runs in it.
    await page.waitForTimeout(Math.max(0, FIRST_VISIT_WINDOW_MS - (Date.now() - started)));
    const scripts = log.all.filter((record) => record.type === 'Script' && record.done);
    const state = await page.evaluate(() => window.__firstVisit!);
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => ({ name: entry.name, start: entry.startTime, end: (entry as PerformanceResourceTiming).responseEnd })),
    );
    const timeline: FirstVisit['timeline'] = {};
    for (const milestone of side.milestones ?? []) {
      const found = resources.find((entry) => milestone.url.test(entry.name));
      if (found) timeline[milestone.label] = { start: found.start, end: found.end };
    }
    const rowsAt = state.marks[side.rows];
    const referenceAt = side.reference ? state.marks[side.reference] : undefined;
    return {
      timeline,
      scriptBytes: scripts.reduce((sum, record) => sum + record.transferred, 0),
      scriptRequests: scripts.length,
      lcp: state.lcp,
      rowsAt,
      referencesAfterRows: referenceAt === undefined ? undefined : referenceAt - rowsAt,
    };
  } finally {
    await context.close();
  }
};

export interface PairedFirstVisits {
  ours: FirstVisit[];
  theirs: FirstVisit[];
}

export const pairedFirstVisits = async (browser: Browser, sides: [FirstVisitSide, FirstVisitSide], runs: number): Promise<PairedFirstVisits> => {
  const visits: [FirstVisit[], FirstVisit[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const index of run % 2 === 0 ? [0, 1] : [1, 0]) visits[index].push(await firstVisit(browser, sides[index]));
  }
  return { ours: visits[0], theirs: visits[1] };
};

/** The median of the pairs' ratios of one figure, with their range. */
export const pairedRatio = (visits: PairedFirstVisits, figure: (visit: FirstVisit) => number) => {
  const ratios = visits.ours.map((visit, run) => figure(visit) / figure(visits.theirs[run]));
  return { ratio: medianOf(ratios), low: Math.min(...ratios), high: Math.max(...ratios), ours: medianOf(visits.ours.map(figure)), theirs: medianOf(visits.theirs.map(figure)) };
};
