import { createRoute, z } from '@hono/zod-openapi';
import { conditionalErrors, conditionalHeaders, etagHeaders } from './conditionalWrite';
import { listQuerySchema, type ListDeclaration } from './listEndpoint';
import { LOOKUP_LIST } from './listLookups';
import { commonErrors, idParam, jsonBody, jsonResponse, listHeaders, lockedWrite, SECURITY, tooManyRequests } from './openapi';

/*
 * The OpenAPI routes of a resource, one helper per kind, so a resource file declares only what
 * differs (path, schemas, summary). Every route is bearer-protected and documents the common
 * errors (401, 403, 404, 422 with Japanese `{"errors": [...]}`); paths are the service's own
 * (`/api/v2/admin/companies`), `{id}` is a numeric path parameter.
 *
 *   listRoute(COMPANY_LIST, CompanySchema, tags)                               GET    path
 *   detailRoute(path, CompanyDetailSchema, '会社詳細', tags)                    GET    path/{id}
 *   createRecordRoute(path, { body, response, summary, tags })                 POST   path        → 201
 *   updateRecordRoute(path, { body, response, summary, tags })                 PUT    path/{id}   → 200 (or 412)
 *   deleteRecordRoute(path, { summary, tags })                                 DELETE path/{id}   → 204 (or 412)
 *   writeRoute('post', `${path}/{id}/pharmacy`, { body, response, summary, tags })   anything else → 200 (or status)
 *   readRoute(path, { query, response, summary, tags, headers })              GET    anything else → 200
 *
 * These helpers are the only place that calls `createRoute` (eslint.config.js holds it; the
 * identity provider and the static site, which are not bearer-protected services, are exempt):
 * so every service route is bearer-protected and documents the common errors the same way.
 *
 * `writeRoute` covers membership changes (PATCH/DELETE `{id}/pharmacies`, POST/DELETE
 * `{id}/pharmacy`) and actions (`users/change_password`): it takes the `{id}` parameter exactly
 * when the path has one, and a body only when given one (a DELETE answering what it removed has
 * none). `createRecordRoute` takes `{id}` the same way (a message posted into room `{id}`).
 * `readRoute` is a GET the handler answers itself (a page read without a list declaration, with
 * its paging headers in `headers`; a presigned URL). Handlers read `c.req.valid('param').id`,
 * `c.req.valid('query')` and `c.req.valid('json')`.
 *
 * Record writes (update, delete, or `conditional: true`) document the optional If-Match and
 * If-Unmodified-Since headers, their 412 and the answer's ETag; the handler checks them with
 * `assertRowCurrent` (conditionalWrite.ts). A versioned record's detail route says so
 * (`detailRoute(..., { etag: true })`) to document its ETag.
 */

type Method = 'post' | 'put' | 'patch' | 'delete';

export interface WriteSpec<B extends z.ZodType, R extends z.ZodType> {
  /** The JSON request body (an action without input takes `z.object({})`). */
  body: B;
  /** The JSON answer (the record as it now is, usually its detail). */
  response: R;
  summary: string;
  /** Longer OpenAPI description (rules, side effects). */
  description?: string;
  /** Description of the success answer; defaults to the summary. */
  responseDescription?: string;
  tags: string[];
  /**
   * A write of one versioned record: documents If-Match, If-Unmodified-Since, their 412 and the
   * answer's ETag (the handler calls `assertRowCurrent`, see conditionalWrite.ts). On by default
   * for updateRecordRoute and deleteRecordRoute.
   */
  conditional?: boolean;
}

type JsonBody<B extends z.ZodType, Required extends boolean = true> = {
  readonly required: Required;
  readonly content: { readonly 'application/json': { readonly schema: B } };
};
type Nothing = Record<never, never>;
/** Path parameters other than a numeric `{id}` (`{kind}`, `{pharmacyId}/{filename}`, a labelled `{id}`), as a zod object. */
type Params = z.ZodObject | undefined;
/** `params` when given; otherwise `{id}` as a numeric path parameter exactly when the path names it. */
type PathRequest<P extends string, X extends Params> = X extends z.ZodObject ? { params: X } : P extends `${string}{id}${string}` ? { params: typeof idParam } : Nothing;
type QueryRequest<Q extends z.ZodObject | undefined> = Q extends z.ZodObject ? { query: Q } : Nothing;
type BodyRequest<B extends z.ZodType | undefined, Required extends boolean> = B extends z.ZodType ? { body: JsonBody<B, Required> } : Nothing;
type WriteRequest<P extends string, B extends z.ZodType | undefined, X extends Params = undefined, Required extends boolean = true> = PathRequest<P, X> &
  BodyRequest<B, Required>;
/** The status a successful write answers: 200, 201 for a created record, 202 for a started job. */
type SuccessStatus = 200 | 201 | 202;

function pathRequest<P extends string, X extends Params>(path: P, params: X): PathRequest<P, X> {
  return (params ? { params } : path.includes('{id}') ? { params: idParam } : {}) as PathRequest<P, X>;
}

function writeRequest<P extends string, B extends z.ZodType | undefined, X extends Params = undefined, Required extends boolean = true>(
  path: P,
  body: B,
  { conditional = false, params, bodyRequired }: { conditional?: boolean; params?: X; bodyRequired?: Required } = {},
): WriteRequest<P, B, X, Required> {
  const request: Record<string, unknown> = {
    ...pathRequest(path, params as X),
    ...(body && { body: { ...jsonBody(body), required: bodyRequired ?? true } }),
    ...(conditional && { headers: conditionalHeaders }),
  };
  return request as WriteRequest<P, B, X, Required>;
}

/**
 * A write answering `spec.response` (200; `status` 201 or 202 for a created record or a started
 * job): membership changes, actions, and writes whose path names other parameters (`params`).
 * `bodyRequired: false` documents a body that may be left out.
 */
