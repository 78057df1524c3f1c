import type { MiddlewareHandler } from 'hono';
import { ADDITIONS, CAPABILITIES, REFERENCE_ONLY_OPERATIONS, SPEC_FIELDS_LISTS, type Capability } from '../../src/contract/additions';
import { RELEVANCE_SORT } from '../../src/contract';
import { errorBody, MESSAGES } from './errors';

/**
 * What the reference API serves (issue 35): `full`, every addition beyond spec section 7 (the
 * default), or `spec`, exactly section 7, as the platform's own services do, so the SPA can be
 * tried against the specified contract alone. The profile is one filter in front of the
 * services (`platformFilter`): the services themselves do not know it.
 */
export type ApiProfileName = 'full' | 'spec';

export interface ApiProfile {
  name: ApiProfileName;
  /** What `/config.json` tells the SPA the services have. */
  capabilities: readonly Capability[];
}

export const API_PROFILES: Record<ApiProfileName, ApiProfile> = {
  full: { name: 'full', capabilities: CAPABILITIES },
  spec: { name: 'spec', capabilities: [] },
};

/** env API_PROFILE: `spec` or `full` (unset: full); anything else stops the start with a clear message. */
export function apiProfileFromEnv(value = process.env.API_PROFILE): ApiProfile {
  if (value === undefined || value === '') return API_PROFILES.full;
  if (value === 'full' || value === 'spec') return API_PROFILES[value];
  throw new Error(`API_PROFILE must be "full" or "spec" (got "${value}")`);
}

/** `/demo/core/api/v2/admin/x` → `/api/v2/core/admin/x`: the path as the SPA and the additions list write it. */
export function platformPath(path: string): string | undefined {
  const match = /^(?:\/demo)?\/(core|medorder|legacy)\/api\/(v1|v2)(\/.*)?$/.exec(path);
  if (!match) return undefined;
  const [, service, version, rest = ''] = match;
  return service === 'legacy' ? `/api/v1${rest}` : `/api/${version}/${service}${rest}`;
}

/** `GET /api/v2/core/admin/x/{id}` as a pattern of the method and platform path. */
const operationPattern = (operation: string): RegExp => {
  const [method, path] = operation.split(' ');
  const segments = path.split('/').map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${method} ${segments.join('/')}$`);
};

/** Every call of an addition and of the reference API's own tools: none is on the platform. */
const BEYOND_SPEC_OPERATIONS = [...Object.values(ADDITIONS).flatMap((addition) => addition.operations ?? []), ...REFERENCE_ONLY_OPERATIONS].map(operationPattern);

/** The sort keys additions give lists of the spec (a sort the platform's list does not know is its 422). */
const ADDED_SORT_KEYS = Object.values(ADDITIONS).flatMap((addition) => addition.sortKeys ?? []);

const isBeyondSpecCall = (method: string, path: string) => BEYOND_SPEC_OPERATIONS.some((pattern) => pattern.test(`${method} ${path}`));

/**
 * How a request to a service (its platform path, as platformPath gives it) goes beyond section
 * 7, as the platform would answer it: a call it does not have (404), or a parameter it does not
 * take (422, with the message); undefined when the platform serves it. The E2E of the spec
 * profile checks every request the SPA makes with it.
 */
export function beyondSpec(method: string, path: string, query: URLSearchParams): { status: 404 | 422; message: string } | undefined {
  if (isBeyondSpecCall(method === 'HEAD' ? 'GET' : method, path)) return { status: 404, message: MESSAGES.notFound };
  const sort = query.get('sort')?.replace(/^-/, '');
  if (sort === RELEVANCE_SORT || (sort !== undefined && ADDED_SORT_KEYS.some(({ list, key }) => list === path && key === sort))) {
    return { status: 422, message: `並び順に ${sort} は指定できません。` };
  }
  if (query.has('fields') && !SPEC_FIELDS_LISTS.includes(path)) return { status: 422, message: 'fields はこの一覧では指定できません。' };
  return undefined;
}

/**
 * The platform as section 7 specifies it, in front of the reference API's services: an
 * addition's call is 404 (an unknown path), `sort=relevance` is a 422 (an unknown sort), `fields`
 * on a list the spec gives none is a 422 (an unknown parameter), If-Unmodified-Since and If-Match
 * are ignored (unknown headers), and `x-unread-total` and `ETag` are not answered. The phone and
 * code searches (pharmacies' `query` matching phone, invoice and licence numbers) stay: they are
 * how the reference API searches, not a call or a parameter, and the SPA asks them only where the
 * environment names `phoneSearch` or `codeSearch`.
 */
export function platformFilter(profile: ApiProfile): MiddlewareHandler {
  return async (c, next) => {
    if (profile.name === 'full') return next();
    const path = platformPath(c.req.path);
    if (path === undefined) return next();
    const refused = beyondSpec(c.req.method, path, new URL(c.req.url).searchParams);
    if (refused) return c.json(errorBody([refused.message]), refused.status);
    // Request headers are mutable (the fetch spec's "request" guard): the service never sees them.
    c.req.raw.headers.delete('if-unmodified-since');
    c.req.raw.headers.delete('if-match');
    await next();
    c.res.headers.delete('x-unread-total');
    c.res.headers.delete('etag');
  };
}
