import { StrictMode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createRoot } from 'react-dom/client';
import { App, HomePage, LoginPage } from './App';
import { loadRuntimeConfig } from './config/runtimeConfig';
import { selectEnvironment, switchEnvironmentAndSignOut } from './config/environment';
import { createAuthProvider } from './authProvider';
import type { Permissions } from './authProvider/types';
import { createApiClient, createDataProvider } from './dataProvider';
import { capabilitiesOf } from './contract/additions';
import { availableResources } from './app/capabilities';
import { resources } from './resources/registry';
import { resourceRoutes } from './resources/resourceViews';
import { appRoutes, noLayoutRoutes } from './customRoutes';
import { StartupError } from './app/StartupError';
import { whenIdle } from './app/lazyPage';
import { prepareFormats } from './app/prepareFormats';
import { createQueryClient } from './app/queryClient';
import { customRoutePages, preloadLikelyNext, preloadRoute, routeChunks } from './app/routePreload';
import { INQUIRIES_PATH, prefetchInquiries } from './customRoutes/inquiries/roomsQuery';
import { onInAppNavigation, onLinkIntent, prefetchFirstList, prefetchListReferences, type NavigationLike } from './app/listPrefetch';

const root = createRoot(document.getElementById('root')!);

const routes = routeChunks(
  [{ path: '/login', component: LoginPage }, { path: '/', component: HomePage }, ...customRoutePages([...noLayoutRoutes, ...appRoutes])],
  resources,
  resourceRoutes,
);

/**
 * The first screen's chunks and calls go first: wait for its first answer (or 3 s, on /login)
 * and give it a second to render that.
 */
const FIRST_SCREEN_LIMIT_MS = 3000;
const FIRST_SCREEN_RENDER_MS = 1000;
const firstScreenShown = (queryClient: QueryClient) =>
  new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      window.clearTimeout(limit);
      window.setTimeout(resolve, FIRST_SCREEN_RENDER_MS);
    };
    const limit = window.setTimeout(done, FIRST_SCREEN_LIMIT_MS);
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'error')) done();
    });
  });

/** While the user reads the first screen, fetch the chunks of the screen they most likely open next. */
const prefetchNextScreens = async (queryClient: QueryClient) => {
  await firstScreenShown(queryClient);
  await whenIdle();
  await preloadLikelyNext(window.location.pathname, routes, resources.map((resource) => resource.name));
};

/**
 * Start-up: read /config.json (one build serves every deployment), pick the environment the
 * user chose last, and build the providers for it. The current screen's chunk loads meanwhile,
 * so the first render shows it at once rather than a fallback (which would hold the screen for
 * React's 300 ms Suspense throttle), and a list screen's first call starts before it renders.
 */
const start = async () => {
  const screenChunk = preloadRoute(window.location.pathname, routes);
  const config = await loadRuntimeConfig();
  const environment = selectEnvironment(config);
  const authProvider = createAuthProvider({ environment });
  const queryClient = createQueryClient();
  const client = createApiClient({
    environment,
    getToken: authProvider.getToken,
    currentToken: authProvider.currentToken,
    // The server says what we cached is stale (x-store-cache-control: clear).
    onCacheClear: () => void queryClient.invalidateQueries(),
  });
  const capabilities = capabilitiesOf(environment);
  const dataProvider = createDataProvider({ client, resources, capabilities });
  // Signed out, react-admin goes to /login; without the admin role the layout shows 403: nothing is read for them.
  const mayRead = async () => {
    await authProvider.checkAuth({});
    return ((await authProvider.getPermissions?.({})) as Permissions | undefined)?.isAdmin === true;
  };
  const prefetchList = (location: { pathname: string; search: string }) =>
    void prefetchFirstList({
      // Never a list the environment lacks (a master that is an addition beyond the spec).
      resources: availableResources(resources, capabilities),
      location,
      queryClient,
      dataProvider,
      mayList: mayRead,
      canAccess: authProvider.canAccess && ((params) => authProvider.canAccess!(params)),
    });
  // A link's hover, press or focus (and the router's navigation, and start-up) starts its screen's
  // chunks and the calls it makes first.
  const prefetchScreen = (location: { pathname: string; search: string }) => {
    void preloadRoute(location.pathname, routes);
    prefetchList(location);
    if (location.pathname !== INQUIRIES_PATH) return;
    void mayRead()
      .then((may) => (may ? prefetchInquiries(queryClient, dataProvider, location) : undefined))
      .catch(() => undefined);
  };
  prefetchListReferences({ resources: availableResources(resources, capabilities), queryClient, dataProvider });
  prefetchScreen(window.location);
  onInAppNavigation((window as { navigation?: NavigationLike }).navigation, window.location.origin, prefetchScreen);
  onLinkIntent(document, window.location.origin, prefetchScreen);
  authProvider.startSilentRenewal();
  // The first screen's call and chunk are on the network now (the call started in this turn's
  // microtasks) and the main thread waits for them: ready the formatters its render would build
  // (issue 38: the first visit's render held the paint, so its LCP, for all of its work).
  window.setTimeout(prepareFormats, 0);

  const runtime = {
    config,
    environment,
    switchEnvironment: (key: string) => void switchEnvironmentAndSignOut(key, authProvider),
    refreshToken: async () => {
      await authProvider.forceRefresh();
    },
    getToken: authProvider.getToken,
  };

  await screenChunk;
  root.render(
    <StrictMode>
      <App runtime={runtime} authProvider={authProvider} dataProvider={dataProvider} queryClient={queryClient} />
    </StrictMode>,
  );
  void prefetchNextScreens(queryClient);
};

start().catch((error: unknown) => root.render(<StartupError error={error} />));
