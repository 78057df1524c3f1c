import { API_ROOTS, LIST_LOOKUPS_PATH, type ApiRoot } from '../../src/contract';

/**
 * The batch of list calls (`POST /api/v2/common/lookups`, beyond spec section 7): what a sub-call
 * may be and how the environment runs it. The core service holds the route; the calls reach the
 * other services through the environment's own request handling (`ListCaller`, handed in by
 * server/environment.ts), so no service imports another and each sub-call meets the token, role
 * and query checks its list endpoint applies to a direct call.
 */

/** One list call as the SPA addresses it (spec path, `/api/v2/{module}/...` or `/api/v1/...`) and its query string. */
export interface ListCall {
  path: string;
  query: string;
}

/** Runs one list call as a GET from the caller (its Authorization header, nothing else). */
export type ListCaller = (call: ListCall, authorization: string | undefined) => Promise<Response>;

/** The services a sub-call may address: the API roots that are services, by how the SPA names them. */
const SERVICE_ROOTS = { v2: ['core', 'medorder'], v1: ['legacy'] } as const satisfies Record<string, readonly ApiRoot[]>;

/** A path segment of a list: lower-case words, digits, `_` and `-` (legacy's `fifo-racks`) only: no `.`, `%`, `\`, case variants. */
const SEGMENT = /^[a-z0-9_-]+$/;
/** A collection's name ends a list path; a record's id (digits) would make it a detail call. */
const COLLECTION = /^[a-z][a-z0-9_-]*$/;

export const MAX_LIST_PATH = 200;

/**
 * Where a sub-call's spec path is served in this environment (`/api/v2/medorder/admin/x` →
 * `{prefix}/medorder/api/v2/admin/x`), or undefined when it is no list path of a known service
 * (or the batch's own: no batch inside a batch).
 */
export function mountedListPath(path: string, prefix: string): string | undefined {
  if (path.length > MAX_LIST_PATH || path === LIST_LOOKUPS_PATH) return undefined;
  const [empty, api, version, ...rest] = path.split('/');
  if (empty !== '' || api !== 'api') return undefined;
  let root: ApiRoot;
  let within: string[];
  if (version === 'v2') {
    const [module, ...tail] = rest;
    if (!(SERVICE_ROOTS.v2 as readonly string[]).includes(module)) return undefined;
    root = module as ApiRoot;
    within = tail;
  } else if (version === 'v1') {
    root = SERVICE_ROOTS.v1[0];
    within = rest;
  } else return undefined;
  if (!API_ROOTS.includes(root) || within.length < 1 || !within.every((segment) => SEGMENT.test(segment)) || !COLLECTION.test(within.at(-1)!)) return undefined;
  return `${prefix}/${root}/api/${version}/${within.join('/')}`;
}

/** The answer headers a list's reader needs (paging, the total); the rest belong to the batch answer. */
export const LIST_ANSWER_HEADERS = ['x-total-count', 'x-current-page', 'x-total-pages', 'x-last-updated'] as const;

/** How the process answers a request (the composed app's `fetch`), handed to each environment. */
export type Dispatch = (request: Request) => Response | Promise<Response>;

/**
 * A `ListCaller` for the environment mounted at `prefix`: each call becomes a GET of the composed
 * app, carrying only the caller's Authorization (no If-Updated-Since: the answer is always whole;
 * no Accept-Encoding: the body is spliced into the batch's, which is compressed as a whole if at all).
 */
export function createListCaller(prefix: string, dispatch: Dispatch): ListCaller {
  return async ({ path, query }, authorization) => {
    const mounted = mountedListPath(path, prefix);
    if (mounted === undefined) return Response.json({ errors: ['見つかりません。'] }, { status: 404 });
    const headers = new Headers({ accept: 'application/json' });
    if (authorization !== undefined) headers.set('authorization', authorization);
    return dispatch(new Request(`http://localhost${mounted}${query === '' ? '' : `?${query}`}`, { headers }));
  };
}
