import { useEffect, useState, type ComponentType, type FunctionComponent } from 'react';
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
 * How long a first screen is read before the idle prefetch loads what the user has not asked for
 * (a record's detail from a list, the jump palette's dialog): a user reads the screen first, and
 * those chunks (the detail's 13 KB, which the palette's dialog imports too) fell inside the first
 * seconds of a first visit, which issue 38 measures against stock react-admin's (10 s). The
 * intent to open one (a row's or a link's pointer or focus, the palette's button) loads it sooner.
 */
export const FIRST_SCREEN_READING_MS = 10_000;

export const whenRead = () => new Promise<void>((resolve) => setTimeout(resolve, FIRST_SCREEN_READING_MS));

/**
 * A lazily loaded screen: a spinner while its chunk loads (screens outside the layout, login and
 * 403, show it too), and every screen is its own chunk. A preloaded chunk renders in the first
 * commit.
 *
 * Not React.lazy in a Suspense boundary: once a boundary has shown its fallback, React holds the
 * content that resolves it until 300 ms after the fallback showed (its fallback throttle). A
 * sidebar click whose chunk was asked on the hover a few milliseconds earlier showed the fallback
 * and drew the list's rows at 300-350 ms although chunk and answer were in by 100 ms (issue 38's
 * warm visit, 3.3x stock react-admin's). Here the loaded chunk is a state update, drawn at once.
 */
export const lazyPage = (load: PageLoader): LazyPageComponent => {
  const LazyPage = () => {
    const [loaded, setLoaded] = useState<{ module?: PageModule; error?: unknown }>(() => ({ module: modules.get(load) }));
    useEffect(() => {
      if (loaded.module || loaded.error) return;
      let mounted = true;
      preloadLoader(load).then(
        (module) => mounted && setLoaded({ module }),
        (error: unknown) => mounted && setLoaded({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [loaded]);
    // A chunk that failed to load goes to the nearest error boundary, as React.lazy's did.
    if (loaded.error) throw loaded.error;
    if (!loaded.module) return <Loading />;
    const Page = loaded.module.default;
    return <Page />;
  };
  return Object.assign(LazyPage, { preload: () => preloadLoader(load).then(() => undefined) });
};

/** The screen's preload, when it is a lazyPage; other components have nothing to load. */
export const preloadPage = (page: ComponentType | undefined): Promise<void> =>
  page && 'preload' in page && typeof page.preload === 'function' ? (page as LazyPageComponent).preload() : Promise.resolve();
