import type { ComponentType, ReactElement } from 'react';
import { matchPath } from 'react-router-dom';
import type { ResourceDeclaration } from '../resources/types';
import type { ResourceRoutes } from '../resources/resourceViews';
import { preloadLoader, preloadPage, whenIdle, whenRead } from './lazyPage';
import { tabLoader } from '../resources/schema/show/tabViews';
import { INQUIRIES_PATH } from '../customRoutes/inquiries/roomsQuery';

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

/**
 * The route each pathname matched, per table. A link's hover, press and focus and the router's
 * navigation each ask for the same pathname, and matchPath compiles every route's pattern again
 * on each call (about a hundred, 3 ms a click on the loaded 2-core machine, at the press).
 */
const matched = new WeakMap<RouteChunks[], Map<string, { route: RouteChunks; rest: string } | undefined>>();

const routeAt = (pathname: string, table: RouteChunks[]) => {
  let seen = matched.get(table);
  if (!seen) matched.set(table, (seen = new Map()));
  if (seen.has(pathname)) return seen.get(pathname);
  let found: { route: RouteChunks; rest: string } | undefined;
  for (const route of table) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) {
      found = { route, rest: match.params['*'] ?? '' };
      break;
    }
  }
  seen.set(pathname, found);
  return found;
};

/** Starts loading the chunks of the screen at `pathname`; resolves (never rejects) when they are in. */
export const preloadRoute = async (pathname: string, table: RouteChunks[]): Promise<void> => {
  const found = routeAt(pathname, table);
  if (found) await found.route.preload(found.rest).catch(() => undefined);
};

/** Custom routes as App.tsx mounts them (`<Route path element={<Page />} />`). */
export const customRoutePages = (routes: ReactElement[]) =>
  routes.map((route) => {
    const { path, element } = route.props as { path: string; element?: ReactElement };
    return { path, component: element?.type as ComponentType | undefined };
  });

/** Stands for any record in a path: the screens' chunks are the same for every id. */
const ANY_RECORD = '0';

/**
 * 薬局一覧, the master list agents open most. Its screen is the generated list, one chunk for every
 * master's list, which the home screen's 最近の変更 card already brings (it draws its cells with
 * the list's), so where the environment keeps versions preloading it costs no bytes; it lets a
 * sidebar click draw the list in its first render instead of after the chunk's import resolves
 * (issue 38's warm visit).
 */
const PHARMACIES_LIST_PATH = '/v2/core/pharmacies';

/**
 * Where a user on `pathname` most likely goes next, as paths whose screens the idle prefetch
 * loads: from the home screen the inquiries and the master lists; from a list, a record's detail (a row's click);
 * from a detail, its edit form. Never a whole family of screens: every chunk fetched here is
 * script a first visit pays for, and a list visit's first seconds are measured against stock
 * react-admin's (issue 38). Any other screen loads on the intent to open it (a link's hover,
 * press or focus: `preloadRoute` from main.tsx) or on its click.
 */
export const likelyNextPaths = (pathname: string, resourceNames: readonly string[]): string[] => {
  // The master lists first (their chunk is in already), then the inquiries: the screen agents keep open all day.
  if (pathname === '/') return [PHARMACIES_LIST_PATH, INQUIRIES_PATH];
  const base = resourceNames
    .map((name) => `/${name}`)
    .filter((candidate) => pathname === candidate || pathname.startsWith(`${candidate}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (!base) return [];
  if (pathname === base) return [`${base}/${ANY_RECORD}`];
  const [first, second] = pathname.slice(base.length + 1).split('/');
  return first !== 'new' && second !== 'edit' ? [`${base}/${ANY_RECORD}/edit`] : [];
};

const isDetailPath = (path: string) => path.endsWith(`/${ANY_RECORD}`);

/** Loads the screens a user on `pathname` most likely opens next, one at a time, each when the page is idle. */
export const preloadLikelyNext = async (pathname: string, table: RouteChunks[], resourceNames: readonly string[]): Promise<void> => {
  for (const path of likelyNextPaths(pathname, resourceNames)) {
    // A user reads the rows before opening one; meanwhile the intent to open a row (the pointer
    // over it or its 詳細 link, focus: `onLinkIntent`) loads the detail.
    if (isDetailPath(path)) await whenRead();
    await whenIdle();
    await preloadRoute(path, table);
  }
};
