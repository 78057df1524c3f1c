/**
 * Whether the user is working from the keyboard: set by any key press, cleared by the pointer.
 * Chromium matches `:focus-visible` on an element focused by script after a page load, so the
 * h1 that navigation focuses for screen readers (tabindex=-1) would show a ring to everyone;
 * headings ring only while this says keyboard (html[data-input="keyboard"]).
 */
export const KEYBOARD_MODALITY_SELECTOR = 'html[data-input="keyboard"]';

let installed = false;

export const trackInputModality = () => {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  const root = document.documentElement;
  window.addEventListener('keydown', (event) => {
    if (event.metaKey || event.altKey || event.ctrlKey) return;
    root.dataset.input = 'keyboard';
  }, true);
  window.addEventListener('pointerdown', () => {
    delete root.dataset.input;
  }, true);
};
