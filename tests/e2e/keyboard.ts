import { expect, type Locator, type Page } from '@playwright/test';

interface FocusReport {
  /** The focused element, as a reader of a failure message would recognise it. */
  element: string;
  /** What shows the focus, or why nothing does. */
  indicator: string;
  visible: boolean;
}

/**
 * Runs in the page: which element has focus and what draws its focus indicator. An indicator is
 * an outline (a theme ring or the browser's own `auto` ring) that no ancestor's overflow cuts,
 * drawn on the element or, for MUI's hidden native checkbox and switch inputs, on the control
 * that carries `Mui-focusVisible`. For MUI text fields (whose <input> draws nothing) it is the
 * field's focused border: the outlined variant's 2px notch, the filled variant's full-width 2px
 * underline. A box-shadow alone is not taken as one: contained buttons carry a shadow whether
 * focused or not.
 */
const inspectFocus = (): FocusReport => {
  const active = document.activeElement as HTMLElement | null;
  if (!active || active === document.body || active === document.documentElement) {
    return { element: '<body>', indicator: 'focus was lost to <body>', visible: false };
  }
  const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const role = active.getAttribute('role');
  const element = `<${active.tagName.toLowerCase()}${role ? ` role=${role}` : ''}${active.id ? ` #${active.id}` : ''}> 「${name}」`;
  // MUI checkboxes and switches focus a transparent native <input>; the ring is on its control.
  const ringHolder =
    getComputedStyle(active).opacity === '0' ? ((active.closest('.Mui-focusVisible') as HTMLElement | null) ?? active) : active;
  const rect = ringHolder.getBoundingClientRect();
  if (rect.width === 0 || rect.height === 0) return { element, indicator: 'the focused element has no size', visible: false };
  if (rect.bottom <= 0 || rect.right <= 0 || rect.top >= innerHeight || rect.left >= innerWidth) {
    return { element, indicator: 'the focused element is off screen', visible: false };
  }
  // Not hidden under something else (a fixed header): what shows at its centre is it or inside it.
  const shown = document.elementFromPoint(
    Math.min(Math.max((rect.left + rect.right) / 2, 0), innerWidth - 1),
    Math.min(Math.max((rect.top + rect.bottom) / 2, 0), innerHeight - 1),
  );
  if (shown && !ringHolder.contains(shown) && !shown.contains(ringHolder)) {
    return { element, indicator: `the focused element is covered by <${shown.tagName.toLowerCase()} class="${shown.getAttribute('class') ?? ''}">`, visible: false };
  }
  const opaque = (color: string) => color !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(color);
  const style = getComputedStyle(ringHolder);
  if (style.opacity !== '0' && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && opaque(style.outlineColor)) {
    // A ring drawn outside the box is cut by any ancestor that clips its overflow (tab strips,
    // the sidebar, cards): it must fit inside each of them on every side.
    // How far the ring reaches outside the box (none when a negative offset draws it inside).
    const reach = Math.max(parseFloat(style.outlineWidth) + (parseFloat(style.outlineOffset) || 0), 0);
    for (let ancestor = ringHolder.parentElement; ancestor && ancestor !== document.body; ancestor = ancestor.parentElement) {
      const clip = getComputedStyle(ancestor);
      const box = ancestor.getBoundingClientRect();
      const cutX = clip.overflowX !== 'visible' && (rect.left - reach < box.left - 0.5 || rect.right + reach > box.right + 0.5);
      const cutY = clip.overflowY !== 'visible' && (rect.top - reach < box.top - 0.5 || rect.bottom + reach > box.bottom + 0.5);
      if (cutX || cutY) {
        const clipper = `<${ancestor.tagName.toLowerCase()} class="${ancestor.className}">`;
        return { element, indicator: `the outline is cut ${cutX ? 'left/right' : 'top/bottom'} by ${clipper}`, visible: false };
      }
      // A fixed box (the sidebar's) escapes the clipping of everything above it.
      if (clip.position === 'fixed') break;
    }
    return { element, indicator: `outline ${style.outlineStyle} ${style.outlineWidth}`, visible: true };
  }
  const field = active.closest('.MuiInputBase-root');
  if (field?.classList.contains('Mui-focused')) {
    const notch = field.querySelector(':scope > .MuiOutlinedInput-notchedOutline');
    if (notch && parseFloat(getComputedStyle(notch).borderTopWidth) >= 2) {
      return { element, indicator: 'outlined field border 2px', visible: true };
    }
    const underline = getComputedStyle(field, '::after');
    const fullWidth = underline.transform === 'none' || underline.transform.startsWith('matrix(1, 0, 0, 1');
    if (underline.content !== 'none' && parseFloat(underline.borderBottomWidth) >= 2 && fullWidth) {
      return { element, indicator: 'field underline 2px', visible: true };
    }
  }
  return { element, indicator: `no focus indicator (outline: ${style.outlineStyle} ${style.outlineWidth})`, visible: false };
};

/**
 * Fails unless something other than <body> has focus and that element shows a focus indicator.
 * Returns the focused element's description (for the trail of a Tab walk).
 */
export const expectFocusVisible = async (page: Page, context = ''): Promise<string> => {
  // MUI draws a field's or a button's indicator a frame after focus moves: poll. On failure the
  // received text names the focused element and why nothing marks it.
  const verdict = async () => {
    const report = await page.evaluate(inspectFocus);
    return report.visible ? 'visible' : `${report.element}: ${report.indicator}`;
  };
  await expect.poll(verdict, { message: `focus must be on an element with a visible focus indicator${context}`, timeout: 2_000 }).toBe('visible');
  return (await page.evaluate(inspectFocus)).element;
};

