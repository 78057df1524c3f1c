import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy/waitFor wait for what the screen will show, not for how fast: a loaded 2-core machine
// (CI, or the E2E build beside it) renders react-admin screens slower than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these; MUI (and react-admin's responsive layout) call them.
if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      configurable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
    Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  }
  if (!window.scrollTo || !vi.isMockFunction(window.scrollTo)) {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  }
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});
