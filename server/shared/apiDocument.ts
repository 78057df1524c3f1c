import type { OpenAPIHono } from '@hono/zod-openapi';
import { markBeyondSpec, operationsOf, type ApiDocument } from './beyondSpec';
import { SECURITY, SERVERS } from './openapi';

/*
 * The reference API's OpenAPI document as the platform's teams read it (issue 35): generated from
 * the routes, then finished here in one pass rather than in each route file: every operation
 * named, no `nullable` without a `type`, the additions beyond spec section 7 marked
 * (beyondSpec.ts). It lints clean with Redocly's recommended rules (tests/server/openapiLint.test.ts).
 */

type DocumentConfig = Parameters<OpenAPIHono['getOpenAPIDocument']>[0];

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, readable operationId from the method and path, for operations the route does not
 * name: `GET /core/api/v2/admin/inquiry_rooms/{id}/messages` → `getCoreAdminInquiryRoomsByIdMessages`.
 * The service's mount stays (core and medorder both have `/api/v2/admin/...`); its `/api/v2` does
 * not, as every path of a service has it.
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .replace(/\/api\/v\d+(?=\/)/, '')
    .split('/')
    .flatMap((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      return parameter ? ['by', parameter[1]] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== '');
  return method.toLowerCase() + words.map(capitalized).join('');
}

/**
 * zod's `unknown()` (a JSON value, a record of anything) is generated as `{ nullable: true }`:
 * any value, null included, which a schema without a type already allows; OpenAPI 3.0 gives
 * `nullable` a meaning only beside a `type`. A `nullable` beside a `$ref` or a composition is left
 * for the test to report: there the schema itself needs a type.
 */
function dropUntypedNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) dropUntypedNullable(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  const constrained = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum'].some((key) => key in schema);
  if (schema.nullable === true && !constrained) delete schema.nullable;
  for (const value of Object.values(schema)) dropUntypedNullable(value);
}

/** The finished document (see the top of this file). */
export function apiDocument(app: OpenAPIHono, config: Omit<DocumentConfig, 'openapi' | 'servers' | 'security'>): ApiDocument {
  const doc = app.getOpenAPIDocument({ ...config, openapi: '3.0.3', servers: SERVERS, security: SECURITY });
  for (const { method, path, operation } of operationsOf(doc)) operation.operationId ??= operationIdOf(method, path);
  dropUntypedNullable(doc);
  markBeyondSpec(doc);
  return doc;
}

/** Serves the finished document at `path`, generated per request so routes registered later are in it. */
export function serveApiDocument(app: OpenAPIHono, path: string, config: Parameters<typeof apiDocument>[1]): void {
  app.get(path, (c) => c.json(apiDocument(app, config)));
}
