import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';

type Schema = { $ref?: string; title?: string; properties?: Record<string, Schema>; items?: Schema; example?: unknown };
type Parameter = { name: string; in: string; schema: Schema; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown[];
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

let app: TestApp;
let doc: Doc;
beforeAll(async () => {
  app = startApp();
  doc = (await (await app.call('/api/openapi.json')).json()) as Doc;
});
afterAll(() => app.dispose());

const resolve = (schema: Schema): Schema => {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  const target = doc.components.schemas[name];
  if (!target) throw new Error(`unresolved ${schema.$ref}`);
  return target;
};

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

/** Every schema reachable from the document's operations, each $ref resolved. */
function walk(schema: Schema, seen = new Set<Schema>()): Schema[] {
  const s = resolve(schema);
  if (seen.has(s)) return [];
  seen.add(s);
  return [s, ...Object.values(s.properties ?? {}).flatMap((p) => walk(p, seen)), ...(s.items ? walk(s.items, seen) : [])];
}

describe('the OpenAPI document', () => {
  it('is consistent: path parameters declared, references resolved, writes documented', () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    for (const { path, method, op } of operations()) {
      const where = `${method.toUpperCase()} ${path}`;
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
      expect(declared, where).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort());
      for (const response of Object.values(op.responses)) for (const media of Object.values(response.content ?? {})) walk(media.schema);
      if (['post', 'put', 'patch'].includes(method)) expect(op.requestBody, where).toBeDefined();
      if (path.includes('/api/v2/')) {
        expect(op.security, where).toEqual([{ bearerAuth: [] }]);
        expect(Object.keys(op.responses), where).toEqual(expect.arrayContaining(['401', '403', '404', '422']));
      }
    }
  });

  it('gives every request field of the reference API its Japanese label as the title', () => {
    const unlabelled: string[] = [];
    for (const { path, method, op } of operations()) {
      if (!path.includes('/api/v2/')) continue;
      for (const p of op.parameters ?? []) if (!p.schema.title) unlabelled.push(`${method} ${path} ${p.in} ${p.name}`);
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        for (const [name, field] of Object.entries(resolve(media.schema).properties ?? {})) {
          if (!resolve(field).title) unlabelled.push(`${method} ${path} body ${name}`);
        }
      }
    }
    expect(unlabelled).toEqual([]);
  });

  it('shows the write routes built by the shared helpers with their bodies and answers', () => {
    const companies = doc.paths['/core/api/v2/admin/companies'];
    expect(Object.keys(companies.post.responses)).toContain('201');
    expect(companies.post.requestBody!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/CompanyInput' });
    expect(resolve(doc.components.schemas.CompanyInput).properties!.name).toMatchObject({ title: '会社名', example: '株式会社さくらメディカル' });
    const group = doc.paths['/core/api/v2/admin/groups/{id}'];
    expect(group.put.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/GroupDetail' });
    expect(Object.keys(doc.paths['/core/api/v2/admin/groups/{id}/pharmacy']).sort()).toEqual(['delete', 'post']);
    expect(doc.paths['/core/api/v2/common/users/change_password'].post.parameters ?? []).toEqual([]);
  });
});
