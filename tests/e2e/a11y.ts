import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

/** What fails the suite: axe's two highest impacts (issue 7: 0 serious and 0 critical everywhere). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** axe-core's browser build, read once per worker. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * MUI animates dialogs, menus and collapses; axe measures colours with the element's opacity, so
 * a half-faded dialog would read as low contrast. Wait for every finite animation to settle.
 */
const animationsSettled = (page: Page) =>
  page.waitForFunction(() =>
    document
      .getAnimations()
      // Spinners turn forever; only transitions that end are waited for.
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );

/**
 * Puts axe-core into every frame that does not hold it yet. An SPA keeps its window across
 * in-app navigation, so a page pays the script's evaluation (about 1.3 s here) once, not on every
 * check: @axe-core/playwright's AxeBuilder injected it into every frame and opened a fresh page
 * for each check, 4–5 s a check and most of the E2E phase's time (issue 26).
 */
const injectAxe = async (page: Page) => {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!present) await frame.evaluate(axeSource);
  }
};

/**
 * Runs axe-core (all default rules, best practices included) on the page as it is now and fails
 * the test on any serious or critical violation. Soft: the test carries on, so one run lists every
 * state that fails, each under its name.
 */
export const expectNoSeriousA11yViolations = async (page: Page, stateName: string) => {
  await animationsSettled(page);
  await injectAxe(page);
  // Only the violations travel back: `resultTypes` keeps axe from collecting every passing node.
  const violations = await page.evaluate(async () => {
    const { axe } = window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } };
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  });
  const failing = violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      nodes: violation.nodes.length,
    }));
  expect.soft(failing, `axe: serious or critical violations on 「${stateName}」`).toEqual([]);
};
