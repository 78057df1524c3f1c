import type { OpenAPIHono } from '@hono/zod-openapi';
import { platformPath } from './apiProfile';
import { RELEVANCE_SORT } from '../../src/contract';
import { ADDITIONS, REFERENCE_ONLY_OPERATIONS, SPEC_FIELDS_LISTS, type Capability } from '../../src/contract/additions';

/*
 * What the reference API's OpenAPI document has beyond spec section 7, marked in one place for the
 * platform's teams (issue 35): `x-beyond-spec` on an operation, a parameter or a response header
 * says the platform's services do not have it, with the name `/config.json` gives the addition in
 * `capabilities` (src/contract/additions.ts) or `true` for one the SPA does not depend on (it is
 * the reference API's own: the pharmacy side's calls, extra filters, the services' pings). A value
 * beyond the spec of a parameter the spec has is named in `x-beyond-spec-values`
 * (`sort=relevance`). Operations are keyed `METHOD path` as the document gives them, under the
 * service's mount (`/core/api/v2/...`). tests/server/openapiLint.test.ts holds section 7's list
 * and checks that everything else in the document is marked here, and nothing of section 7 is.
 */

export type BeyondSpec = Capability | true;

export const BEYOND_SPEC = 'x-beyond-spec';
export const BEYOND_SPEC_VALUES = 'x-beyond-spec-values';

/**
 * The `sort` values beyond the spec of one list (listRoute): `relevance` where it searches (the
 * relevanceSort addition), and the keys additions give it (companyNameSort), each with its
 * capability; undefined when it has none. `base` and `path` as the list declares them.
 */
export function sortValuesBeyondSpec(base: string, path: string, searches: boolean): Record<string, Record<string, Capability>> | undefined {
  const spaPath = platformPath(`${base}${path}`);
  const values: Record<string, Capability> = searches ? { [RELEVANCE_SORT]: 'relevanceSort' } : {};
  for (const [capability, addition] of Object.entries(ADDITIONS) as [Capability, (typeof ADDITIONS)[Capability]][]) {
    for (const { list, key } of addition.sortKeys ?? []) if (list === spaPath) values[key] = capability;
  }
  return Object.keys(values).length > 0 ? { [BEYOND_SPEC_VALUES]: values } : undefined;
}

const CORE = '/core/api/v2';
const MEDORDER = '/medorder/api/v2';

/** `GET /api/v2/core/admin/x` (as the SPA and the additions list write it) as the document keys it: `GET /core/api/v2/admin/x`. */
const servedKey = (operation: string) => {
  const [method, path] = operation.split(' ');
  return `${method} ${path.startsWith('/api/v1') ? `/legacy${path}` : path.replace(/^\/api\/v2\/([^/]+)/, '/$1/api/v2')}`;
};

/**
 * Whole operations section 7 does not have: each addition's calls (src/contract/additions.ts, the
 * same list the spec profile answers 404 for), the reference API's own tools' calls, and the calls
 * the SPA still makes without a capability of their own (it has no way without them yet).
 */
const OPERATIONS: Record<string, BeyondSpec> = {
  ...Object.fromEntries(
    (Object.entries(ADDITIONS) as [Capability, (typeof ADDITIONS)[Capability]][]).flatMap(([capability, addition]) =>
      (addition.operations ?? []).map((operation) => [servedKey(operation), capability]),
    ),
  ),
  ...Object.fromEntries(REFERENCE_ONLY_OPERATIONS.map((operation) => [servedKey(operation), true])),
  // Section 7 reads manual categories only.
  [`POST ${CORE}/admin/manual_categories`]: true,
  [`PATCH ${CORE}/admin/manual_categories/{id}`]: true,
  [`DELETE ${CORE}/admin/manual_categories/{id}`]: true,
};

/** Parameters section 7 does not have, wherever they appear. */
const ANY_OPERATION_PARAMETERS: Record<string, BeyondSpec> = {
  'if-unmodified-since': 'conditionalWrite',
  'if-match': 'etagWrite',
  // A browser's prefetch says so; the reference API then leaves a room unread (issue 36). The SPA sends neither.
  'sec-purpose': true,
  purpose: true,
};

