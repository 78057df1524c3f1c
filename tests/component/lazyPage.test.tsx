import { describe, expect, it, vi } from 'vitest';
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
