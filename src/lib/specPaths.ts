/**
 * The one place that knows how in-app paths map to the spec's route table.
 *
 * Our URLs are the spec's: `/{resource}`, `/{resource}/new`, `/{resource}/{id}` (detail, whose
 * tabs are `/{resource}/{id}/{tab}`), `/{resource}/{id}/edit`, and each resource's declared
 * sub-routes (`search`, `update`, `:id/:filename`, `bigqueries/:serviceName`, `new/:tab`).
 * Screens link with `specPath` below, in the spec's own words.
 *
 * react-admin's stock parts (CreateButton, ShowButton, rowClick, useRedirect) write
 * `/{resource}/create` and `/{resource}/{id}/show[/...]`; the router provider translates exactly
 * those two shapes and nothing else. react-admin's edit path `/{resource}/{id}` is *not*
 * translated: written as the spec writes it, it is the detail. That is why the generic screens
 * use our own edit link (`EditLinkButton`) and never react-admin's EditButton (a lint rule says so).
 */
export interface RouteEntry {
  /** Resource name, e.g. `v2/core/companies`. */
  name: string;
  /** Declared sub-route patterns, e.g. `search`, `:id/:filename`. */
  routes?: readonly string[];
}

export type RouteCatalogue = readonly RouteEntry[];

const splitPath = (pathname: string) => pathname.split('/').filter(Boolean);

/** Whether path segments match a pattern like `bigqueries/:serviceName` (`:x` matches one segment). */
export const matchesPattern = (segments: readonly string[], pattern: string): boolean => {
  const parts = splitPath(pattern);
  return parts.length === segments.length && parts.every((part, index) => part.startsWith(':') || part === segments[index]);
};

/**
 * A catalogue's names split once, the longest first (in catalogue order among equals), so the
 * first that matches is the longest. Every link a list page renders (a hundred) is matched: split
 * again per entry and per link, this was milliseconds of the list's first render (issue 38).
 */
const indexes = new WeakMap<RouteCatalogue, { entry: RouteEntry; segments: string[] }[]>();
const indexOf = (catalogue: RouteCatalogue) => {
  let index = indexes.get(catalogue);
  if (!index) {
    index = catalogue.map((entry) => ({ entry, segments: splitPath(entry.name) })).sort((a, b) => b.segments.length - a.segments.length);
    indexes.set(catalogue, index);
  }
  return index;
};

/** The registered resource a pathname lives under (the longest matching name), and the rest. */
export const matchResource = (
  pathname: string,
  catalogue: RouteCatalogue,
): { resource: string; rest: string[]; entry: RouteEntry } | undefined => {
  const segments = splitPath(pathname);
  for (const { entry, segments: name } of indexOf(catalogue)) {
    if (name.every((segment, index) => segments[index] === segment)) return { resource: entry.name, rest: segments.slice(name.length), entry };
  }
  return undefined;
};

/** The declared sub-route a rest of a path is, if any. Static segments win over `:params`. */
export const matchSubRoute = (rest: readonly string[], entry: RouteEntry): string | undefined => {
  const candidates = (entry.routes ?? []).filter((pattern) => matchesPattern(rest, pattern));
  const staticCount = (pattern: string) => splitPath(pattern).filter((part) => !part.startsWith(':')).length;
  return candidates.sort((a, b) => staticCount(b) - staticCount(a))[0];
};

/** Translates react-admin's `/create` and `/{id}/show[/tab]` to the spec's URL; everything else is left as it is. */
export const toSpecPath = (path: string, catalogue: RouteCatalogue): string => {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = match?.[1] ?? path;
  const suffix = match?.[2] ?? '';
  if (!pathname.startsWith('/')) return path;
  const found = matchResource(pathname, catalogue);
  if (!found) return path;
  const { resource, rest, entry } = found;
  if (matchSubRoute(rest, entry)) return path;
  const base = `/${resource}`;
  if (rest.length === 1 && rest[0] === 'create') return `${base}/new${suffix}`;
  if (rest.length >= 2 && rest[1] === 'show') return [base, rest[0], ...rest.slice(2)].join('/') + suffix;
  return path;
};

const encodeId = (id: string | number) => encodeURIComponent(String(id));

/** Spec URLs of a resource's screens, for links written by our own components. */
export const specPath = {
  list: (resource: string) => `/${resource}`,
  create: (resource: string) => `/${resource}/new`,
  show: (resource: string, id: string | number, tab = '') => `/${resource}/${encodeId(id)}${tab ? `/${tab}` : ''}`,
  edit: (resource: string, id: string | number) => `/${resource}/${encodeId(id)}/edit`,
};

/**
 * A template such as `/v2/core/nsipses/{id}` filled from a record; record values are
 * URL-encoded, `raw` values (configured URL bases such as `{orderingAppUrl}`) are not.
 */
export const fillPathTemplate = (template: string, values: Record<string, unknown>, raw: Record<string, string> = {}): string =>
  template.replace(/\{([A-Za-z0-9_.]+)\}/g, (_match, key: string) =>
    Object.hasOwn(raw, key) ? raw[key].replace(/\/+$/, '') : encodeURIComponent(String(values[key] ?? '')),
  );
