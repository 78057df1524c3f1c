import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyPage, preloadLoader } from '../../src/app/lazyPage';

const screenModule = (text: string) => ({ default: () => <p>{text}</p> });

describe('lazyPage', () => {
  it('renders a preloaded screen in the first commit, with no fallback', async () => {
    const load = vi.fn(async () => screenModule('薬局一覧'));
    const Page = lazyPage(load);
    await Page.preload();
    // No await after render: the screen must be there synchronously.
    act(() => {
      render(<Page />);
    });
    expect(screen.getByText('薬局一覧')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback and then the screen when the chunk is not in yet', async () => {
    let resolve!: (module: ReturnType<typeof screenModule>) => void;
    const Page = lazyPage(() => new Promise((done) => (resolve = done)));
    act(() => {
      render(<Page />);
    });
    expect(screen.queryByText('会社一覧')).toBeNull();
    await act(async () => resolve(screenModule('会社一覧')));
    expect(await screen.findByText('会社一覧')).toBeInTheDocument();
  });

  it('shares one chunk between screens made from the same loader, and loads it once', async () => {
    const load = vi.fn(async () => screenModule('詳細'));
    await preloadLoader(load);
    // A detail tab's lazyPage is made on first render, after start-up preloaded its loader.
    const Tab = lazyPage(load);
    act(() => {
      render(<Tab />);
    });
    expect(screen.getByText('詳細')).toBeInTheDocument();
    await Tab.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next preload', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(screenModule('再試行'));
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('Failed to fetch');
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

/** Turns of the event loop (never a timer) until `found` holds, at most `turns`. */
const untilWithinTurns = async (found: () => boolean, turns = 200) => {
  for (let turn = 0; turn < turns && !found(); turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return found();
};

describe('lazyPage outside act(), as in the browser', () => {
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  let previous: boolean | undefined;
  beforeEach(() => {
    previous = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    // React holds a Suspense boundary's content until 300 ms after its fallback showed, by a
    // timer; with the timers stopped, a screen held so never shows.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = previous;
  });

  it('shows a screen as soon as its chunk arrives, never held for React’s fallback throttle (the warm list visit waited 300 ms for it)', async () => {
    let resolve!: (module: ReturnType<typeof screenModule>) => void;
    const Page = lazyPage(() => new Promise((done) => (resolve = done)));
    const { container } = render(<Page />);
    // The fallback is committed (react-admin's Loading draws nothing for its first second).
    expect(await untilWithinTurns(() => container.innerHTML === '', 5)).toBe(true);
    resolve(screenModule('薬局一覧'));
    expect(await untilWithinTurns(() => screen.queryByText('薬局一覧') !== null)).toBe(true);
  });
});
