import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider, formatSort } from '../../../src/dataProvider';
import type { ResourceDeclaration } from '../../../src/resources/types';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';

const companies: ResourceDeclaration = {
  name: 'v2/core/companies',
  label: '薬局会社',
  recordLabel: '薬局会社',
  api: '/api/v2/core/admin/companies',
  fields: {
    id: { type: 'id', label: 'ID', readOnly: true },
    name: { type: 'text', label: '名前' },
    note: { type: 'longText', label: '備考' },
    pharmaciesCount: { type: 'number', label: '薬局数', readOnly: true },
    updatedAt: { type: 'datetime', label: '更新日時', readOnly: true },
  },
  list: { columns: ['id', 'name'], defaultSort: { field: 'updatedAt', order: 'DESC' } },
  form: { fields: ['name', 'note', 'pharmaciesCount'] },
};

const fixtures: ResourceDeclaration = {
  name: 'v2/core/master_sources/orderable_item_fixtures',
  label: '包装単位',
  recordLabel: '包装単位',
  api: '/api/v2/medorder/admin/orderable_item_fixtures',
  update: { method: 'PATCH', send: 'changed' },
  fields: { id: { type: 'id', label: 'ID', readOnly: true }, name: { type: 'text', label: '名前' }, gs1Code: { type: 'text', label: 'GS1' } },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' } },
};

const dataProvider = createDataProvider({
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [companies, fixtures],
});

describe('getList', () => {
  it('sends page, sort and filters snake_cased and reads the paging headers', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${CORE}/admin/companies`, ({ request }) => {
        params = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json([{ id: 1, name: '青葉薬局', pharmacies_count: 2, updated_at: '2026-01-01T00:00:00Z' }], {
          headers: { 'x-total-count': '51', 'x-current-page': '2', 'x-total-pages': '3' },
        });
      }),
    );
    const result = await dataProvider.getList('v2/core/companies', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { query: '青葉', addEnded: true, withoutCompany: '' },
    });
    expect(params).toEqual({ page: '2', sort: '-updated_at', query: '青葉', add_ended: 'true' });
    expect(result).toEqual({
      data: [{ id: 1, name: '青葉薬局', pharmaciesCount: 2, updatedAt: new Date('2026-01-01T00:00:00Z') }],
      total: 51,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
    });
  });

  it('takes the array of a wrapped list and its length without paging headers', async () => {
    server.use(http.get('http://localhost/medorder/api/v2/admin/orderable_item_fixtures', () => HttpResponse.json({ orderable_item_fixtures: [{ id: 1 }, { id: 2 }] })));
    const result = await dataProvider.getList(fixtures.name, { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
  });

  it('throws for an undeclared resource', async () => {
    await expect(dataProvider.getList('v2/core/unknown', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} })).rejects.toThrow(
      'unknown resource v2/core/unknown',
    );
  });
});

describe('formatSort', () => {
  it('snake_cases the field and prefixes - for DESC', () => {
    expect(formatSort({ field: 'updatedAt', order: 'DESC' })).toBe('-updated_at');
    expect(formatSort({ field: 'id', order: 'ASC' })).toBe('id');
    expect(formatSort({ field: 'hotCode_7', order: 'ASC' })).toBe('hot_code_7');
    expect(formatSort(undefined)).toBeUndefined();
  });
});

describe('getOne / getManyReference', () => {
  it('gets api/{id}', async () => {
    server.use(http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json({ id: 7, created_at: '2026-01-01T00:00:00Z' })));
    expect((await dataProvider.getOne('v2/core/companies', { id: 7 })).data).toEqual({ id: 7, createdAt: new Date('2026-01-01T00:00:00Z') });
  });

  it('filters by the target and pages', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${CORE}/admin/companies`, ({ request }) => {
        params = Object.fromEntries(new URL(request.url).searchParams);
        return HttpResponse.json([], { headers: { 'x-total-count': '0' } });
      }),
    );
    await dataProvider.getManyReference('v2/core/companies', { target: 'groupId', id: 4, pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
    expect(params).toEqual({ group_id: '4', page: '1', sort: 'name' });
  });
});