export function writeRoute<
  M extends Method,
  P extends string,
  R extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  X extends Params = undefined,
  S extends SuccessStatus = 200,
  Required extends boolean = true,
>(method: M, path: P, spec: Omit<WriteSpec<z.ZodType, R>, 'body'> & { body?: B; params?: X; status?: S; bodyRequired?: Required }) {
  // A deleted record has no version left to tag (registerRecordEtags sets none on a DELETE).
  const success = { ...jsonResponse(spec.response, spec.responseDescription ?? spec.summary), ...(spec.conditional && method !== 'delete' && { headers: etagHeaders }) };
  return createRoute({
    method,
    path,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    tags: spec.tags,
    security: SECURITY,
    request: writeRequest(path, spec.body as B, { conditional: spec.conditional, params: spec.params, bodyRequired: spec.bodyRequired }),
    responses: {
      ...({ [spec.status ?? 200]: success } as Record<S, typeof success>),
      ...commonErrors,
      ...(spec.conditional && conditionalErrors),
      ...lockedWrite,
    },
  });
}

/** POST `path`: creates a record from `spec.body`, answers 201 with `spec.response`. */
export function createRecordRoute<P extends string, B extends z.ZodType, R extends z.ZodType, X extends Params = undefined>(
  path: P,
  spec: WriteSpec<B, R> & { params?: X },
) {
  return createRoute({
    method: 'post',
    path,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    tags: spec.tags,
    security: SECURITY,
    request: writeRequest(path, spec.body, { params: spec.params }),
    responses: { 201: jsonResponse(spec.response, spec.responseDescription ?? spec.summary), ...commonErrors, ...lockedWrite },
  });
}

/** PUT `path/{id}` (or PATCH with `method`): replaces the record's fields from `spec.body`, answers 200. */
export function updateRecordRoute<P extends string, B extends z.ZodType, R extends z.ZodType>(
  path: P,
  spec: WriteSpec<B, R> & { method?: 'put' | 'patch' },
) {
  return writeRoute(spec.method ?? 'put', `${path}/{id}` as `${P}/{id}`, { conditional: true, ...spec });
}

/** DELETE `path/{id}`: deletes the record, answers 204 with no body. */
export function deleteRecordRoute<P extends string>(path: P, spec: Pick<WriteSpec<z.ZodType, z.ZodType>, 'summary' | 'description' | 'tags'>) {
  return createRoute({
    method: 'delete',
    path: `${path}/{id}` as `${P}/{id}`,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    tags: spec.tags,
    security: SECURITY,
    request: { params: idParam, headers: conditionalHeaders },
    responses: { 204: { description: '削除しました' }, ...commonErrors, ...conditionalErrors, ...lockedWrite },
  });
}

/**
 * The GET route of a declared list (paging headers, 304, the common errors, the fairness guard's
 * 429), marked as one the lookups batch may run: a declared list is read by the list engine and
 * changes nothing.
 */
export function listRoute<L extends ListDeclaration, T extends z.ZodObject>(list: L, item: T, tags: string[]) {
  return createRoute({
    method: 'get',
    path: list.path,
    summary: list.summary,
    tags,
    security: SECURITY,
    ...LOOKUP_LIST,
    request: { query: listQuerySchema(list) },
    responses: {
      200: { ...jsonResponse(z.array(item.partial()), list.summary), headers: listHeaders },
      304: { description: '変更なし' },
      ...commonErrors,
      ...tooManyRequests,
    },
  });
}

/** GET `{path}/{id}`; `etag` for a versioned record (its answer carries the ETag that If-Match takes). */
export function detailRoute<T extends z.ZodType>(path: string, schema: T, summary: string, tags: string[], options: { etag?: boolean } = {}) {
  return createRoute({
    method: 'get',
    path: `${path}/{id}`,
    summary,
    tags,
    security: SECURITY,
    request: { params: idParam },
    responses: {
      200: { ...jsonResponse(schema, summary), ...(options.etag && { headers: etagHeaders }) },
      304: { description: '変更なし' },
      ...commonErrors,
    },
  });
}

/**
 * GET `path` answering `spec.response` (with `spec.headers` documented): `{id}` when the path has
 * it, or `params`; `query` when it takes one. `batchable`: a plain page the lookups batch may run,
 * counted as list work (documents the fairness guard's 429). `notModified`: it answers 304 to a
 * conditional GET. `badRequest`: it refuses a malformed parameter with 400 (S3's answer), shaped
 * as the 422.
 */
export function readRoute<P extends string, R extends z.ZodType, Q extends z.ZodObject | undefined = undefined, X extends Params = undefined>(
  path: P,
  spec: {
    query?: Q;
    params?: X;
    response: R;
    summary: string;
    description?: string;
    responseDescription?: string;
    headers?: z.ZodObject;
    tags: string[];
    batchable?: boolean;
    notModified?: boolean;
    badRequest?: boolean;
  },
) {
  const request = { ...pathRequest(path, spec.params as X), ...(spec.query && { query: spec.query }) } as PathRequest<P, X> & QueryRequest<Q>;
  return createRoute({
    method: 'get',
    path,
    summary: spec.summary,
    ...(spec.description && { description: spec.description }),
    tags: spec.tags,
    security: SECURITY,
    ...(spec.batchable && LOOKUP_LIST),
    request,
    responses: {
      200: { ...jsonResponse(spec.response, spec.responseDescription ?? spec.summary), ...(spec.headers && { headers: spec.headers }) },
      ...(spec.notModified && { 304: { description: '変更なし' } }),
      ...(spec.badRequest && { 400: commonErrors[422] }),
      ...commonErrors,
      ...(spec.batchable && tooManyRequests),
    },
  });
}
