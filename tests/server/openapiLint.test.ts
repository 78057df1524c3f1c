import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SPEC, BEYOND_SPEC_VALUES, operationsOf, type ApiDocument } from '../../server/shared/beyondSpec';
import { ADDITIONS, CAPABILITIES } from '../../src/contract/additions';
import { startApp, type TestApp } from './helpers';

/*
 * The OpenAPI document as the platform's teams get it (issue 35): valid OpenAPI 3.0.3 with no
 * error under Redocly's recommended rules (linted here, offline), every operation named, the
 * public ones public, both environments' servers, and everything beyond spec section 7 marked
 * (server/shared/beyondSpec.ts) against section 7's list below.
 */

/**
 * Spec section 7's calls as the reference API's document names them: each service's own path
 * under its mount (`/api/v2/core/admin/x` is `/core/api/v2/admin/x`, `/api/v1/x` is
 * `/legacy/api/v1/x`), `{id}` for the spec's `{roomId}`, one `{kind}` for the masters'
 * downloads and imports, and query parameters by their wire names (v2 speaks snake_case:
 * `includeInactive` is `include_inactive`). Path parameters come with the path.
 */
const CORE = '/core/api/v2';
const MEDORDER = '/medorder/api/v2';
const LEGACY = '/legacy/api/v1';
const SECTION_7: Record<string, readonly string[]> = {
  [`GET ${CORE}/common/users/me`]: [],
  [`POST ${CORE}/common/users/change_password`]: [],
  [`POST ${CORE}/common/users/restore`]: [],
  [`GET ${CORE}/admin/pharmacies`]: ['query', 'sort', 'fields', 'add_ended'],
  [`POST ${CORE}/admin/pharmacies`]: [],
  [`GET ${CORE}/admin/pharmacies/{id}`]: [],
  [`PUT ${CORE}/admin/pharmacies/{id}`]: [],
  [`GET ${CORE}/master/postal_codes/search`]: ['postal_code'],
  [`GET ${CORE}/admin/pharmacies/{id}/s3_nsipses`]: ['query', 'next_continuation_token'],
  [`GET ${CORE}/admin/pharmacies/{pharmacyId}/s3_nsipses/{filename}`]: [],
  [`GET ${CORE}/admin/pharmacies/{id}/licenses`]: [],
  [`GET ${CORE}/admin/pharmacies/{id}/licenses/presigned_url`]: [],
  [`POST ${CORE}/admin/pharmacies/{id}/licenses`]: [],
  [`DELETE ${CORE}/admin/pharmacies/{id}/licenses/{licenseId}`]: [],
  [`GET ${CORE}/admin/licenses/expires`]: [],
  [`GET ${CORE}/admin/pharmacies/{id}/users`]: [],
  [`POST ${CORE}/admin/pharmacies/{id}/users`]: [],
  [`DELETE ${CORE}/admin/pharmacies/{id}/users`]: [],
  [`GET ${CORE}/admin/users`]: ['query', 'sort', 'fields'],
  [`POST ${CORE}/admin/users`]: [],
  [`GET ${CORE}/admin/users/{id}`]: [],
  [`GET ${CORE}/admin/companies`]: ['query', 'sort', 'fields'],
  [`POST ${CORE}/admin/companies`]: [],
  [`GET ${CORE}/admin/companies/{id}`]: [],
  [`PUT ${CORE}/admin/companies/{id}`]: [],
  [`PATCH ${CORE}/admin/companies/{id}/pharmacies`]: [],
  [`DELETE ${CORE}/admin/companies/{id}/pharmacies`]: [],
  [`GET ${CORE}/admin/groups`]: ['query', 'fields', 'sort'],
  [`POST ${CORE}/admin/groups`]: [],
  [`GET ${CORE}/admin/groups/{id}`]: [],
  [`PUT ${CORE}/admin/groups/{id}`]: [],
  [`POST ${CORE}/admin/groups/{id}/pharmacy`]: [],
  [`DELETE ${CORE}/admin/groups/{id}/pharmacy`]: [],
  [`GET ${CORE}/master/dealers`]: ['query', 'sort'],
  [`GET ${CORE}/master/dealers/{id}`]: [],
  [`GET ${CORE}/admin/bigqueries/{serviceName}`]: ['column'],
  [`POST ${CORE}/admin/embulks/execute_copy`]: [],
  [`GET ${CORE}/admin/embulks`]: ['job_status'],
  [`GET ${CORE}/master/ethical_medicines`]: ['include_inactive', 'query'],
  [`GET ${CORE}/master/ethical_medicines/{id}`]: [],
  [`POST ${CORE}/master/ethical_medicines/downloads/{kind}`]: [],
  [`POST ${CORE}/master/ethical_medicines/imports/{kind}`]: [],
  [`GET ${CORE}/admin/inquiry_rooms`]: ['room_id', 'pharmacy_id', 'status'],
  [`GET ${CORE}/admin/inquiry_rooms/{id}/messages`]: [],
  [`GET ${CORE}/admin/inquiry_messages/file_presigned_url`]: [],
  [`POST ${CORE}/admin/inquiry_rooms/{id}/messages`]: [],
  [`PATCH ${CORE}/admin/inquiry_messages/{id}`]: [],
  [`DELETE ${CORE}/admin/inquiry_messages/{id}`]: [],
  [`PATCH ${CORE}/admin/inquiry_rooms/{id}`]: [],
  [`GET ${CORE}/admin/manual_categories`]: [],
  [`GET ${CORE}/admin/manual_categories/{id}`]: [],
  [`GET ${CORE}/admin/manuals`]: ['manual_category', 'manual_category_id', 'query'],
  [`POST ${CORE}/admin/manuals`]: [],
  [`GET ${CORE}/admin/manuals/{id}`]: [],
  [`PATCH ${CORE}/admin/manuals/{id}`]: [],
  [`DELETE ${CORE}/admin/manuals/{id}`]: [],
  [`GET ${CORE}/admin/manual_files/presigned_url`]: [],
  [`GET ${CORE}/pharmacy/pharmacies/{id}`]: [],

  [`GET ${MEDORDER}/admin/pharmacies/{id}/batch_config`]: [],
  [`PUT ${MEDORDER}/admin/pharmacies/{id}/batch_config`]: [],
  // The masters and their rows "with filters and page": the filters are not named, so the reference API's are taken as them.
  [`GET ${MEDORDER}/admin/iryohokens`]: [],
  [`GET ${MEDORDER}/admin/medis_bases`]: [],
  [`GET ${MEDORDER}/admin/medis_gs1s`]: [],
  [`GET ${MEDORDER}/admin/medis_options`]: [],
  [`GET ${MEDORDER}/admin/iryohoken_rows`]: ['hot_code', 'receipt_code', 'yj_code', 'iryohoken_id'],
  [`GET ${MEDORDER}/admin/medis_base_rows`]: ['hot_code', 'receipt_code', 'yj_code', 'medis_base_id'],
  [`GET ${MEDORDER}/admin/medis_gs1_rows`]: ['hot_code', 'receipt_code', 'yj_code', 'medis_gs1_id'],
  [`GET ${MEDORDER}/admin/medis_option_rows`]: ['medis_option_id'],
  [`GET ${MEDORDER}/admin/medhot_rows`]: ['hot_code', 'receipt_code', 'yj_code'],
  [`GET ${MEDORDER}/admin/stockable_item_import_requests`]: ['state'],
  [`PATCH ${MEDORDER}/admin/stockable_item_import_requests/{id}`]: [],
  [`GET ${MEDORDER}/master/stockable_items`]: ['yj_codes', 'gs1_codes', 'jan_codes', 'query', 'pharmacy_id', 'exists_stock'],
  [`GET ${MEDORDER}/admin/stockable_items/import`]: ['hot_code', 'receipt_code', 'stockable_item_fixture_id'],
  [`POST ${MEDORDER}/admin/stockable_items/import`]: [],
  [`GET ${MEDORDER}/admin/orderable_items/import`]: ['orderable_item_fixture_id'],
  [`POST ${MEDORDER}/admin/orderable_items/import`]: [],
  [`GET ${MEDORDER}/admin/stockable_item_fixtures`]: ['yj_code'],
  [`POST ${MEDORDER}/admin/stockable_item_fixtures`]: [],
  [`PATCH ${MEDORDER}/admin/stockable_item_fixtures/{id}`]: [],
  [`GET ${MEDORDER}/admin/orderable_item_fixtures`]: ['gs1_code', 'jan_code', 'hot_code'],
  [`POST ${MEDORDER}/admin/orderable_item_fixtures`]: [],
  [`PATCH ${MEDORDER}/admin/orderable_item_fixtures/{id}`]: [],
  [`GET ${MEDORDER}/admin/unknown_sdcvan_delivery_d_records`]: [],
  [`PATCH ${MEDORDER}/admin/unknown_sdcvan_delivery_d_records/{id}`]: [],
  [`GET ${MEDORDER}/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}/logs`]: [],
  [`GET ${MEDORDER}/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}`]: [],
  [`POST ${MEDORDER}/pharmacy/pharmacies/{pharmacyId}/stocks/{itemId}/logs`]: [],
  [`GET ${MEDORDER}/master/stockable_items/{id}`]: [],

  [`GET ${LEGACY}/medorder/fifo-racks`]: ['pharmacyId', 'yjCode', 'pageToken'],
  [`GET ${LEGACY}/medorder/stocks`]: ['pharmacyId', 'yjCodes', 'pageToken'],
  [`POST ${LEGACY}/medorder/stocks/{yjCode}/fix`]: [],

  // "Other": the PC app's update files (their `?t=` timestamp is ignored, so not documented).
  'GET /pc-app/latest.yml': [],
  'GET /pc-app/latest-mac.yml': [],
};

