import type { OpenAPIHono } from '@hono/zod-openapi';
import { platformPath } from './apiProfile';
import { RELEVANCE_SORT } from '../../src/contract';
import { ADDITIONS, REFERENCE_ONLY_OPERATIONS, REFERENCE_ONLY_PARAMETERS, type Capability } from '../../src/contract/additions';
import { operationPattern, section7Parameters } from '../../src/contract/section7';

/*
 * What the reference API's OpenAPI document has beyond spec section 7, marked in one place for the
 * platform's teams (issue 35): `x-beyond-spec` on an operation, a parameter or a response header
 * says the platform's services do not have it, with the name `/config.json` gives the addition in
 * `capabilities` (src/contract/additions.ts) or `true` for one the SPA does not depend on (it is
 * the reference API's own: the pharmacy side's calls, extra filters, the services' pings). A value
 * beyond the spec of a parameter the spec has is named in `x-beyond-spec-values`
 * (`sort=relevance`). Operations are keyed `METHOD path` as the document gives them, under the
 * service's mount (`/core/api/v2/...`). The marks are derived from section 7's list
 * (src/contract/section7.ts) and the additions': tests/server/openapiLint.test.ts checks that
 * everything else in the document is marked, and nothing of section 7 is.
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

const ADDITION_ENTRIES = Object.entries(ADDITIONS) as [Capability, (typeof ADDITIONS)[Capability]][];
const ADDED_OPERATIONS = ADDITION_ENTRIES.flatMap(([capability, addition]) => (addition.operations ?? []).map((operation) => ({ pattern: operationPattern(operation), capability })));
const REFERENCE_ONLY = REFERENCE_ONLY_OPERATIONS.map(operationPattern);
const ADDED_PARAMETERS = ADDITION_ENTRIES.flatMap(([capability, addition]) =>
  Object.entries(addition.parameters ?? {}).map(([operation, names]) => ({ pattern: operationPattern(operation), names, capability })),
);

const UNNAMED_PARAMETERS = Object.entries(REFERENCE_ONLY_PARAMETERS).map(([operation, names]) => ({ pattern: operationPattern(operation), names }));

/** The document's `METHOD path` (`GET /core/api/v2/admin/x`) as the SPA and section 7 write it (`GET /api/v2/core/admin/x`); undefined off the services. */
const platformOperation = (key: string): string | undefined => {
  const [method, path] = key.split(' ');
  const platform = platformPath(path);
  return platform === undefined ? undefined : `${method} ${platform}`;
};

/**
 * A whole operation section 7 does not have: an addition's call (its capability), else the
 * reference API's own (its tools', or one no addition names); undefined for section 7's and for
 * what is not a service's (identity, `/config.json`).
 */
function operationMark(key: string): BeyondSpec | undefined {
  const operation = platformOperation(key);
  if (operation === undefined) return undefined;
  const added = ADDED_OPERATIONS.find(({ pattern }) => pattern.test(operation));
  if (added) return added.capability;
  if (REFERENCE_ONLY.some((pattern) => pattern.test(operation))) return true;
  const [method, path] = operation.split(' ');
  return section7Parameters(method, path) === undefined ? true : undefined;
}

/** Parameters section 7 does not have, wherever they appear (headers). */
const ANY_OPERATION_PARAMETERS: Record<string, BeyondSpec> = {
  'if-unmodified-since': 'conditionalWrite',
  'if-match': 'etagWrite',
  // A browser's prefetch says so; the reference API then leaves a room unread (issue 36). The SPA sends neither.
  'sec-purpose': true,
  purpose: true,
};

/** Response headers section 7 does not have, by operation. */
const RESPONSE_HEADERS: Record<string, Record<string, BeyondSpec>> = {
  [`GET ${CORE}/admin/inquiry_rooms`]: { 'x-unread-total': 'unreadTotal' },
};

/** Response headers section 7 does not have, wherever they appear (a versioned record's answers). */
const ANY_OPERATION_RESPONSE_HEADERS: Record<string, BeyondSpec> = { etag: 'etagWrite' };

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

/**
 * A parameter beyond section 7: a header it does not have, `fields` where it gives none
 * (listFields), a query parameter an addition adds (its capability), or one named as the
 * reference API's own (REFERENCE_ONLY_PARAMETERS), `true`. An operation beyond section 7 is
 * marked whole: of its parameters only the headers and `fields` are.
 */
function parameterMark(key: string, name: string, location: string): BeyondSpec | undefined {
  if (location === 'header') return ANY_OPERATION_PARAMETERS[name];
  const operation = platformOperation(key);
  if (operation === undefined || location !== 'query') return undefined;
  const [method, path] = operation.split(' ');
  const given = section7Parameters(method, path);
  if (given?.includes(name)) return undefined;
  if (name === 'fields') return 'listFields';
  if (given === undefined) return undefined;
  const added = ADDED_PARAMETERS.find(({ pattern, names }) => names.includes(name) && pattern.test(operation));
  if (added) return added.capability;
  // Named as the reference API's own: marked without a capability. One
  // named nowhere stays unmarked, and the OpenAPI test asks for it to be named.
  return UNNAMED_PARAMETERS.some(({ pattern, names }) => names.includes(name) && pattern.test(operation)) ? true : undefined;
}

/** Marks the document's additions in place (see the top of this file). */
export function markBeyondSpec(doc: ApiDocument): void {
  for (const { key, operation } of operationsOf(doc)) {
    const mark = operationMark(key);
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
