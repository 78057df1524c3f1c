import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_LOOKUPS_MAX } from '../../src/contract';
import { DEFAULT_AUDIENCES } from '../../server/site/config';
import type { AuthEnv } from '../../server/shared/auth';
import type { ListCaller } from '../../server/shared/listLookups';
import { BATCH_CALLS_AT_ONCE, registerLookupRoutes } from '../../server/services/core/lookups/routes';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * The lookups batch (`POST /api/v2/core/common/lookups`, beyond spec section 7): one request
 * carrying a jump palette's list calls, each answered as the list itself answers a direct call.
 */

const BATCH = '/core/api/v2/common/lookups';
const LIST_HEADERS = ['x-total-count', 'x-current-page', 'x-total-pages', 'x-last-updated'];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const batch = async (json: unknown, token: string | null, path = BATCH) => {
  const res = await app.call(path, { method: 'POST', token, json });
  return { status: res.status, body: (await res.json()) as { answers: Answer[]; errors?: string[]; field_errors?: Record<string, string[]> } };
};

/** The same call sent directly to where the SPA's module routing sends it (`/api/v2/medorder/x` → `/medorder/api/v2/x`). */
const direct = async (path: string, query: string, token: string, prefix = ''): Promise<Answer> => {
  const mounted = path.startsWith('/api/v1/') ? `/legacy${path}` : path.replace(/^\/api\/v2\/(\w+)\//, '/$1/api/v2/');
  const res = await app.call(`${prefix}${mounted}${query ? `?${query}` : ''}`, { token });
  const headers = Object.fromEntries(LIST_HEADERS.flatMap((name) => (res.headers.has(name) ? [[name, res.headers.get(name)!]] : [])));
  return { status: res.status, headers, body: await res.json() };
};

const CALLS = [
  { path: '/api/v2/core/admin/pharmacies', query: 'add_ended=true&query=%E3%83%A1%E3%83%87%E3%82%A3%E3%82%AB%E3%83%AB&page=1' },
  { path: '/api/v2/core/admin/companies', query: 'query=%E3%81%95%E3%81%8F%E3%82%89&page=1' },
  { path: '/api/v2/core/master/ethical_medicines', query: 'page=1' },
  { path: '/api/v2/medorder/admin/orderable_item_fixtures', query: '' },
  { path: '/api/v2/medorder/admin/stockable_item_fixtures', query: 'page=1' },
  { path: '/api/v1/medorder/stocks', query: 'pharmacyId=1' },
];

describe('the lookups batch', () => {
  it('answers each call, in order, exactly as the list answers it directly: core, medorder and legacy', async () => {
    const token = await app.token();
    const { status, body } = await batch({ calls: CALLS }, token);
    expect(status).toBe(200);
    expect(body.answers).toHaveLength(CALLS.length);
    for (const [index, call] of CALLS.entries()) {
      expect(body.answers[index], call.path).toEqual(await direct(call.path, call.query, token));
    }
    expect(body.answers.map((answer) => answer.status)).toEqual(CALLS.map(() => 200));
    expect(Number(body.answers[0].headers['x-total-count'])).toBeGreaterThan(0);
  });

  it('a refused call keeps its own status and message; the others still answer', async () => {
    const token = await app.token();
    const calls = [
      { path: '/api/v2/core/admin/pharmacies', query: 'sort=password' },
      { path: '/api/v2/core/admin/pharmacies', query: 'ids=999999999' },
      // Legacy's list without the yjCode it requires: its own 422 (the hyphenated path reaches it).
      { path: '/api/v1/medorder/fifo-racks' },
      { path: '/api/v2/core/admin/companies', query: 'page=1' },
    ];
    const { status, body } = await batch({ calls }, token);
    expect(status).toBe(200);
    expect(body.answers.map((answer) => answer.status)).toEqual([422, 404, 422, 200]);
    expect(body.answers[2]).toEqual(await direct(calls[2].path, '', token));
    expect((body.answers[0].body as { errors: string[] }).errors.join('')).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });

  it('a pharmacy user gets what each call would give it: 403 for staff lists, the masters it may read', async () => {
    const token = await app.token(PHARMACY);
    const calls = [
      { path: '/api/v2/core/admin/pharmacies', query: 'query=a' },
      { path: '/api/v2/medorder/admin/orderable_item_fixtures', query: '' },
      { path: '/api/v2/core/master/ethical_medicines', query: 'page=1' },
    ];
    const { status, body } = await batch({ calls }, token);
    expect(status).toBe(200);
    expect(body.answers.map((answer) => answer.status)).toEqual([403, 403, (await direct(calls[2].path, calls[2].query, token)).status]);
    for (const [index, call] of calls.entries()) expect(body.answers[index]).toEqual(await direct(call.path, call.query, token));
  });

  it('needs a token of its environment; the demo batch asks the demo lists', async () => {
    expect((await batch({ calls: CALLS.slice(0, 1) }, null)).status).toBe(401);
    expect((await batch({ calls: CALLS.slice(0, 1) }, 'not-a-token')).status).toBe(401);
    // A production token is not the demo's, and the other way round.
    expect((await batch({ calls: CALLS.slice(0, 1) }, await app.token(), `/demo${BATCH}`)).status).toBe(401);
    const demoToken = await app.token(ADMIN, DEFAULT_AUDIENCES.demo);
    expect((await batch({ calls: CALLS.slice(0, 1) }, demoToken)).status).toBe(401);
    const calls = [CALLS[1], CALLS[3]];
    const demo = await batch({ calls }, demoToken, `/demo${BATCH}`);
    expect(demo.status).toBe(200);
    for (const [index, call] of calls.entries()) expect(demo.body.answers[index]).toEqual(await direct(call.path, call.query, demoToken, '/demo'));
  });
});

describe('the lookups batch, hostile bodies: a Japanese 4xx, never a 5xx, nothing run', () => {
  const refused = async (body: string | unknown, expected: number, headers: Record<string, string> = {}) => {
    const token = await app.token();
    const res = await app.call(BATCH, { method: 'POST', token, headers, ...(typeof body === 'string' ? { body } : { json: body }) });
    const answer = (await res.json()) as { errors: string[]; field_errors?: Record<string, string[]> };
    expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(expected);
    expect(answer.errors.length).toBeGreaterThan(0);
    expect(answer.errors.join(''), JSON.stringify(body).slice(0, 80)).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    return answer;
  };
  const call = (path: unknown, query: unknown = '') => ({ calls: [{ path, query }] });

  it('refuses paths that are no list of a known service', async () => {
    const paths = [
      '/api/v2/core/common/lookups',
      '/api/v2/core/admin/../admin/users',
      '/api/v2/core/admin/%2e%2e/admin/users',
      '/api/v2/core/admin/pharmacies%2F1',
      '/api/v2/core/admin/pharmacies/1',
      // A path no service declares as a list is refused before anything runs (it used to be a 404 answer).
      '/api/v2/core/admin/no_such_list',
      '/api/v2/core/admin/pharmacies/',
      '/api/v2/core//admin/pharmacies',
      '/api/v2/Core/admin/pharmacies',
      '/api/v2/core/ADMIN/pharmacies',
      '/api/v2/share/admin/pharmacies',
      '/api/v2/core',
      '/api/v3/core/admin/pharmacies',
      '/core/api/v2/admin/pharmacies',
      '/demo/core/api/v2/admin/pharmacies',
      '/storage/licenses/x',
      '/oauth/token',
      '/config.json',
      'http://evil.example/api/v2/core/admin/pharmacies',
      '//evil.example/api/v2/core/admin/pharmacies',
      '/api/v2/core/admin/pharmacies?ids=1',
      '/api/v2/core/admin/pharmacies#x',
      '/api/v2/core/admin/pharmacies\\..\\users',
      '/api/v2/core/admin/phar macies',
      '/api/v2/core/admin/pharmacies\u0000',
      `/api/v2/core/admin/${'a'.repeat(300)}`,
    ];
    for (const path of paths) {
      const answer = await refused(call(path), 422);
      expect(Object.keys(answer.field_errors ?? {}), path).toEqual(['calls.0.path']);
    }
  });

  it('refuses bodies of the wrong shape or size', async () => {
    await refused('{"calls": [', 422);
    await refused('', 422);
    await refused('null', 422);
    await refused('[]', 422);
    await refused('"calls"', 422);
    await refused({}, 422);
    await refused({ calls: [] }, 422);
    await refused({ calls: 'x' }, 422);
    await refused({ calls: [null] }, 422);
    await refused({ calls: [{ query: 'page=1' }] }, 422);
    await refused(call(42), 422);
    await refused(call('/api/v2/core/admin/pharmacies', 7), 422);
    await refused(call('/api/v2/core/admin/pharmacies', 'query=a#b'), 422);
    await refused(call('/api/v2/core/admin/pharmacies', 'query=a b'), 422);
    await refused(call('/api/v2/core/admin/pharmacies', 'x'.repeat(3000)), 422);
    // Only GET: a method or a body cannot be asked for.
    await refused({ calls: [{ path: '/api/v2/core/admin/pharmacies', method: 'DELETE' }] }, 422);
    await refused({ calls: [{ path: '/api/v2/core/admin/pharmacies', body: {} }] }, 422);
    await refused({ calls: CALLS.slice(0, 1), authorization: 'Bearer x' }, 422);
    await refused({ calls: Array.from({ length: LIST_LOOKUPS_MAX + 1 }, () => CALLS[0]) }, 422);
    await refused({ calls: [{ path: '/api/v2/core/admin/pharmacies', query: 'x'.repeat(300 * 1024) }] }, 413);
    await refused('{"calls": []}', 415, { 'content-type': 'text/plain' });
  });

  it('takes the most calls allowed', async () => {
    const { status, body } = await batch({ calls: Array.from({ length: LIST_LOOKUPS_MAX }, () => CALLS[1]) }, await app.token());
    expect(status).toBe(200);
    expect(body.answers.every((answer) => answer.status === 200)).toBe(true);
  });
});

describe('the lookups batch shares the request thread', () => {
  it('lets a request that arrived during one list call be answered before the next call runs', async () => {
    // A stand-in for the environment's request handling: each list call is noted, and the first
    // one queues another request's work (a macrotask, as an arriving request is).
    const events: string[] = [];
    const lists: ListCaller = {
      accepts: () => true,
      call: async ({ path }) => {
        events.push(`call ${path}`);
        if (events.length === 1) setImmediate(() => events.push('another request'));
        return Response.json([]);
      },
    };
    const core = new OpenAPIHono<AuthEnv>();
    registerLookupRoutes(core, lists);
    const calls = ['/api/v2/core/admin/pharmacies', '/api/v2/core/admin/companies', '/api/v2/core/master/dealers'].map((path) => ({ path, query: '' }));
    const res = await core.request('/api/v2/common/lookups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ calls }) });
    expect(res.status).toBe(200);
    expect(events).toEqual(['call /api/v2/core/admin/pharmacies', 'another request', 'call /api/v2/core/admin/companies', 'call /api/v2/core/master/dealers']);
  });

  it('starts a call while the ones before it still wait (the lane\'s searches together), at most BATCH_CALLS_AT_ONCE at a time, answers in order', async () => {
    // Each call waits until the test ends it, as a search waits for the list lane.
    const waiting = new Map<string, (response: Response) => void>();
    const started: string[] = [];
    const lists: ListCaller = {
      accepts: () => true,
      call: ({ path }) =>
        new Promise<Response>((resolve) => {
          started.push(path);
          waiting.set(path, resolve);
        }),
    };
    const core = new OpenAPIHono<AuthEnv>();
    registerLookupRoutes(core, lists);
    const paths = Array.from({ length: BATCH_CALLS_AT_ONCE + 2 }, (_, index) => `/api/v2/core/admin/list_${index}`);
    const answer = core.request('/api/v2/common/lookups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ calls: paths.map((path) => ({ path, query: '' })) }) });
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    await turns(BATCH_CALLS_AT_ONCE + 3);
    // None has ended, and as many as may be are in progress: no more.
    expect(started).toEqual(paths.slice(0, BATCH_CALLS_AT_ONCE));
    // The second call ends first: the next call starts in its place.
    waiting.get(paths[1])!(Response.json([1]));
    await turns(3);
    expect(started).toEqual(paths.slice(0, BATCH_CALLS_AT_ONCE + 1));
    for (const [index, path] of paths.entries()) {
      await turns(3);
      waiting.get(path)?.(Response.json([index]));
    }
    const res = await answer;
    expect(res.status).toBe(200);
    expect(started).toEqual(paths);
    const { answers } = (await res.json()) as { answers: Answer[] };
    expect(answers.map((sub) => sub.body)).toEqual(paths.map((_, index) => [index]));
  });

  it('starts the calls that took longest last time first (a national search waits for the lane from the start), and answers in the order asked', async () => {
    const started: string[] = [];
    /** The search's call waits until the test ends it, as a search waits for the list lane; the others answer at once. */
    let endSearch: (() => void) | undefined;
    const lists: ListCaller = {
      accepts: () => true,
      call: ({ path }) => {
        started.push(path);
        if (!path.endsWith('/pharmacies')) return Promise.resolve(Response.json([path]));
        return new Promise<Response>((resolve) => {
          endSearch = () => resolve(Response.json([path]));
        });
      },
    };
    // The route's clock, moved by the test alone: the quick calls take no time, the search 100 ms.
    let now = 0;
    const core = new OpenAPIHono<AuthEnv>();
    registerLookupRoutes(core, lists, () => now);
    const paths = ['/api/v2/core/admin/users', '/api/v2/core/admin/groups', '/api/v2/core/admin/pharmacies'];
    const send = () =>
      core.request('/api/v2/common/lookups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ calls: paths.map((path) => ({ path, query: 'query=x' })) }) });
    const turns = async (n: number) => {
      for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
    };
    // First batch: nothing is known, so the calls start in the order asked; the search ends last, long after.
    const first = send();
    // The quick calls are answered (a fixed number of turns, whatever the machine's load) before the clock moves.
    await turns(20);
    now += 100;
    endSearch!();
    expect((await first).status).toBe(200);
    expect(started).toEqual(paths);
    // Second batch: the search starts first.
    started.length = 0;
    const second = send();
    await turns(5);
    endSearch!();
    const res = await second;
    expect(started).toEqual([paths[2], paths[0], paths[1]]);
    const { answers } = (await res.json()) as { answers: Answer[] };
    expect(answers.map((sub) => sub.body)).toEqual(paths.map((path) => [path]));
  });

  it('runs no more calls once the client hung up (the palette aborts the batch of a text typed over)', async () => {
    const hangUp = new AbortController();
    const called: string[] = [];
    const lists: ListCaller = {
      accepts: () => true,
      call: async ({ path }) => {
        called.push(path);
        // The palette's newer text aborts this batch while its first search runs.
        hangUp.abort();
        return Response.json([]);
      },
    };
    const core = new OpenAPIHono<AuthEnv>();
    registerLookupRoutes(core, lists);
    const calls = ['/api/v2/core/admin/pharmacies', '/api/v2/core/admin/companies', '/api/v2/core/master/dealers'].map((path) => ({ path, query: '' }));
    const request = new Request('http://reference.test/api/v2/common/lookups', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ calls }), signal: hangUp.signal });
    const res = await core.fetch(request);
    expect(called).toEqual(['/api/v2/core/admin/pharmacies']);
    expect(res.status).toBe(204);
  });
});
