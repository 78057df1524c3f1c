import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { LIST_CALLS_AT_ONCE } from '../../../src/dataProvider/listLookups';
import { LIST_LOOKUPS_MAX } from '../../../src/contract';
import type { AnyResourceDeclaration } from '../../../src/resources/types';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const LOOKUPS = 'http://localhost/core/api/v2/common/lookups';

const declaration = (name: string, api: string, list: Partial<AnyResourceDeclaration['list']> = {}): AnyResourceDeclaration => ({
  name,
  label: name,
  recordLabel: name,
  api,
  fields: { id: { type: 'id', label: 'ID' }, name: { type: 'text', label: '名前' } },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' }, ...list },
});

const pharmacies = declaration('v2/core/pharmacies', '/api/v2/core/admin/pharmacies');
const fixtures = declaration('v2/fixtures', '/api/v2/medorder/admin/orderable_item_fixtures', { paging: { mode: 'none' }, listKey: 'orderableItemFixtures' });
const licenses = declaration('v2/core/licenses', '/api/v2/core/admin/pharmacies/{pharmacyId}/licenses', { paging: { mode: 'none' } });

const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [pharmacies, fixtures, licenses],
});

interface Sent {
  calls: { path: string; query: string }[];
}

/** Answers each batch with `answer(calls)`, recording the bodies. */
const batches = (answer: (calls: Sent['calls']) => unknown[]) => {
  const sent: Sent[] = [];
  server.use(
    http.post(LOOKUPS, async ({ request }) => {
      const body = (await request.json()) as Sent;
      sent.push(body);
      return HttpResponse.json({ answers: answer(body.calls) });
    }),
  );
  return sent;
};

