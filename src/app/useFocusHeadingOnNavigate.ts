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
 */
export const useFocusHeadingOnNavigate = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    const tryFocus = () => {
      if (!focusLeftBehind()) return true;
      return focusMainHeading();
    };
    if (tryFocus()) return undefined;
    const observer = new MutationObserver(() => {
      if (tryFocus()) stop();
    });
    // Once the user acts on the page, focus is theirs: a heading that shows up late does not take it.
    const stop = () => {
      observer.disconnect();
      window.removeEventListener('keydown', stop, true);
      window.removeEventListener('pointerdown', stop, true);
    };
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    window.addEventListener('keydown', stop, true);
    window.addEventListener('pointerdown', stop, true);
    return stop;
  }, [pathname]);
};
