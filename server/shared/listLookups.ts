import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Env } from 'hono';
import { API_ROOTS, LIST_LOOKUPS_PATH, type ApiRoot } from '../../src/contract';
import type { ListWorkKind } from './fairness';

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

/** What the batch route needs of the environment: which paths are batch lists, and running one. */
export interface ListCaller {
  /** The path (as the SPA writes it) is a list the batch may run: see `LOOKUP_LIST`. */
  accepts(path: string): boolean;
  /**
   * Runs one list call as a GET from the caller (its Authorization header, nothing else), abandoned
   * with the batch (`abandoned`: its client hung up), as a direct call is when its client hangs up.
   */
  call(call: ListCall, authorization: string | undefined, abandoned?: AbortSignal): Promise<Response>;
}

/**
 * The OpenAPI mark of a route the lookups batch may run (issue 36): a plain list GET with no side
 * effect (`listRoute` sets it on every declared list; a hand-written list route sets it itself).
 * The batch's allow rule is derived from the registered routes that carry it, so an action
 * (`users/me`, an upload link) or a read that changes state (a room's messages mark it read)
 * can never be run by it, and a new list joins by being declared.
 */
export const LOOKUP_LIST = { 'x-list-lookup': true } as const;

/** The services a sub-call may address: the API roots that are services, by how the SPA names them. */
const SERVICE_ROOTS = { v2: ['core', 'medorder'], v1: ['legacy'] } as const satisfies Record<string, readonly ApiRoot[]>;
type ServiceRoot = (typeof SERVICE_ROOTS)[keyof typeof SERVICE_ROOTS][number];

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

/** The answer headers a list's reader needs (paging, the total, when to ask again after a 429); the rest belong to the batch answer. */
export const LIST_ANSWER_HEADERS = ['x-total-count', 'x-current-page', 'x-total-pages', 'x-last-updated', 'retry-after'] as const;

/** How the process answers a request (the composed app's `fetch`), handed to each environment. */
export type Dispatch = (request: Request) => Response | Promise<Response>;

/**
 * A `ListCaller` for the environment mounted at `prefix`: each call becomes a GET of the composed
 * app, carrying only the caller's Authorization (no If-Updated-Since: the answer is always whole;
 * no Accept-Encoding: the body is spliced into the batch's, which is compressed as a whole if at all).
 */
export function createListCaller(prefix: string, dispatch: Dispatch, lookupPaths: () => ReadonlySet<string>): ListCaller {
  const accepts = (path: string) => lookupPaths().has(path) && mountedListPath(path, prefix) !== undefined;
  return {
    accepts,
    call: async ({ path, query }, authorization, abandoned) => {
      const mounted = mountedListPath(path, prefix);
      if (mounted === undefined || !accepts(path)) return Response.json({ errors: ['見つかりません。'] }, { status: 404 });
      const headers = new Headers({ accept: 'application/json' });
      if (authorization !== undefined) headers.set('authorization', authorization);
      const request = new Request(`http://localhost${mounted}${query === '' ? '' : `?${query}`}`, { headers, signal: abandoned });
      batchCalls.add(request);
      return dispatch(request);
    },
  };
}

/**
 * The requests the batch made (the very objects: a client cannot make one of these, whatever
 * headers it sends). The fairness guard charges them to the batch's user; a read with a side
 * effect (a room's messages) leaves it out for them.
 */
const batchCalls = new WeakSet<Request>();

/** The request is a sub-call of the lookups batch, not a person's own request. */
export const isBatchCall = (request: Request): boolean => batchCalls.has(request);

/**
 * The SPA paths of the routes marked `LOOKUP_LIST` in each service's OpenAPI registry:
 * `/api/v2/admin/pharmacies` of core is `/api/v2/core/admin/pharmacies`, legacy's stay `/api/v1/...`.
 */
export function lookupListPaths<E extends Env>(services: Record<ServiceRoot, OpenAPIHono<E>>): Set<string> {
  const paths = new Set<string>();
  for (const [root, service] of Object.entries(services) as [ServiceRoot, OpenAPIHono<E>][]) {
    for (const definition of service.openAPIRegistry.definitions) {
      if (definition.type !== 'route' || definition.route.method !== 'get' || definition.route['x-list-lookup'] !== true) continue;
      const path = definition.route.path;
      paths.add((SERVICE_ROOTS.v2 as readonly string[]).includes(root) ? path.replace(/^\/api\/v2\//, `/api/v2/${root}/`) : path);
    }
  }
  return paths;
}

/**
 * Which requests of the environment at `prefix` are list work for the fairness guard
 * (server/shared/fairness.ts): the batch itself, its sub-calls, and direct GETs of the lists
 * the batch may run (the same lists: every declared list and legacy's).
 */
export function listWorkOf(prefix: string, lookupPaths: () => ReadonlySet<string>): (request: Request, path: string) => ListWorkKind {
  // The batch's own path is no list path (no batch inside a batch): mounted as the SPA's core calls are.
  const batch = LIST_LOOKUPS_PATH.replace(/^\/api\/v2\/core\//, `${prefix}/core/api/v2/`);
  let mounted: { of: ReadonlySet<string>; paths: Set<string> } | undefined;
  const mountedLists = () => {
    const of = lookupPaths();
    if (mounted?.of !== of) mounted = { of, paths: new Set([...of].flatMap((path) => mountedListPath(path, prefix) ?? [])) };
    return mounted.paths;
  };
  return (request, path) => {
    if (isBatchCall(request)) return 'sub-call';
    if (request.method === 'POST' && path === batch) return 'batch';
    if (request.method === 'GET' && mountedLists().has(path)) return 'list';
    return undefined;
  };
}
