import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../server/shared/openapi';
import { listHeaders } from '../../server/shared/openapi';
import { createRecordRoute, deleteRecordRoute, readRoute, updateRecordRoute, writeRoute } from '../../server/shared/routes';
import { labelled } from '../../server/shared/validation';

// A throwaway resource: the helpers alone (no auth middleware, which services add in front).
const Input = z.object({ title: labelled('題名', z.string().trim().min(1).max(10)) }).openapi('HelperInput');
const Output = z.object({ id: z.number(), title: z.string() }).openapi('HelperOutput');
const tags = ['test'];

function helperApp() {
  const app = createApi();
  const rows = new Map<number, string>([[1, '最初']]);
  app.openapi(createRecordRoute('/things', { body: Input, response: Output, summary: '登録', tags }), (c) => {
    const id = rows.size + 1;
    rows.set(id, c.req.valid('json').title);
    return c.json({ id, title: rows.get(id)! }, 201);
  });
  app.openapi(updateRecordRoute('/things', { body: Input, response: Output, summary: '更新', tags }), (c) => {
    const id = Number(c.req.valid('param').id);
    rows.set(id, c.req.valid('json').title);
    return c.json({ id, title: rows.get(id)! }, 200);
  });
  app.openapi(deleteRecordRoute('/things', { summary: '削除', tags }), (c) => {
    rows.delete(Number(c.req.valid('param').id));
    return c.body(null, 204);
  });
  app.openapi(writeRoute('post', '/things/{id}/archive', { body: z.object({}), response: Output, summary: '保管', tags }), (c) =>
    c.json({ id: Number(c.req.valid('param').id), title: '保管済み' }, 200),
  );
  const send = (method: string, path: string, json?: unknown) =>
    app.request(path, { method, headers: { 'content-type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) });
  return { app, rows, send };
}

describe('write route helpers', () => {
  it('create answers 201, update 200 by {id}, delete 204, an action 200', async () => {
    const { rows, send } = helperApp();
    const created = await send('POST', '/things', { title: '二番目' });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 2, title: '二番目' });
    expect((await send('PUT', '/things/2', { title: '改名' })).status).toBe(200);
    expect(rows.get(2)).toBe('改名');
    expect((await send('DELETE', '/things/2')).status).toBe(204);
    expect(rows.has(2)).toBe(false);
    expect(await (await send('POST', '/things/1/archive', {})).json()).toEqual({ id: 1, title: '保管済み' });
  });

  it('validates the body with its labels and the id as a number, with 422 in Japanese', async () => {
    const { rows, send } = helperApp();
    const blank = await send('POST', '/things', { title: ' ' });
    expect(blank.status).toBe(422);
    expect(await blank.json()).toEqual({ errors: ['題名を入力してください。'], field_errors: { title: ['題名を入力してください。'] } });
    const badId = await send('DELETE', '/things/abc');
    expect(badId.status).toBe(422);
    expect(await badId.json()).toEqual({ errors: ['IDの形式が正しくありません。'], field_errors: { id: ['IDの形式が正しくありません。'] } });
    expect(rows.size).toBe(1);
  });

  it('documents each route with its method, status and {id} parameter', () => {
    const { app } = helperApp();
    const doc = app.getOpenAPIDocument({ openapi: '3.0.3', info: { title: 't', version: '1' } });
    // Every write documents the 503 of a write whose turn at the lock never came (writeTurns.ts).
    expect(Object.keys(doc.paths!['/things']!.post!.responses)).toEqual(['201', '401', '403', '404', '422', '503']);
    expect(Object.keys(doc.paths!['/things/{id}']!).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(doc.paths!['/things/{id}']!.delete!.responses)).toEqual(expect.arrayContaining(['204', '503']));
    expect(Object.keys(doc.paths!['/things/{id}']!.put!.responses)).toContain('503');
    // Record writes document the optional If-Unmodified-Since and its 412 (issue 21); a create does not.
    for (const op of [doc.paths!['/things/{id}']!.put!, doc.paths!['/things/{id}']!.delete!]) {
      expect(op.responses).toHaveProperty('412');
      expect(op.parameters).toContainEqual(expect.objectContaining({ name: 'if-unmodified-since', in: 'header', required: false }));
    }
    expect(doc.paths!['/things']!.post!.parameters ?? []).toEqual([]);
    expect(doc.paths!['/things/{id}/archive']!.post!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
  });
});

describe('read routes, bodiless writes and creates under {id}', () => {
  function app() {
    const api = createApi();
    const Page = z.object({ page: labelled('ページ', z.string().regex(/^\d+$/).optional()) });
    api.openapi(readRoute('/rooms/{id}/notes', { query: Page, response: z.array(Output), headers: listHeaders, summary: '一覧', tags }), (c) =>
      c.json([{ id: Number(c.req.valid('param').id), title: c.req.valid('query').page ?? '1' }], 200),
    );
    api.openapi(createRecordRoute('/rooms/{id}/notes', { body: Input, response: Output, summary: '登録', tags }), (c) =>
      c.json({ id: Number(c.req.valid('param').id), title: c.req.valid('json').title }, 201),
    );
    api.openapi(writeRoute('delete', '/notes/{id}', { response: Output, summary: '削除', conditional: true, tags }), (c) =>
      c.json({ id: Number(c.req.valid('param').id), title: '削除済み' }, 200),
    );
    return api;
  }

  it('answers through the validated id, query and body', async () => {
    const api = app();
    expect(await (await api.request('/rooms/3/notes?page=2')).json()).toEqual([{ id: 3, title: '2' }]);
    expect((await api.request('/rooms/3/notes?page=x')).status).toBe(422);
    const created = await api.request('/rooms/3/notes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'メモ' }) });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ id: 3, title: 'メモ' });
    expect(await (await api.request('/notes/4', { method: 'DELETE' })).json()).toEqual({ id: 4, title: '削除済み' });
  });

  it('documents the path and query parameters, the answer headers, and no body for a bodiless write', () => {
    const doc = app().getOpenAPIDocument({ openapi: '3.0.3', info: { title: 't', version: '1' } });
    const read = doc.paths!['/rooms/{id}/notes']!.get!;
    expect(read.parameters!.map((p) => ('name' in p ? `${p.in} ${p.name}` : ''))).toEqual(['path id', 'query page']);
    expect(Object.keys(read.responses)).toEqual(['200', '401', '403', '404', '422']);
    expect(Object.keys((read.responses['200'] as { headers: object }).headers)).toContain('x-total-count');
    expect(doc.paths!['/rooms/{id}/notes']!.post!.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path' })]);
    const remove = doc.paths!['/notes/{id}']!.delete!;
    expect(remove.requestBody).toBeUndefined();
    expect(remove.responses).toHaveProperty('412');
    // A conditional delete's answer has no ETag: the record it would tag is gone.
    expect(remove.responses['200']).not.toHaveProperty('headers');
  });
});

describe('routes whose path names other parameters, jobs and plain pages (the one route style, issue 37)', () => {
  const Kind = z.object({ kind: labelled('種類', z.enum(['hot_code', 'medhot']).openapi({ param: { name: 'kind', in: 'path' } })) });
  function app() {
    const api = createApi();
    api.openapi(readRoute('/codes/{kind}', { params: Kind, response: Output, summary: '種類', tags, badRequest: true }), (c) =>
      c.json({ id: 1, title: c.req.valid('param').kind }, 200),
    );
    api.openapi(readRoute('/pages', { response: z.array(Output), summary: 'ページ', tags, batchable: true, notModified: true }), (c) => c.json([], 200));
    api.openapi(
      writeRoute('post', '/codes/{kind}/imports', { params: Kind, body: z.object({}).strict(), bodyRequired: false, status: 202, response: Output, summary: '取り込み', tags }),
      (c) => c.json({ id: 2, title: c.req.valid('param').kind }, 202),
    );
    return api;
  }

  it('validates the named parameters and answers the status the route names', async () => {
    const api = app();
    expect(await (await api.request('/codes/medhot')).json()).toEqual({ id: 1, title: 'medhot' });
    expect((await api.request('/codes/unknown')).status).toBe(422);
    const started = await api.request('/codes/hot_code/imports', { method: 'POST' });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ id: 2, title: 'hot_code' });
    const refused = await api.request('/codes/hot_code/imports', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    expect(refused.status).toBe(422);
  });

  it('documents them in the house style: bearer security, the common errors, and what each option adds', () => {
    const doc = app().getOpenAPIDocument({ openapi: '3.0.3', info: { title: 't', version: '1' } });
    const byKind = doc.paths!['/codes/{kind}']!.get!;
    expect(byKind.security).toEqual([{ bearerAuth: [] }]);
    expect(byKind.parameters).toEqual([expect.objectContaining({ name: 'kind', in: 'path' })]);
    expect(Object.keys(byKind.responses).sort()).toEqual(['200', '400', '401', '403', '404', '422']);
    const pages = doc.paths!['/pages']!.get! as typeof byKind & { 'x-list-lookup'?: boolean };
    expect(pages['x-list-lookup']).toBe(true);
    expect(Object.keys(pages.responses).sort()).toEqual(['200', '304', '401', '403', '404', '422', '429']);
    const imports = doc.paths!['/codes/{kind}/imports']!.post!;
    expect(Object.keys(imports.responses).sort()).toEqual(['202', '401', '403', '404', '422', '503']);
    expect(imports.requestBody).toMatchObject({ required: false });
  });
});
