import type { ComponentType, ReactElement } from 'react';
import { matchPath } from 'react-router-dom';
import type { ResourceDeclaration } from '../resources/types';
import type { ResourceRoutes } from '../resources/resourceViews';
import { preloadLoader, preloadPage } from './lazyPage';
import { tabLoader } from '../resources/schema/show/tabViews';

/** One route's screen(s) to load: `params['*']` is what follows the route (a detail tab). */
export interface RouteChunks {
  path: string;
  preload: (rest: string) => Promise<unknown>;
}

const page = (path: string, component: ComponentType | undefined): RouteChunks[] =>
  component ? [{ path, preload: () => preloadPage(component) }] : [];

/**
 * The screens each URL shows first, in App.tsx's order of precedence (sub-routes and `new`
 * before `:id`), so
 * start-up can load the current screen's chunk beside config.json instead of after a fallback.
 */
export const routeChunks = (
  pages: { path: string; component: ComponentType | undefined }[],
  resources: ResourceDeclaration[],
  routesOf: (resource: ResourceDeclaration) => ResourceRoutes,
): RouteChunks[] => [
  ...pages.flatMap(({ path, component }) => page(path, component)),
  ...resources.flatMap((resource) => {
    const routes = routesOf(resource);
    const base = `/${resource.name}`;
    const tabs = resource.show?.tabs ?? [];
    return [
      ...page(base, routes.list),
      ...routes.subRoutes.flatMap((route) => page(`${base}/${route.path}`, route.view)),
      ...page(`${base}/new/*`, routes.create),
      ...page(`${base}/:id/edit/*`, routes.edit),
      ...(routes.show
        ? [
            {
              path: `${base}/:id/*`,
              // The detail screen and the tab it opens on, which is a chunk of its own.
              preload: (rest: string) => {
                const tab = tabs.find((candidate) => candidate.path === rest) ?? tabs[0];
                const tabChunk = tab && tabLoader(tab);
                return Promise.all([preloadPage(routes.show), tabChunk ? preloadLoader(tabChunk) : undefined]);
              },
            },
          ]
        : []),
    ];
  }),
];

/** Starts loading the chunks of the screen at `pathname`; resolves (never rejects) when they are in. */
export const preloadRoute = async (pathname: string, table: RouteChunks[]): Promise<void> => {
  for (const route of table) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) {
      await route.preload(match.params['*'] ?? '').catch(() => undefined);
      return;
    }
  }
};

/** Custom routes as App.tsx mounts them (`<Route path element={<Page />} />`). */
export const customRoutePages = (routes: ReactElement[]) =>
  routes.map((route) => {
    const { path, element } = route.props as { path: string; element?: ReactElement };
    return { path, component: element?.type as ComponentType | undefined };
  });