/** Where focus landed after one key press, and (when it is on an element) what shows it. */
interface Stop {
  body: boolean;
  /** Still on the element focused before the press. */
  same: boolean;
  /** A date or time input, which Tab steps through segment by segment. */
  segmented: boolean;
  /** On the element marked with the walk's start (or the target's) attribute. */
  marked: boolean;
  report: FocusReport | null;
}

/**
 * Runs in the page after a key press: one round trip per stop instead of five (the Tab walks
 * were the E2E phase's slowest tests, issue 26). It waits two frames, as MUI draws a focus
 * indicator a frame after focus moves, and keeps the previous element on `window` to tell a
 * trap from a move.
 */
const observeStop = async (attribute: string, inspect: () => FocusReport): Promise<Stop> => {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const memory = window as unknown as { __tabWalkPrevious?: Element | null };
  const active = document.activeElement;
  const stop = {
    body: active === document.body,
    same: active === memory.__tabWalkPrevious,
    segmented: active instanceof HTMLInputElement && /^(date|time|datetime-local|month|week)$/.test(active.type),
    marked: active?.hasAttribute(attribute) ?? false,
    report: active === document.body ? null : inspect(),
  };
  memory.__tabWalkPrevious = active;
  return stop;
};

/** Presses `key` and observes where focus went (a string expression, so `inspectFocus` travels with it). */
const pressAndObserve = async (page: Page, key: string, attribute: string): Promise<Stop> => {
  await page.keyboard.press(key);
  return page.evaluate(`(${observeStop.toString()})(${JSON.stringify(attribute)}, ${inspectFocus.toString()})`) as Promise<Stop>;
};

/** The stop's description when its focus shows; otherwise polls as expectFocusVisible does, for a late ring or the failure's message. */
const visibleStop = async (page: Page, stop: Stop, context: string) =>
  stop.report?.visible ? stop.report.element : expectFocusVisible(page, context);

/** Forgets the previous element (the first press is no trap) and marks `target`, if any, with `attribute`. */
const resetMemory = async (page: Page, attribute: string, target?: Locator) => {
  await page.evaluate((name) => {
    (window as unknown as { __tabWalkPrevious?: Element | null }).__tabWalkPrevious = document.activeElement;
    document.querySelectorAll(`[${name}]`).forEach((element) => element.removeAttribute(name));
  }, attribute);
  await target?.evaluate((element, name) => element.setAttribute(name, ''), attribute);
};

/** The stop where Tab leaves the page for the browser's own controls. */
export const WRAPPED = '(out of the page)';

const TARGET = 'data-tab-target';

/**
 * Presses Tab (or Shift+Tab, or `key`: the arrow keys inside a menu or tab list) until `target`
 * has focus, checking at every stop that focus is visible and not lost. Past the page's last (or first) stop focus leaves the document for the
 * browser's own controls, and the next press comes back in: that one stop is not a loss. Fails
 * with the trail of stops when `target` is not reached within `maxStops` presses: a keyboard
 * trap, or an element Tab cannot reach.
 */
export const tabTo = async (
  page: Page,
  target: Locator,
  { backwards = false, maxStops = 40, key = backwards ? 'Shift+Tab' : 'Tab' }: { backwards?: boolean; maxStops?: number; key?: string } = {},
) => {
  await target.waitFor({ state: 'attached' });
  if (await target.evaluate((element) => element === document.activeElement)) return;
  await resetMemory(page, TARGET, target);
  const trail = [(await page.evaluate(inspectFocus)).element];
  for (let stop = 0; stop < maxStops; stop += 1) {
    const where = await pressAndObserve(page, key, TARGET);
    if (where.marked) {
      await visibleStop(page, where, ` (${key} from ${trail.join(' → ')})`);
      return;
    }
    const leftThePage = trail.at(-1) !== WRAPPED && where.body;
    trail.push(leftThePage ? WRAPPED : await visibleStop(page, where, ` (${key} from ${trail.join(' → ')})`));
  }
  expect(false, `${key} did not reach the target; stops: ${trail.join(' → ')}`).toBe(true);
};

const START = 'data-tab-walk-start';

/**
 * Walks the whole Tab order once round: from the focus now, Tab until focus is back where the
 * walk began. Every stop must show focus. Fails on a trap (Tab leaves focus where it was) or when
 * the round takes more than `maxStops`. Returns the stops in order, with WRAPPED where focus left
 * the page for the browser's controls (a page always has that stop; a modal dialog never does).
 */
export const walkTabOrder = async (page: Page, { maxStops = 200 } = {}): Promise<string[]> => {
  await page.keyboard.press('Tab');
  const first = await expectFocusVisible(page, ' (the first Tab stop)');
  await resetMemory(page, START);
  await page.evaluate((attribute) => document.activeElement?.setAttribute(attribute, ''), START);
  const stops = [first];
  let repeats = 0;
  for (let stop = 0; stop < maxStops; stop += 1) {
    const where = await pressAndObserve(page, 'Tab', START);
    if (where.marked) return stops;
    repeats = where.same ? repeats + 1 : 0;
    expect(repeats > (where.segmented ? 4 : 0), `Tab left focus where it was (a keyboard trap) after ${stops.join(' → ')}`).toBe(false);
    if (where.same) continue;
    if (where.body && stops.at(-1) !== WRAPPED) {
      stops.push(WRAPPED);
      continue;
    }
    stops.push(await visibleStop(page, where, ` (Tab after ${stops.slice(-5).join(' → ')})`));
  }
  expect(false, `Tab did not come back round within ${maxStops} stops: ${stops.join(' → ')}`).toBe(true);
  return stops;
};
