import { lazy, Suspense, type ComponentType, type FunctionComponent } from 'react';
import { Loading } from 'react-admin';

export type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export type LazyPageComponent = FunctionComponent & {
  /** Starts loading the screen's chunk; resolves when it is in. */
  preload: () => Promise<void>;
};

/**
 * Chunks by their loader function: the generated screens share one loader per view (list, show,
 * ...) and a detail tab's lazyPage is made on first render, so the cache lives beside the loader,
 * not the component.
 */
const modules = new WeakMap<PageLoader, PageModule>();
const loads = new WeakMap<PageLoader, Promise<PageModule>>();

/** Loads a screen's chunk once; a failed load (network) may be tried again. */
export const preloadLoader = (load: PageLoader): Promise<PageModule> => {
  const started = loads.get(load);
  if (started) return started;
  const loading = load().then(
    (module) => {
      modules.set(load, module);
      return module;
    },
    (error: unknown) => {
      loads.delete(load);
      throw error;
    },
  );
  loads.set(load, loading);
  return loading;
};

/**
 * Resolves when the page has nothing more urgent to do: a chunk that arrives is parsed and run on
 * the main thread, so a prefetch started while the user types delays what they wait for.
 */
export const whenIdle = () =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 0);
  });

/**
 * A lazily loaded screen inside its own Suspense boundary, so screens outside the layout (login,
 * 403) show a spinner while their chunk loads, and every screen is its own chunk.
 *
 * When the chunk is already in (preloaded), React gets a thenable that resolves synchronously, so
 * the screen renders at once: no fallback is shown, and React's 300 ms fallback throttle never
 * starts.
 */
export const lazyPage = (load: PageLoader): LazyPageComponent => {
  const Page = lazy(() => {
    const module = modules.get(load);
    if (!module) return preloadLoader(load);
    const ready: PromiseLike<PageModule> = {
      then: (onFulfilled) => {
        onFulfilled?.(module);
        return ready as never;
      },
    };
    // React calls only then(); its types ask for a whole Promise.
    return ready as Promise<PageModule>;
  });
  const LazyPage = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return Object.assign(LazyPage, { preload: () => preloadLoader(load).then(() => undefined) });
};

/** The screen's preload, when it is a lazyPage; other components have nothing to load. */
export const preloadPage = (page: ComponentType | undefined): Promise<void> =>
  page && 'preload' in page && typeof page.preload === 'function' ? (page as LazyPageComponent).preload() : Promise.resolve();