describe('getLists: the lookups batch', () => {
  it('sends each list’s first page as getList would, in one request, and reads each answer as getList would', async () => {
    const sent = batches(() => [
      { status: 200, headers: { 'x-total-count': '31', 'x-current-page': '1', 'x-total-pages': '2' }, body: [{ id: 3, name: 'さくら薬局', updated_at: '2026-01-01T00:00:00Z' }] },
      { status: 200, headers: {}, body: { orderable_item_fixtures: [{ id: 7, gs1_code: '14987123456789' }] } },
    ]);
    const { data } = await dataProvider.getLists({
      lists: [
        { resource: 'v2/core/pharmacies', filter: { addEnded: true, query: 'さくら 薬局' } },
        { resource: 'v2/fixtures', filter: { gs1Code: '14987123456789' }, fields: ['id', 'gs1Code', 'name'] },
      ],
    });
    expect(sent).toEqual([
      {
        calls: [
          { path: '/api/v2/core/admin/pharmacies', query: 'add_ended=true&query=%E3%81%95%E3%81%8F%E3%82%89%20%E8%96%AC%E5%B1%80&page=1' },
          { path: '/api/v2/medorder/admin/orderable_item_fixtures', query: 'gs1_code=14987123456789&fields=id,gs1_code,name' },
        ],
      },
    ]);
    expect(data[0]).toEqual({
      status: 'fulfilled',
      value: {
        data: [{ id: 3, name: 'さくら薬局', updatedAt: new Date('2026-01-01T00:00:00Z') }],
        total: 31,
        pageInfo: { hasNextPage: true, hasPreviousPage: false },
        meta: { currentPage: 1, totalPages: 2 },
      },
    });
    expect(data[1]).toEqual({ status: 'fulfilled', value: { data: [{ id: 7, gs1Code: '14987123456789' }], total: 1 } });
  });

  it('a refused list fails alone, with its status and the server’s message; a list that cannot be addressed is not sent', async () => {
    const sent = batches(() => [
      { status: 403, headers: {}, body: { errors: ['この操作を行う権限がありません。'] } },
      { status: 200, headers: { 'x-total-count': '0', 'x-current-page': '1', 'x-total-pages': '0' }, body: [] },
    ]);
    const { data } = await dataProvider.getLists({
      lists: [
        { resource: 'v2/core/pharmacies', filter: { query: 'a' } },
        { resource: 'v2/core/licenses', filter: {} },
        { resource: 'v2/core/pharmacies', filter: { query: 'b' } },
      ],
    });
    expect(sent[0].calls.map((call) => call.query)).toEqual(['query=a&page=1', 'query=b&page=1']);
    expect(data[0]).toMatchObject({ status: 'rejected', reason: { status: 403, message: 'この操作を行う権限がありません。' } });
    expect(data[1]).toMatchObject({ status: 'rejected', reason: { name: 'MissingPathParamError' } });
    expect(data[2]).toMatchObject({ status: 'fulfilled', value: { data: [], total: 0 } });
  });

  it(`sends more than ${LIST_LOOKUPS_MAX} lists in further batches, one after the other`, async () => {
    let out = 0;
    let most = 0;
    const sizes: number[] = [];
    server.use(
      http.post(LOOKUPS, async ({ request }) => {
        out += 1;
        most = Math.max(most, out);
        const { calls } = (await request.json()) as Sent;
        sizes.push(calls.length);
        await new Promise((resolve) => setTimeout(resolve, 5));
        out -= 1;
        return HttpResponse.json({ answers: calls.map(() => ({ status: 200, headers: { 'x-current-page': '1', 'x-total-pages': '1' }, body: [] })) });
      }),
    );
    const lists = Array.from({ length: LIST_LOOKUPS_MAX + 3 }, (_, index) => ({ resource: 'v2/core/pharmacies', filter: { query: `q${index}` } }));
    const { data } = await dataProvider.getLists({ lists });
    expect(sizes).toEqual([LIST_LOOKUPS_MAX, 3]);
    expect(most).toBe(1);
    expect(data.every((answer) => answer.status === 'fulfilled')).toBe(true);
  });

  it('a failed batch rejects as a whole (the caller names every list failed); an abort stays an AbortError', async () => {
    server.use(http.post(LOOKUPS, () => HttpResponse.json({ errors: ['見つかりません。'] }, { status: 404 })));
    await expect(dataProvider.getLists({ lists: [{ resource: 'v2/core/pharmacies', filter: {} }] })).rejects.toMatchObject({ status: 404 });
    const controller = new AbortController();
    controller.abort();
    await expect(dataProvider.getLists({ lists: [{ resource: 'v2/core/pharmacies', filter: {} }], signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('getLists without the lookups batch (the platform as specified, issue 35)', () => {
  const specProvider = createDataProvider({
    capabilities: new Set(),
    client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
    resources: [pharmacies, fixtures, licenses],
  });

  /** Answers each spec list call from `answer(url)`, recording the URLs and how many were out at once. */
  const lists = (answer: (url: URL) => Response | Promise<Response>) => {
    const seen: URL[] = [];
    let out = 0;
    const most = { value: 0 };
    server.use(
      http.post(LOOKUPS, () => HttpResponse.json({ errors: ['見つかりません。'] }, { status: 404 })),
      http.get('http://localhost/*', async ({ request }) => {
        out += 1;
        most.value = Math.max(most.value, out);
        seen.push(new URL(request.url));
        await new Promise((resolve) => setTimeout(resolve, 5));
        out -= 1;
        return answer(new URL(request.url));
      }),
    );
    return { seen, most };
  };

  const page = (rows: unknown[]) => HttpResponse.json(rows, { headers: { 'x-total-count': String(rows.length), 'x-current-page': '1', 'x-total-pages': '1' } });

  it('asks each list with its own spec call, never the batch, without relevance or fields the spec lacks, and reads the same results', async () => {
    const { seen } = lists((url) => (url.pathname.endsWith('/pharmacies') ? page([{ id: 3, name: 'さくら薬局' }]) : HttpResponse.json({ orderable_item_fixtures: [{ id: 7 }] })));
    const { data } = await specProvider.getLists({
      lists: [
        { resource: 'v2/core/pharmacies', filter: { query: 'さくら' }, sort: { field: 'relevance', order: 'ASC' }, fields: ['id', 'name'] },
        { resource: 'v2/fixtures', filter: { gs1Code: '14987123456789' }, fields: ['id', 'gs1Code'] },
      ],
    });
    expect(seen.map((url) => `${url.pathname}?${url.searchParams.toString()}`).sort()).toEqual([
      '/core/api/v2/admin/pharmacies?query=%E3%81%95%E3%81%8F%E3%82%89&fields=id%2Cname&page=1',
      '/medorder/api/v2/admin/orderable_item_fixtures?gs1_code=14987123456789',
    ]);
    expect(data.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(data[0].status === 'fulfilled' && data[0].value.data).toEqual([{ id: 3, name: 'さくら薬局' }]);
  });

  it('keeps at most LIST_CALLS_AT_ONCE calls out at once, and one refused list fails alone', async () => {
    const { seen, most } = lists((url) => (url.searchParams.get('query') === '2' ? HttpResponse.json({ errors: ['だめ'] }, { status: 422 }) : page([])));
    const { data } = await specProvider.getLists({ lists: Array.from({ length: 8 }, (_, index) => ({ resource: 'v2/core/pharmacies', filter: { query: String(index) } })) });
    expect(seen).toHaveLength(8);
    expect(most.value).toBeLessThanOrEqual(LIST_CALLS_AT_ONCE);
    expect(most.value).toBeGreaterThan(1);
    expect(data.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('an abort (newer text) stops the calls out and sends no more', async () => {
    const controller = new AbortController();
    const { seen } = lists(() => {
      controller.abort();
      return page([]);
    });
    await expect(specProvider.getLists({ lists: Array.from({ length: 8 }, (_, index) => ({ resource: 'v2/core/pharmacies', filter: { query: String(index) } })), signal: controller.signal })).rejects.toThrow();
    expect(seen.length).toBeLessThanOrEqual(LIST_CALLS_AT_ONCE);
  });

  it('sends the calls that took longest last time first (one never seen before them), and answers in the order asked', async () => {
    const provider = createDataProvider({
      capabilities: new Set(),
      client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
      resources: [pharmacies, fixtures],
    });
    // A clock the answers move: a search of the pharmacies takes 50, ids 1, the fixtures 5.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    const sent: string[] = [];
    server.use(
      http.get('http://localhost/*', ({ request }) => {
        const url = new URL(request.url);
        const kind = url.pathname.endsWith('/pharmacies') ? (url.searchParams.has('ids') ? 'ids' : 'search') : 'fixtures';
        sent.push(kind);
        clock += { search: 50, ids: 1, fixtures: 5 }[kind];
        return kind === 'fixtures' ? HttpResponse.json({ orderable_item_fixtures: [{ id: 7 }] }) : page([{ id: kind === 'ids' ? 1 : 2, name: kind }]);
      }),
    );
    const ids = { resource: 'v2/core/pharmacies', filter: { ids: [1] } };
    const search = { resource: 'v2/core/pharmacies', filter: { query: 'さくら' } };
    const fixture = { resource: 'v2/fixtures', filter: { gs1Code: '14987123456789' } };
    try {
      // One at a time, so each is timed alone.
      for (const list of [ids, search, fixture]) await provider.getLists({ lists: [list] });
      sent.length = 0;
      const other = { resource: 'v2/core/pharmacies', filter: { query: 'x', addEnded: true } };
      const { data } = await provider.getLists({ lists: [ids, fixture, search, other] });
      // The unseen kind first, then by the time each took: 50, 5, 1.
      expect(sent).toEqual(['search', 'search', 'fixtures', 'ids']);
      expect(data.map((answer) => answer.status === 'fulfilled' && answer.value.data[0])).toEqual([
        { id: 1, name: 'ids' },
        { id: 7 },
        { id: 2, name: 'search' },
        { id: 2, name: 'search' },
      ]);
    } finally {
      now.mockRestore();
    }
  });
});
