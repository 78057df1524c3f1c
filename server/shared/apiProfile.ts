import type { MiddlewareHandler } from 'hono';
import { ADDITIONS, CAPABILITIES, type Capability } from '../../src/contract/additions';
import { section7Parameters } from '../../src/contract/section7';
import type { Cable } from './cable';
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

/** The sort keys additions give lists of the spec (a sort the platform's list does not know is its 422). */
const ADDED_SORT_KEYS = Object.values(ADDITIONS).flatMap((addition) => addition.sortKeys ?? []);

/**
 * How a request to a service (its platform path, as platformPath gives it) goes beyond section
 * 7 (src/contract/section7.ts), as the platform would answer it: a call it does not have (404),
 * or a parameter or a sort it does not take (422, with the message); undefined when the platform
 * serves it. The E2E of the spec profile checks every request the SPA makes with it.
 */
export function beyondSpec(method: string, path: string, query: URLSearchParams): { status: 404 | 422; message: string } | undefined {
  const asked = method === 'HEAD' ? 'GET' : method;
  const parameters = section7Parameters(asked, path);
  if (parameters === undefined) return { status: 404, message: MESSAGES.notFound };
  const unknown = [...new Set(query.keys())].filter((name) => !parameters.includes(name));
  if (unknown.includes('fields')) return { status: 422, message: 'fields はこの一覧では指定できません。' };
  if (unknown.length > 0) return { status: 422, message: `${unknown.join('、')} はこの呼び出しでは指定できません。` };
  const sort = query.get('sort')?.replace(/^-/, '');
  if (sort === RELEVANCE_SORT || (sort !== undefined && ADDED_SORT_KEYS.some(({ list, key }) => list === path && key === sort))) {
    return { status: 422, message: `並び順に ${sort} は指定できません。` };
  }
  return undefined;
}

/** The fields additions put in the cable's broadcasts (`unread_total`): the platform's have none of them. */
const ADDED_CABLE_FIELDS = Object.values(ADDITIONS).flatMap((addition) => addition.cableFields ?? []);

/**
 * The cable as the platform's: in the spec profile every endpoint's broadcasts go out without
 * the additions' fields. The services broadcast as always; the endpoint they are given strips.
 */
export function platformCables<E extends Cable, C extends { endpoint(path: string, ...rest: never[]): E }>(profile: ApiProfile, cables: C): C {
  if (profile.name === 'full') return cables;
  const endpoint = (path: string, ...rest: never[]): E => {
    const served = cables.endpoint(path, ...rest);
    const broadcast: Cable['broadcast'] = (stream, message) =>
      served.broadcast(stream, Object.fromEntries(Object.entries(message).filter(([key]) => !ADDED_CABLE_FIELDS.includes(key))));
    return Object.assign(Object.create(served) as E, { broadcast });
  };
  return Object.assign(Object.create(cables) as C, { endpoint });
}

/**
 * The platform as section 7 specifies it, in front of the reference API's services: a call
 * section 7 does not have is 404 (an unknown path), a parameter it does not give the call is a
 * 422 (an unknown parameter, `fields` on a list the spec gives none among them), `sort=relevance`
 * or an addition's sort key is a 422 (an unknown sort), If-Unmodified-Since and If-Match
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
