import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEYOND_SPEC, BEYOND_SPEC_VALUES, operationsOf, type ApiDocument } from '../../server/shared/beyondSpec';
import { ADDITIONS, CAPABILITIES } from '../../src/contract/additions';
import { section7Parameters } from '../../src/contract/section7';
import { platformPath } from '../../server/shared/apiProfile';
import { startApp, type TestApp } from './helpers';

/*
 * The OpenAPI document as the platform's teams get it (issue 35): valid OpenAPI 3.0.3 with no
 * error under Redocly's recommended rules (linted here, offline), every operation named, the
 * public ones public, both environments' servers, and everything beyond spec section 7 marked
 * (server/shared/beyondSpec.ts) against section 7's list below.
 */

/**
 * Spec section 7's parameters of a call of the document (`GET /core/api/v2/admin/x`), from the
 * contract's one list (src/contract/section7.ts, written as the SPA addresses the calls), or
 * undefined when section 7 has no such call. "Other": the PC app's update files (their `?t=`
 * timestamp is ignored, so not documented).
 */
const OTHER = ['GET /pc-app/latest.yml', 'GET /pc-app/latest-mac.yml'];
const section7Of = (key: string): readonly string[] | undefined => {
  if (OTHER.includes(key)) return [];
  const [method, path] = key.split(' ');
  const platform = platformPath(path);
  return platform === undefined ? undefined : section7Parameters(method, platform);
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
      const spec = section7Of(key);
      const mark = (operation as Marked)[BEYOND_SPEC];
      if (spec === undefined) {
        if (mark === undefined) wrong.push(`${key}: not in section 7, not marked`);
        continue;
      }
      if (mark !== undefined) wrong.push(`${key}: in section 7, marked ${String(mark)}`);
      // Section 7's every paged list is fetched by ids in batches too: the contract's list says so.
      if (isPagedList(operation) && !['page', 'ids'].every((name) => spec.includes(name))) wrong.push(`${key}: a paged list without page and ids in section 7's list`);
      for (const parameter of parametersOf(operation).filter((p) => p.in !== 'path')) {
        const inSpec = spec.includes(parameter.name);
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
    expect(named.map((n) => n.capability).sort()).toEqual(['announcements', 'companyDelete', 'lookups', 'manualCategoryWrites', 'masterFileDelete', 'masterJobs', 'savedReplies', 'versions']);
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
    // phoneSearch is what the spec's own `query` matches on pharmacies: no part of the document is its own.
    expect(CAPABILITIES.filter((capability) => !names.has(capability))).toEqual(['phoneSearch']);
    expect(parametersOf(doc.paths['/core/api/v2/admin/pharmacies'].get!).find((p) => p.name === 'sort')?.[BEYOND_SPEC_VALUES]).toEqual({ relevance: 'relevanceSort', company_name: 'companyNameSort' });
  });
});
