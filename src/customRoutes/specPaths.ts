/**
 * The one place that knows how react-admin's paths map to the spec's route table.
 *
 * react-admin hard-codes `/{resource}/create`, `/{resource}/{id}` (edit) and
 * `/{resource}/{id}/show` in every stock button, rowClick and redirect. Our URLs are the spec's:
 * `/{resource}/new`, `/{resource}/{id}/edit` and `/{resource}/{id}` (detail, whose tabs are
 * `/{resource}/{id}/{tab}`). In-app navigation is written in react-admin's language (through
 * `useCreatePath`, stock buttons or `showTabPath`) and the router provider translates it here,
 * so the ambiguous `/{resource}/{id}` always means react-admin's edit page.
 */
export type ResourceNames = readonly string[];

const splitPath = (pathname: string) => pathname.split('/').filter(Boolean);

/** The registered resource a pathname lives under (the longest matching name), and the rest. */
export const matchResource = (
  pathname: string,
  resourceNames: ResourceNames,
): { resource: string; rest: string[] } | undefined => {
  const segments = splitPath(pathname);
  let best: string | undefined;
  for (const name of resourceNames) {
    const nameSegments = splitPath(name);
    const matches = nameSegments.every((segment, index) => segments[index] === segment);
    if (matches && (!best || nameSegments.length > splitPath(best).length)) best = name;
  }
  if (!best) return undefined;
  return { resource: best, rest: segments.slice(splitPath(best).length) };
};

/** Translates a react-admin path (with optional ?search and #hash) to the spec's URL. */
export const toSpecPath = (path: string, resourceNames: ResourceNames): string => {
  const match = /^([^?#]*)(.*)$/.exec(path);
  const pathname = match?.[1] ?? path;
  const suffix = match?.[2] ?? '';
  if (!pathname.startsWith('/')) return path;
  const found = matchResource(pathname, resourceNames);
  if (!found) return path;
  const { resource, rest } = found;
  const base = `/${resource}`;
  if (rest.length === 1 && rest[0] === 'create') return `${base}/new${suffix}`;
  // `new` is the spec's create path, never a record id: leave it as it is.
  if (rest.length === 1 && rest[0] !== 'new') return `${base}/${rest[0]}/edit${suffix}`;
  if (rest.length >= 2 && rest[1] === 'show') {
    return [base, rest[0], ...rest.slice(2)].join('/') + suffix;
  }
  return path;
};

/** react-admin-language path of a detail tab: translated to `/{resource}/{id}/{tab}`. */
export const showTabPath = (resource: string, id: string | number, tab = ''): string =>
  `/${resource}/${encodeURIComponent(String(id))}/show${tab ? `/${tab}` : ''}`;
