import { getQuery, parseQueryFromLocation, type DataProvider, type GetListParams, type Identifier } from 'ra-core';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ResourceDeclaration } from '../resources/types';
import { SERVER_PAGE_SIZE } from '../lib/constants';
import { STALE_TIME_MS } from './queryClient';
import { fieldValue } from '../resources/schema/shared/fieldDisplay';
import { referenceIds } from '../resources/schema/shared/references';

/** react-admin's sort when a list names none (useListController's default). */
const REACT_ADMIN_DEFAULT_SORT = { field: 'id', order: 'ASC' } as const;

export interface ListQuery {
  resource: string;
  queryKey: QueryKey;
  params: Required<Pick<GetListParams, 'pagination' | 'sort' | 'filter'>> & { meta: undefined };
}

/**
 * The getList call the generated list screen (src/resources/schema/list/SchemaList.tsx) will make at
 * `location`, with react-admin's own rules for merging the URL and the defaults (lists keep no
 * stored params: the URL is their only state), and the key its useGetList files it under. Undefined off a list route, for a
 * resource with a list screen of its own (which may ask differently), and for a scrolled list.
 */
export const firstListQuery = (
  resources: ResourceDeclaration[],
  location: { pathname: string; search: string },
): ListQuery | undefined => {
  const resource = resources.find((candidate) => location.pathname === `/${candidate.name}`);
  // Scrolled lists ask through useInfiniteGetList, under another key and another shape.
  const mode = resource?.list.paging?.mode ?? 'pages';
  if (!resource || resource.views?.list || mode === 'infinite' || mode === 'token') return undefined;
  const query = getQuery({
    queryFromLocation: parseQueryFromLocation(location),
    params: {},
    filterDefaultValues: undefined,
    sort: resource.list.defaultSort ?? REACT_ADMIN_DEFAULT_SORT,
    perPage: SERVER_PAGE_SIZE,
  });
  const params: ListQuery['params'] = {
    pagination: { page: query.page, perPage: query.perPage },
    sort: { field: query.sort, order: query.order },
    filter: { ...query.filter },
    meta: undefined,
  };
  return { resource: resource.name, queryKey: [resource.name, 'getList', params], params };
};

/**
 * Starts the list screen's first call as soon as the providers exist, beside its chunk, instead
 * of after the chunk, the auth check and the first render. The screen then finds the call in
 * flight under the same key and waits for it: one request, earlier.
 */
