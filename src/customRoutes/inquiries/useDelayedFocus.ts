import { useEffect, useRef } from 'react';

/** Spec section 9: a modal's input takes the focus 100 ms after it opens. */
export const MODAL_FOCUS_DELAY_MS = 100;

export const useDelayedFocus = <T extends HTMLElement>(open: boolean) => {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!open) return undefined;
    const timer = window.setTimeout(() => ref.current?.focus(), MODAL_FOCUS_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);
  return ref;
};
