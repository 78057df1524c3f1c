import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { FIRST_SCREEN_READING_MS } from '../../app/lazyPage';

const loadDialog = () => import('./CommandPaletteDialog');
const CommandPaletteDialog = lazy(loadDialog);

interface Palette {
  open: () => void;
  /** Starts loading the dialog's chunk (pointer over or focus on the header button). */
  preload: () => void;
}

const PaletteContext = createContext<Palette | undefined>(undefined);

/** Ctrl+K, or ⌘K on a Mac (any keyboard layout: the physical K key too). */
export const isPaletteShortcut = (event: Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && (event.key.toLowerCase() === 'k' || event.code === 'KeyK');

/**
 * The jump palette on every signed-in screen: Ctrl+K / ⌘K toggles it from anywhere (also from
 * inside a text field: the browser's own Ctrl+K, its search box, is taken over), the header's
 * button opens it. The dialog is a chunk of its own, loaded on the first opening or earlier on
 * the button's hover and focus, or when the browser is idle after the first screen was read.
 */
export const PaletteProvider = ({ children }: { children: ReactNode }) => {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const preload = useCallback(() => void loadDialog().catch(() => undefined), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event) || event.isComposing) return;
      event.preventDefault();
      setMounted(true);
      setOpen((current) => !current);
    };
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, []);

  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') return;
    // After the first screen has been read a while (its chunk imports the detail's: 16 KB).
    let handle: number | undefined;
    const reading = window.setTimeout(() => (handle = requestIdleCallback(preload, { timeout: 5_000 })), FIRST_SCREEN_READING_MS);
    return () => {
      window.clearTimeout(reading);
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, [preload]);

  const palette = useMemo<Palette>(
    () => ({
      open: () => {
        setMounted(true);
        setOpen(true);
      },
      preload,
    }),
    [preload],
  );

  return (
    <PaletteContext.Provider value={palette}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <CommandPaletteDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </PaletteContext.Provider>
  );
};

export const usePalette = (): Palette | undefined => useContext(PaletteContext);