/**
 * What the platform has beside section 7's calls, which the reference API stands in for: the
 * identity provider (Auth0) that section 7's bearer tokens come from, the runtime config each
 * deployment serves the SPA and the job queues' dashboards its home page links. Not additions.
 */
const BESIDE_SECTION_7 = [
  'POST /oauth/token',
  'POST /oauth/revoke',
  'GET /.well-known/jwks.json',
  'GET /userinfo',
  'GET /authorize',
  'POST /authorize',
  'GET /v2/logout',
  'GET /config.json',
  'GET /jobs/{service}',
];

/** Section 7's every list: paged (`page`) and fetched by ids in batches (`ids`). */
const EVERY_LIST = ['page', 'ids'];

/** The operations anyone may call, without the bearer token. */
const PUBLIC = [
  'POST /oauth/token',
  'POST /oauth/revoke',
  'GET /.well-known/jwks.json',
  'GET /authorize',
  'POST /authorize',
  'GET /v2/logout',
  'GET /config.json',
  'GET /pc-app/latest.yml',
  'GET /pc-app/latest-mac.yml',
  'GET /jobs/{service}',
];

type Marked = { [BEYOND_SPEC]?: unknown; [BEYOND_SPEC_VALUES]?: Record<string, unknown> };
type Parameter = Marked & { name: string; in: string };

