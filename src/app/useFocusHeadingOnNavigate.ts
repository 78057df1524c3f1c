import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The layout's content area (react-admin's id, also the skip link's target). */
export const MAIN_CONTENT_ID = 'main-content';

const MAIN_HEADING_SELECTOR = `#${MAIN_CONTENT_ID} h1`;

/** The screen's h1 once it names something (the heading is empty while a screen loads). */
const mainHeading = (): HTMLElement | null => {
  const heading = document.querySelector<HTMLElement>(MAIN_HEADING_SELECTOR);
  return heading && heading.textContent?.trim() ? heading : null;
};

/** Focuses the screen's h1 (focusable by script only). False when there is none yet. */
export const focusMainHeading = (): boolean => {
  const heading = mainHeading();
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
};

/**
 * Focus was left behind by the navigation: on the page body, on a removed element, or outside the
 * content (the sidebar, a breadcrumb, the header). Focus the screen already placed itself (a
 * form's autofocus field, a record tab the user is on) is kept.
 */
const focusLeftBehind = () => {
  const active = document.activeElement;
  const content = document.getElementById(MAIN_CONTENT_ID);
  return !active || active === document.body || !active.isConnected || !content?.contains(active);
};

/**
 * After every change of screen (pathname; not query-string changes such as search or paging),
 * moves focus to the new screen's h1 so keyboard and screen-reader users start at its top instead
 * of on <body> or on the link they left. Waits for the heading to appear; gives up at the next
 * navigation or as soon as the user presses a key or the pointer.
 *
 * The focus waits for the frame that paints the heading: `focus()` computes the page's style and
 * layout at once, so called as the screen's first render lands it did the new page's whole style
 * and layout inside that task (41-59 ms of a cold visit, issue 38), before its effects and the
 * style they add, and held the paint (the LCP) behind it.
 */
export const useFocusHeadingOnNavigate = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    let frame = 0;
    let timer = 0;
    const observer = new MutationObserver(() => whenNamed());
    const stop = () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    // After the next frame's paint: a timer set in the frame's callback runs once it is painted.
    const focusAfterPaint = () => {
      observer.disconnect();
      frame = requestAnimationFrame(() => {
        timer = window.setTimeout(() => {
          if (!focusLeftBehind() || focusMainHeading()) stop();
          else observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }, 0);
      });
    };
    function whenNamed() {
      if (!focusLeftBehind()) stop();
      else if (mainHeading()) focusAfterPaint();
    }
    // Once the user acts on the page, focus is theirs: a heading that shows up late does not take it.
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    whenNamed();
    return stop;
  }, [pathname]);
};
