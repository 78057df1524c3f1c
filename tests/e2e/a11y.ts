import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** What fails the suite: axe's two highest impacts (issue 7: 0 serious and 0 critical everywhere). */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

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
 * Runs axe-core (all default rules, best practices included) on the page as it is now and fails
 * the test on any serious or critical violation. Soft: the test carries on, so one run lists every
 * state that fails, each under its name.
 */
export const expectNoSeriousA11yViolations = async (page: Page, stateName: string) => {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).analyze();
  const failing = results.violations
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