export const prefetchFirstList = async (options: {
  resources: ResourceDeclaration[];
  location: { pathname: string; search: string };
  queryClient: QueryClient;
  dataProvider: DataProvider;
  /** Resolves true when the user may see the lists (signed in, admin); else nothing is fetched. */
  mayList: () => Promise<boolean>;
  /** The auth provider's canAccess, when it has one: the screen asks it before its list call. */
  canAccess?: (params: { action: string; resource: string }) => Promise<boolean>;
}): Promise<void> => {
  const { resources, location, queryClient, dataProvider } = options;
  const first = firstListQuery(resources, location);
  if (!first) return;
  // Asked already (a link hovered twice, then clicked): one call, and no second access check.
  const state = queryClient.getQueryState(first.queryKey);
  if (state?.fetchStatus === 'fetching' || (state?.status === 'success' && Date.now() - state.dataUpdatedAt < STALE_TIME_MS)) return;
  // Signed out, react-admin goes to /login; without the admin role the layout shows 403.
  if (!(await options.mayList().catch(() => false))) return;
  const { canAccess } = options;
  await Promise.all([
    queryClient.prefetchQuery({
      queryKey: first.queryKey,
      // The shape useGetList keeps in its cache.
      queryFn: () => dataProvider.getList(first.resource, first.params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    }),
    // The list screen's access check (useListController's useRequireAccess), answered before the
    // screen renders: else its first render waits for it, with the call disabled and no rows, and
    // the rows come one render later.
    canAccess && queryClient.prefetchQuery({ queryKey: listAccessKey(first.resource), queryFn: () => canAccess({ action: 'list', resource: first.resource }) }),
  ]);
};

/** The key react-admin's useRequireAccess({ action: 'list', resource, enabled }) files its canAccess answer under. */
export const listAccessKey = (resource: string): QueryKey => ['auth', 'canAccess', { action: 'list', resource, enabled: true }];

/** The part of the Navigation API (Chromium, recent Firefox and Safari) used here. */
export interface NavigateEventLike extends Event {
  destination: { url: string; sameDocument: boolean };
}
export interface NavigationLike {
  addEventListener(type: 'navigate', listener: (event: NavigateEventLike) => void): void;
}

/**
 * Every in-app navigation (the router's pushState, back and forward) tells `prefetch` where it
 * goes before the router renders there, so a list's call runs while its screen renders and
 * checks access. Without the Navigation API the screen starts the call itself.
 */
export const onInAppNavigation = (
  navigation: NavigationLike | undefined,
  origin: string,
  prefetch: (location: { pathname: string; search: string }) => void,
) => {
  navigation?.addEventListener('navigate', (event) => {
    if (!event.destination.sameDocument) return;
    const url = new URL(event.destination.url);
    if (url.origin === origin) prefetch({ pathname: url.pathname, search: url.search });
  });
};

/**
 * What a list row that opens on a click names as its address (src/resources/schema/list/OpeningRows.tsx):
 * the row is no link, but the pointer over it is the intent to open its record.
 */
export const OPENS_ATTRIBUTE = 'data-opens';

/** Where an in-app link (or an opening row) goes, or undefined for other sites, downloads and new tabs. */
const linkTarget = (target: EventTarget | null, origin: string): { pathname: string; search: string } | undefined => {
  const link = target instanceof Element ? target.closest(`a[href], [${OPENS_ATTRIBUTE}]`) : null;
  if (!link) return undefined;
  let href: string;
  if (link instanceof HTMLAnchorElement) {
    if (link.hasAttribute('download') || (link.target && link.target !== '_self')) return undefined;
    href = link.href;
  } else href = link.getAttribute(OPENS_ATTRIBUTE)!;
  const url = new URL(href, origin);
  return url.origin === origin ? { pathname: url.pathname, search: url.search } : undefined;
};

/**
 * The user's intent to follow an in-app link (the pointer over it, the button pressed on it, or
 * keyboard focus on it) starts its list's call: by the click, the answer is in or on its way, and
 * it no longer waits for the new screen's first render (which holds the main thread for tens of
 * milliseconds). react-query keeps one call per key, and an answer younger than its staleTime is
 * not asked again, so hovering over a link twice costs nothing.
 */
export const onLinkIntent = (root: Pick<Document, 'addEventListener'>, origin: string, prefetch: (location: { pathname: string; search: string }) => void) => {
  const intent = (event: Event) => {
    const location = linkTarget(event.target, origin);
    if (location) prefetch(location);
  };
  for (const type of ['pointerover', 'pointerdown', 'focusin'] as const) root.addEventListener(type, intent, { capture: true, passive: true });
};

/** The key react-admin's useGetManyAggregate (a reference cell) files one cell's records under. */
export const referenceCellKey = (resource: string, ids: readonly Identifier[]): QueryKey => [resource, 'getMany', { ids: ids.map(String), meta: undefined }];

/**
 * The records a page of rows names through its shown reference columns (the company, group or
 * pharmacy of each row), per referenced resource: each cell's ids, as its cell will ask them.
 */
export const referenceCellsOf = (resource: ResourceDeclaration, rows: readonly Record<string, unknown>[]): Map<string, Identifier[][]> => {
  const hidden = new Set<string>(resource.list.hiddenColumns ?? []);
  const cells = new Map<string, Identifier[][]>();
  for (const column of resource.list.columns) {
    const field = resource.fields[column];
    if (hidden.has(column) || !field?.reference || field.reference.nameFrom) continue;
    const list = cells.get(field.reference.resource) ?? [];
    for (const row of rows) {
      const ids = referenceIds(fieldValue(field, column, row));
      if (ids.length > 0) list.push(ids);
    }
    cells.set(field.reference.resource, list);
  }
  return cells;
};

/**
 * A list's answer starts the lookups of the names its rows show (one getMany per referenced
 * resource, as react-admin's aggregate would send once the cells render), under each cell's own
 * key: the cells find their records in the cache or on the way, so the names come with the rows
 * or just after, instead of a render later (issue 38: the 会社 column filled in seconds after the
 * rows). What getMany answers is a list row, filed only under getMany keys (./recordCache.ts).
 */
export const prefetchListReferences = (options: {
  resources: ResourceDeclaration[];
  queryClient: QueryClient;
  dataProvider: Pick<DataProvider, 'getMany'>;
}): (() => void) => {
  const { resources, queryClient, dataProvider } = options;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const [name, method] = event.query.queryKey;
    const resource = method === 'getList' ? resources.find((candidate) => candidate.name === name) : undefined;
    const rows = (event.action.data as { data?: unknown } | undefined)?.data;
    if (!resource || !Array.isArray(rows)) return;
    for (const [referenced, cells] of referenceCellsOf(resource, rows as Record<string, unknown>[])) {
      const waiting = cells.filter((ids) => {
        const state = queryClient.getQueryState(referenceCellKey(referenced, ids));
        return !(state?.fetchStatus === 'fetching' || (state?.status === 'success' && Date.now() - state.dataUpdatedAt < STALE_TIME_MS));
      });
      if (waiting.length === 0) continue;
      const ids = [...new Set(waiting.flat().map(String))];
      const answer = dataProvider.getMany(referenced, { ids });
      for (const cellIds of waiting) {
        const wanted = new Set(cellIds.map(String));
        void queryClient.prefetchQuery({
          queryKey: referenceCellKey(referenced, cellIds),
          queryFn: () => answer.then(({ data }) => data.filter((record) => wanted.has(String(record.id)))),
        });
      }
    }
  });
};