describe('getMany', () => {
  it('fetches 250 ids in 3 requests of at most 100 comma-joined ids, in order', async () => {
    const requested: string[] = [];
    server.use(
      http.get(`${CORE}/admin/companies`, async ({ request }) => {
        const ids = new URL(request.url).searchParams.get('ids')!;
        requested.push(ids);
        const list = ids.split(',').map(Number);
        // Answer the first chunk last: order must come from the chunks, not from arrival.
        if (list[0] === 1) await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json(list.map((id) => ({ id })));
      }),
    );
    const ids = Array.from({ length: 250 }, (_, index) => index + 1);
    const { data } = await dataProvider.getMany('v2/core/companies', { ids });
    expect(requested.map((chunk) => chunk.split(',').length).sort()).toEqual([100, 100, 50]);
    expect(requested).toContain(ids.slice(0, 100).join(','));
    expect(data.map((record) => record.id)).toEqual(ids);
  });

  it('counts a 404 chunk as empty', async () => {
    server.use(
      http.get(`${CORE}/admin/companies`, ({ request }) => {
        const list = new URL(request.url).searchParams.get('ids')!.split(',').map(Number);
        return list[0] === 101 ? HttpResponse.json({ errors: ['見つかりません'] }, { status: 404 }) : HttpResponse.json(list.map((id) => ({ id })));
      }),
    );
    const ids = Array.from({ length: 150 }, (_, index) => index + 1);
    const { data } = await dataProvider.getMany('v2/core/companies', { ids });
    expect(data.map((record) => record.id)).toEqual(ids.slice(0, 100));
  });

  it('raises any other chunk error', async () => {
    server.use(
      http.get(`${CORE}/admin/companies`, ({ request }) => {
        const list = new URL(request.url).searchParams.get('ids')!.split(',').map(Number);
        return list[0] === 101 ? HttpResponse.json({ errors: ['DBエラー'] }, { status: 500 }) : HttpResponse.json(list.map((id) => ({ id })));
      }),
    );
    await expect(dataProvider.getMany('v2/core/companies', { ids: Array.from({ length: 150 }, (_, index) => index + 1) })).rejects.toMatchObject({
      status: 500,
      message: 'DBエラー',
    });
  });
});

describe('create / update / delete', () => {
  it('posts the record and merges the returned id', async () => {
    let body: unknown;
    server.use(
      http.post(`${CORE}/admin/companies`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 12 });
      }),
    );
    const { data } = await dataProvider.create('v2/core/companies', { data: { name: '青葉', note: 'メモ' } });
    expect(body).toEqual({ name: '青葉', note: 'メモ' });
    expect(data).toEqual({ id: 12, name: '青葉', note: 'メモ' });
  });

  it('puts only the declared form fields, minus read-only ones', async () => {
    let body: unknown;
    server.use(
      http.put(`${CORE}/admin/companies/3`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const record = { id: 3, name: '新しい名前', note: '', pharmaciesCount: 2, updatedAt: new Date(), pharmacies: [{ id: 1 }] };
    const { data } = await dataProvider.update('v2/core/companies', { id: 3, data: record, previousData: record });
    expect(body).toEqual({ name: '新しい名前', note: '' });
    expect(data).toMatchObject({ id: 3, name: '新しい名前' });
  });

  it('uses the declared update method (PATCH) and, without a form, all data minus read-only fields', async () => {
    let body: unknown;
    server.use(
      http.patch('http://localhost/medorder/api/v2/admin/orderable_item_fixtures/5', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 5, name: 'X', gs1_code: '1' });
      }),
    );
    const { data } = await dataProvider.update(fixtures.name, { id: 5, data: { id: 5, name: 'X', gs1Code: '1' }, previousData: { id: 5 } });
    expect(body).toEqual({ name: 'X', gs1_code: '1' });
    expect(data).toEqual({ id: 5, name: 'X', gs1Code: '1' });
  });

  it('deletes api/{id}, and loops for deleteMany and updateMany', async () => {
    const calls: string[] = [];
    server.use(
      http.delete(`${CORE}/admin/companies/:id`, ({ params }) => (calls.push(`DELETE ${params.id}`), new HttpResponse(null, { status: 204 }))),
      http.put(`${CORE}/admin/companies/:id`, ({ params }) => (calls.push(`PUT ${params.id}`), new HttpResponse(null, { status: 204 }))),
    );
    expect((await dataProvider.delete('v2/core/companies', { id: 1, previousData: { id: 1, name: 'a' } })).data).toEqual({ id: 1, name: 'a' });
    expect((await dataProvider.deleteMany('v2/core/companies', { ids: [2, 3] })).data).toEqual([2, 3]);
    expect((await dataProvider.updateMany('v2/core/companies', { ids: [4, 5], data: { note: 'x' } })).data).toEqual([4, 5]);
    expect(calls).toEqual(['DELETE 1', 'DELETE 2', 'DELETE 3', 'PUT 4', 'PUT 5']);
  });

  it('throws HttpError with the status so authProvider.checkError can act on 401/403', async () => {
    server.use(http.get(`${CORE}/admin/companies/1`, () => HttpResponse.json({}, { status: 401 })));
    await expect(dataProvider.getOne('v2/core/companies', { id: 1 })).rejects.toMatchObject({ status: 401, message: '認証が必要です。' });
  });

  it('exposes send for custom calls', async () => {
    server.use(http.get(`${CORE}/common/users/me`, () => HttpResponse.json({ id: 9 })));
    expect((await dataProvider.send({ path: '/api/v2/core/common/users/me' })).json).toEqual({ id: 9 });
  });
});
