import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';

const loaded = vi.hoisted(() => ({ count: 0 }));
// The dialog's chunk, counted when it is first imported.
vi.mock('../../src/features/palette/CommandPaletteDialog', () => {
  loaded.count += 1;
  return { default: () => null };
});

const { PaletteProvider } = await import('../../src/features/palette/PaletteProvider');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the jump palette\'s idle preload (issue 38: a first visit\'s first 10 s)', () => {
  it('loads the dialog\'s chunk at idle only after the first screen has been read 10 s', async () => {
    vi.useFakeTimers();
    // The browser is idle at once: only the reading time holds the preload back.
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => setTimeout(callback, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: ReturnType<typeof setTimeout>) => clearTimeout(handle));
    const { unmount } = render(<PaletteProvider>画面</PaletteProvider>);
    await act(() => vi.advanceTimersByTimeAsync(9_999));
    expect(loaded.count).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2));
    await vi.dynamicImportSettled();
    expect(loaded.count).toBe(1);
    unmount();
  });
});