let app: TestApp;
let doc: ApiDocument;
let problems: NormalizedProblem[];
beforeAll(async () => {
  app = startApp();
  const source = await (await app.call('/api/openapi.json')).text();
  doc = JSON.parse(source) as ApiDocument;
  problems = await lintFromString({ source, absoluteRef: '/api/openapi.json', config: await createConfig({ extends: ['recommended'] }) });
});
afterAll(() => app.dispose());

const parametersOf = (operation: { parameters?: unknown[] }) => (operation.parameters ?? []) as Parameter[];
const isPagedList = (operation: ReturnType<typeof operationsOf>[number]['operation']) => {
  const ok = operation.responses['200'] as { headers?: Record<string, unknown> } | undefined;
  return ok?.headers?.['x-current-page'] !== undefined;
};

/** Every `nullable` in the document that has no `type` beside it, by JSON pointer. */
function untypedNullables(node: unknown, pointer = '#'): string[] {
  if (typeof node !== 'object' || node === null) return [];
  const own = 'nullable' in node && !('type' in node) && typeof node.nullable === 'boolean' ? [pointer] : [];
  return [...own, ...Object.entries(node).flatMap(([key, value]) => untypedNullables(value, `${pointer}/${key}`))];
}

/** The document's name for a path of the SPA's (`/api/v2/core/x` is `/core/api/v2/x`). */
const documentPath = (path: string) => path.replace(/^\/api\/v2\/([^/]+)\//, '/$1/api/v2/');

describe('the OpenAPI document for the platform', () => {
  it("has no error under Redocly's recommended rules", () => {
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message} (${p.location[0]?.pointer})`);
    expect(errors).toEqual([]);
  });

  it('names every operation, each once', () => {
    const ids = operationsOf(doc).map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('says which operations are public, and every other one takes the bearer token', async () => {
    for (const { key, operation } of operationsOf(doc)) {
      expect(operation.security, key).toEqual(PUBLIC.includes(key) ? [] : [{ bearerAuth: [] }]);
    }
    // And they are: each public GET answers without a token.
    for (const key of PUBLIC.filter((k) => k.startsWith('GET '))) {
      const res = await app.call(key.slice(4).replace('{service}', 'core'));
      expect(res.status, key).not.toBe(401);
    }
  });

  it('lists the production and demo roots as servers, and sends the root-only operations to the root', () => {
    expect(doc.servers?.map((s) => s.url)).toEqual(['/', '/demo']);
    for (const server of doc.servers ?? []) expect(server.description).toMatch(/本番環境|デモ環境/);
    for (const key of BESIDE_SECTION_7.filter((k) => !k.includes('/jobs/'))) {
      const [method, path] = key.split(' ');
      const operation = doc.paths[path][method.toLowerCase() as 'get'];
      expect(operation?.servers?.map((s) => s.url), key).toEqual(['/']);
    }
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/demo/'))).toEqual([]);
  });

  it('has no `nullable` without a `type`', () => {
    expect(untypedNullables(doc)).toEqual([]);
  });

  it('marks every operation and parameter beyond section 7, and nothing of section 7', () => {
    const wrong: string[] = [];
    for (const { key, operation } of operationsOf(doc)) {
      if (BESIDE_SECTION_7.includes(key)) continue;
      const spec = SECTION_7[key];
      const mark = (operation as Marked)[BEYOND_SPEC];
      if (spec === undefined) {
        if (mark === undefined) wrong.push(`${key}: not in section 7, not marked`);
        continue;
      }
      if (mark !== undefined) wrong.push(`${key}: in section 7, marked ${String(mark)}`);
      const given = [...spec, ...(isPagedList(operation) ? EVERY_LIST : [])];
      for (const parameter of parametersOf(operation).filter((p) => p.in !== 'path')) {
        const inSpec = given.includes(parameter.name);
        if (inSpec === (parameter[BEYOND_SPEC] !== undefined)) wrong.push(`${key} ${parameter.in} ${parameter.name}: ${inSpec ? 'in section 7, marked' : 'not in section 7, not marked'}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('marks each addition that is an operation with its capability', () => {
    const named = Object.entries(ADDITIONS).flatMap(([capability, { what }]) => {
      const call = /^(?:(GET|POST|PUT|PATCH|DELETE) )?(\/api\/v2\/[^\s:(]+)/.exec(what);
      return call ? [{ capability, method: call[1], path: documentPath(call[2]) }] : [];
    });
    expect(named.map((n) => n.capability).sort()).toEqual(['lookups', 'masterFileDelete', 'masterJobs', 'savedReplies', 'versions']);
    for (const { capability, method, path } of named) {
      // Without a method the addition is every operation on the path and below it (saved replies).
      const operations = operationsOf(doc).filter((o) => (method ? o.key === `${method} ${path}` : o.path === path || o.path.startsWith(`${path}/`)));
      expect(operations.length, capability).toBeGreaterThan(0);
      for (const { key, operation } of operations) expect((operation as Marked)[BEYOND_SPEC], key).toBe(capability);
    }
  });

  it('names every capability somewhere in the document, but the phone search', () => {
    const names = new Set<unknown>();
    const collect = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const marked = node as Marked;
      names.add(marked[BEYOND_SPEC]);
      for (const value of Object.values(marked[BEYOND_SPEC_VALUES] ?? {})) names.add(value);
      Object.values(node).forEach(collect);
    };
    collect(doc.paths);
    // phoneSearch and codeSearch are what the spec's own `query` matches on pharmacies: no part of the document is their own.
    expect(CAPABILITIES.filter((capability) => !names.has(capability))).toEqual(['phoneSearch', 'codeSearch']);
    expect(parametersOf(doc.paths['/core/api/v2/admin/pharmacies'].get!).find((p) => p.name === 'sort')?.[BEYOND_SPEC_VALUES]).toEqual({ relevance: 'relevanceSort', company_name: 'companyNameSort' });
  });
});