/** Parameters section 7 does not give an operation it has (`fields` is done by SPEC_FIELDS_LISTS). */
const OPERATION_PARAMETERS: Record<string, Record<string, BeyondSpec>> = {
  [`GET ${CORE}/admin/pharmacies`]: { company_id: true, without_company: true, group_id: true, without_group_id: true },
  [`GET ${CORE}/admin/users`]: { role: true, without_pharmacy_id: true },
  [`GET ${CORE}/admin/groups`]: { without_pharmacy_id: true },
  [`GET ${CORE}/master/dealers`]: { prefecture_id: true },
  [`GET ${CORE}/admin/pharmacies/{id}/users`]: { sort: true, query: true },
  [`GET ${CORE}/admin/pharmacies/{id}/s3_nsipses`]: { max_keys: true },
  [`GET ${CORE}/admin/pharmacies/{id}/licenses/presigned_url`]: { content_type: true },
  [`GET ${CORE}/admin/inquiry_messages/file_presigned_url`]: { content_type: true },
  [`GET ${CORE}/admin/manual_files/presigned_url`]: { content_type: true },
  [`GET ${CORE}/admin/licenses/expires`]: { sort: true, query: true },
  [`GET ${CORE}/admin/manuals`]: { sort: true },
  [`GET ${CORE}/master/ethical_medicines`]: { sort: true },
  [`GET ${MEDORDER}/master/stockable_items`]: { sort: true },
  [`GET ${MEDORDER}/admin/stockable_item_fixtures`]: { sort: true, query: true, receipt_code: true },
  [`GET ${MEDORDER}/admin/orderable_item_fixtures`]: { sort: true, query: true, stockable_item_fixture_id: true },
  [`GET ${MEDORDER}/admin/stockable_item_import_requests`]: { sort: true, query: true },
  [`GET ${MEDORDER}/admin/unknown_sdcvan_delivery_d_records`]: { sort: true, query: true, ignored: true },
  [`GET ${MEDORDER}/admin/iryohokens`]: { sort: true },
  [`GET ${MEDORDER}/admin/medis_bases`]: { sort: true },
  [`GET ${MEDORDER}/admin/medis_gs1s`]: { sort: true },
  [`GET ${MEDORDER}/admin/medis_options`]: { sort: true },
};

/** Response headers section 7 does not have, by operation. */
const RESPONSE_HEADERS: Record<string, Record<string, BeyondSpec>> = {
  [`GET ${CORE}/admin/inquiry_rooms`]: { 'x-unread-total': 'unreadTotal' },
};

/** Response headers section 7 does not have, wherever they appear (a versioned record's answers). */
const ANY_OPERATION_RESPONSE_HEADERS: Record<string, BeyondSpec> = { etag: 'etagWrite' };

/** The lists whose `fields` is in the spec, as the document names them (`/api/v2/core/x` is `/core/api/v2/x`). */
const FIELDS_LISTS = new Set(SPEC_FIELDS_LISTS.map((path) => `GET ${path.replace(/^\/api\/v2\/([^/]+)\//, '/$1/api/v2/')}`));

/** The OpenAPI document as @hono/zod-openapi generates it. */
export type ApiDocument = ReturnType<OpenAPIHono['getOpenAPIDocument']>;
type PathItem = ApiDocument['paths'][string];
type Operation = NonNullable<PathItem['get']>;
type Extensible = Record<`x-${string}`, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** Every operation of the document with its `METHOD path` key. */
export function operationsOf(doc: ApiDocument): { key: string; method: string; path: string; operation: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]: [string, PathItem]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      return operation ? [{ key: `${method.toUpperCase()} ${path}`, method, path, operation }] : [];
    }),
  );
}

function parameterMark(key: string, name: string, location: string): BeyondSpec | undefined {
  if (name === 'fields' && location === 'query') return FIELDS_LISTS.has(key) ? undefined : 'listFields';
  return ANY_OPERATION_PARAMETERS[name] ?? OPERATION_PARAMETERS[key]?.[name];
}

/** Marks the document's additions in place (see the top of this file). */
export function markBeyondSpec(doc: ApiDocument): void {
  for (const { key, operation } of operationsOf(doc)) {
    const mark = OPERATIONS[key];
    if (mark !== undefined) (operation as Extensible)[BEYOND_SPEC] = mark;
    for (const parameter of operation.parameters ?? []) {
      if (!('name' in parameter)) continue;
      const parameterMarked = parameterMark(key, parameter.name, parameter.in);
      if (parameterMarked !== undefined) (parameter as Extensible)[BEYOND_SPEC] = parameterMarked;
    }
    for (const [status, response] of Object.entries(operation.responses)) {
      const headers = 'headers' in response ? response.headers : undefined;
      for (const [name, header] of Object.entries(headers ?? {})) {
        const headerMark = status.startsWith('2') ? (RESPONSE_HEADERS[key]?.[name] ?? ANY_OPERATION_RESPONSE_HEADERS[name]) : undefined;
        if (headerMark !== undefined) (header as Extensible)[BEYOND_SPEC] = headerMark;
      }
    }
  }
}
