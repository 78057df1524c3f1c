import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A callback whose identity never changes but which always calls the latest render's function:
 * a memoised row takes it as a prop and is not drawn again each time its parent renders.
 */
export const useLatestCallback = <Args extends unknown[], Result>(callback: (...args: Args) => Result): ((...args: Args) => Result) => {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
};
