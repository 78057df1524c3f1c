import { ALL_CAPABILITIES, type Capability } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { RECORD_DELETED_MESSAGE } from '../../../src/dataProvider/recordConflict';
import { createDataProvider, formatSort, isRecordConflict, RECORD_CONFLICT_MESSAGE, type RecordConflictError } from '../../../src/dataProvider';
import type { AnyResourceDeclaration } from '../../../src/resources/types';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const MEDORDER = 'http://localhost/medorder/api/v2';
const LEGACY = 'http://localhost/legacy/api/v1';
const PAGES = { 'x-total-count': '51', 'x-current-page': '2', 'x-total-pages': '3' };

const companies: AnyResourceDeclaration = {
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

const pharmacies: AnyResourceDeclaration = {
  name: 'v2/core/pharmacies',
  label: '薬局',
  recordLabel: '薬局',
  api: '/api/v2/core/admin/pharmacies',
  fields: {
    id: { type: 'id', label: 'ID', readOnly: true },
    name: { type: 'text', label: '薬局名' },
    endedOn: { type: 'date', label: '終了日' },
    'pharmacyInvoice.invoiceNumber': { type: 'text', label: 'インボイス番号', writeAs: 'pharmacyInvoiceAttributes.invoiceNumber' },
    companyId: { type: 'number', label: '会社', sortAs: { key: 'companyName', requires: 'companyNameSort' } },
  },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' } },
  form: { fields: ['name', 'endedOn', 'pharmacyInvoice.invoiceNumber'] },
};

const fixtures: AnyResourceDeclaration = {
  name: 'v2/core/master_sources/orderable_item_fixtures',
  label: '包装単位',
  recordLabel: '包装単位',
  api: '/api/v2/medorder/admin/orderable_item_fixtures',
  update: { method: 'PATCH', send: 'changed' },
  fields: {
    id: { type: 'id', label: 'ID', readOnly: true },
    name: { type: 'text', label: '名前', parse: 'emptyToNull' },
    gs1Code: { type: 'text', label: 'GS1' },
    quantity: { type: 'number', label: '数量', parse: 'integer' },
  },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' }, paging: { mode: 'none' }, listKey: 'orderableItemFixtures' },
};

const licenses: AnyResourceDeclaration = {
  name: 'v2/core/licenses',
  label: '許可証',
  recordLabel: '許可証',
  api: '/api/v2/core/admin/pharmacies/{pharmacyId}/licenses',
  fields: { id: { type: 'id', label: 'ID', readOnly: true }, number: { type: 'text', label: '番号' }, expiresOn: { type: 'date', label: '有効期限' } },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' }, paging: { mode: 'none' } },
  form: { fields: ['number', 'expiresOn'] },
};

const hotCodes: AnyResourceDeclaration = {
  name: 'v2/core/master_sources/hot_codes',
  label: 'HOTコード',
  recordLabel: 'HOTコード',
  api: '/api/v2/medorder/admin/hot_codes',
  recordKey: 'hotCode',
  fields: { hotCode: { type: 'text', label: 'HOTコード' }, name: { type: 'text', label: '名前' } },
  list: { columns: ['hotCode'], defaultSort: { field: 'hotCode', order: 'ASC' } },
};

const nsipses: AnyResourceDeclaration = {
  name: 'v2/core/nsipses',
  label: 'NSIPS',
  recordLabel: 'NSIPS',
  api: '/api/v2/core/admin/pharmacies/{pharmacyId}/s3_nsipses',
  recordKey: 'filename',
  fields: { filename: { type: 'text', label: 'ファイル名' } },
  list: {
    columns: ['filename'],
    defaultSort: { field: 'filename', order: 'ASC' },
    listKey: 'nsipses',
    paging: { mode: 'token', tokenParam: 'nextContinuationToken', nextTokenKey: 'nextContinuationToken' },
  },
};

const fifoRacks: AnyResourceDeclaration = {
  name: 'v1/medorder/fifo-racks',
  label: 'FIFO',
  recordLabel: 'FIFO',
  api: '/api/v1/medorder/fifo-racks',
  fields: { id: { type: 'id', label: 'ID' }, yjCode: { type: 'text', label: 'YJ' } },
  list: { columns: ['id'], defaultSort: { field: 'id', order: 'ASC' }, listKey: 'fifoRacks', paging: { mode: 'token', tokenParam: 'pageToken', nextTokenKey: 'nextPageToken' } },
};

const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [companies, pharmacies, fixtures, licenses, hotCodes, nsipses, fifoRacks],
});

const firstPage = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
const searchParams = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

describe('getList, pages (the default)', () => {
  it('sends page, sort and filters snake_cased, and returns the server page numbers in meta', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${CORE}/admin/companies`, ({ request }) => {
        params = searchParams(request);
        return HttpResponse.json([{ id: 1, name: '青葉薬局', pharmacies_count: 2, updated_at: '2026-01-01T00:00:00Z' }], { headers: PAGES });
      }),
    );
    const result = await dataProvider.getList('v2/core/companies', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'updatedAt', order: 'DESC' },
      filter: { query: '青葉', addEnded: true, withoutCompany: '' },
    });
    // add_ended is the pharmacies' parameter, not the companies' (section 7): not sent.
    expect(params).toEqual({ page: '2', sort: '-updated_at', query: '青葉' });
    expect(result).toEqual({
      data: [{ id: 1, name: '青葉薬局', pharmaciesCount: 2, updatedAt: new Date('2026-01-01T00:00:00Z') }],
      total: 51,
      pageInfo: { hasNextPage: true, hasPreviousPage: true },
      meta: { currentPage: 2, totalPages: 3 },
    });
  });

  it('takes the page count from x-total-pages, not from a client page size', async () => {
    // 30 records in pages of 10: a client constant of 25 would say 2 pages.
    server.use(http.get(`${CORE}/admin/companies`, () => HttpResponse.json([{ id: 1 }], { headers: { 'x-total-count': '30', 'x-current-page': '2', 'x-total-pages': '3' } })));
    const result = await dataProvider.getList('v2/core/companies', { ...firstPage, pagination: { page: 2, perPage: 25 } });
    expect(result.meta).toEqual({ currentPage: 2, totalPages: 3 });
    expect(result.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: true });
  });

  it('refuses a response without paging headers instead of taking it as the whole list', async () => {
    server.use(http.get(`${CORE}/admin/companies`, () => HttpResponse.json([{ id: 1 }, { id: 2 }])));
    await expect(dataProvider.getList('v2/core/companies', firstPage)).rejects.toThrow('v2/core/companies (/api/v2/core/admin/companies): ページ情報のヘッダー x-current-page と x-total-pages がないか、数ではありません');
  });

  it('refuses a wrapped list the declaration does not name (no guessing the array)', async () => {
    server.use(http.get(`${CORE}/admin/companies`, () => HttpResponse.json({ companies: [{ id: 1 }] }, { headers: PAGES })));
    await expect(dataProvider.getList('v2/core/companies', firstPage)).rejects.toThrow('一覧の応答が配列ではありません（包まれた配列なら list.listKey を宣言してください）');
  });

  it('throws for an undeclared resource', async () => {
    await expect(dataProvider.getList('v2/core/unknown', firstPage)).rejects.toThrow('unknown resource v2/core/unknown');
  });
});

describe('getList, none and listKey', () => {
  it('takes the declared listKey array as the whole list, without sending a page', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${MEDORDER}/admin/orderable_item_fixtures`, ({ request }) => {
        params = searchParams(request);
        return HttpResponse.json({ orderable_item_fixtures: [{ id: 1 }, { id: 2 }], other_list: [{ id: 3 }] });
      }),
    );
    const result = await dataProvider.getList(fixtures.name, firstPage);
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 2 });
    // The fixtures' list takes `sort` where the environment has listSort (this one has every addition).
    expect(params).toEqual({ sort: 'id' });
  });

  it('refuses a body without the declared listKey', async () => {
    server.use(http.get(`${MEDORDER}/admin/orderable_item_fixtures`, () => HttpResponse.json({ items: [{ id: 1 }] })));
    await expect(dataProvider.getList(fixtures.name, firstPage)).rejects.toThrow('一覧の応答に orderableItemFixtures の配列がありません');
  });
});

describe('getList, token', () => {
  it('follows continuation tokens page by page and reports the next one', async () => {
    const seen: Record<string, string>[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/3/s3_nsipses`, ({ request }) => {
        const params = searchParams(request);
        seen.push(params);
        return params.next_continuation_token === 'abc'
          ? HttpResponse.json({ nsipses: [{ filename: 'b.xml' }] })
          : HttpResponse.json({ nsipses: [{ filename: 'a.xml' }], next_continuation_token: 'abc' });
      }),
    );
    const page1 = await dataProvider.getList(nsipses.name, { ...firstPage, sort: { field: 'filename', order: 'ASC' }, filter: { pharmacyId: 3, query: 'x' } });
    expect(page1).toEqual({
      data: [{ id: 'a.xml', filename: 'a.xml' }],
      pageInfo: { hasNextPage: true, hasPreviousPage: false },
      meta: { nextToken: 'abc' },
    });
    // react-admin asks for page 2: the remembered token of this query is sent.
    const page2 = await dataProvider.getList(nsipses.name, { pagination: { page: 2, perPage: 25 }, sort: { field: 'filename', order: 'ASC' }, filter: { pharmacyId: 3, query: 'x' } });
    expect(page2).toEqual({ data: [{ id: 'b.xml', filename: 'b.xml' }], pageInfo: { hasNextPage: false, hasPreviousPage: true }, meta: { nextToken: undefined } });
    // Section 7 gives the NSIPS listing no `sort` and no addition does: it is not sent.
    expect(seen).toEqual([{ query: 'x' }, { query: 'x', next_continuation_token: 'abc' }]);
  });

  it('sends a token the caller passes in meta, and refuses a page it has no token for', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${CORE}/admin/pharmacies/4/s3_nsipses`, ({ request }) => {
        params = searchParams(request);
        return HttpResponse.json({ nsipses: [] });
      }),
    );
    await dataProvider.getList(nsipses.name, { ...firstPage, filter: { pharmacyId: 4 }, meta: { token: 'given' } });
    expect(params).toEqual({ next_continuation_token: 'given' });
    await expect(dataProvider.getList(nsipses.name, { ...firstPage, pagination: { page: 5, perPage: 25 }, filter: { pharmacyId: 4 } })).rejects.toThrow(
      '5ページ目の継続トークンがありません（先に4ページ目を読み込んでください）',
    );
  });

  it('speaks camelCase to legacy v1: pageToken out, fifoRacks and nextPageToken back', async () => {
    const seen: Record<string, string>[] = [];
    server.use(
      http.get(`${LEGACY}/medorder/fifo-racks`, ({ request }) => {
        const params = searchParams(request);
        seen.push(params);
        return params.pageToken ? HttpResponse.json({ fifoRacks: [{ id: 2, yjCode: 'Y2' }] }) : HttpResponse.json({ fifoRacks: [{ id: 1, yjCode: 'Y1' }], nextPageToken: 't2' });
      }),
    );
    const filter = { pharmacyId: 7, yjCode: 'Y' };
    const page1 = await dataProvider.getList(fifoRacks.name, { ...firstPage, filter });
    const page2 = await dataProvider.getList(fifoRacks.name, { ...firstPage, pagination: { page: 2, perPage: 25 }, filter });
    expect(page1.data).toEqual([{ id: 1, yjCode: 'Y1' }]);
    expect(page1.meta).toEqual({ nextToken: 't2' });
    expect(page2.data).toEqual([{ id: 2, yjCode: 'Y2' }]);
    expect(seen).toEqual([
      { pharmacyId: '7', yjCode: 'Y' },
      { pharmacyId: '7', yjCode: 'Y', pageToken: 't2' },
    ]);
  });
});

describe('endpoint templates and record keys', () => {
  it('fills {pharmacyId} from the list filter and does not also send it as a query parameter, nor what the call does not take', async () => {
    let url = '';
    server.use(
      http.get(`${CORE}/admin/pharmacies/:pharmacyId/licenses`, ({ request }) => {
        url = request.url;
        return HttpResponse.json([{ id: 1, expires_on: '2027-03-31' }]);
      }),
    );
    const { data } = await dataProvider.getList(licenses.name, { ...firstPage, filter: { pharmacyId: 12, query: 'a' } });
    // Section 7's licences call takes no query and no sort, in any environment.
    expect(url).toBe(`${CORE}/admin/pharmacies/12/licenses`);
    expect(data).toEqual([{ id: 1, expiresOn: '2027-03-31' }]);
  });

  it('fills the template from a related list target (getManyReference)', async () => {
    let url = '';
    server.use(
      http.get(`${CORE}/admin/pharmacies/:pharmacyId/licenses`, ({ request }) => {
        url = request.url;
        return HttpResponse.json([]);
      }),
    );
    await dataProvider.getManyReference(licenses.name, { target: 'pharmacyId', id: 8, ...firstPage });
    expect(url).toBe(`${CORE}/admin/pharmacies/8/licenses`);
  });

  it('fills the template from meta on getOne, create, update and delete', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/:pharmacyId/licenses/:id`, ({ params }) => (calls.push(`GET ${params.pharmacyId}/${params.id}`), HttpResponse.json({ id: 5 }))),
      http.post(`${CORE}/admin/pharmacies/:pharmacyId/licenses`, async ({ params, request }) => (calls.push(`POST ${params.pharmacyId} ${JSON.stringify(await request.json())}`), HttpResponse.json({ id: 6 }))),
      http.put(`${CORE}/admin/pharmacies/:pharmacyId/licenses/:id`, ({ params }) => (calls.push(`PUT ${params.pharmacyId}/${params.id}`), new HttpResponse(null, { status: 204 }))),
      http.delete(`${CORE}/admin/pharmacies/:pharmacyId/licenses/:id`, ({ params }) => (calls.push(`DELETE ${params.pharmacyId}/${params.id}`), new HttpResponse(null, { status: 204 }))),
    );
    const meta = { pharmacyId: 3 };
    await dataProvider.getOne(licenses.name, { id: 5, meta });
    const created = await dataProvider.create(licenses.name, { data: { number: 'N1', expiresOn: '2027-03-31' }, meta });
    await dataProvider.update(licenses.name, { id: 5, data: { number: 'N2' }, previousData: { id: 5 }, meta });
    await dataProvider.delete(licenses.name, { id: 5, meta });
    expect(created.data).toEqual({ id: 6, number: 'N1', expiresOn: '2027-03-31' });
    expect(calls).toEqual(['GET 3/5', 'POST 3 {"number":"N1","expires_on":"2027-03-31"}', 'PUT 3/5', 'DELETE 3/5']);
  });

  it('says which path parameter is missing', async () => {
    await expect(dataProvider.getList(licenses.name, firstPage)).rejects.toThrow('/api/v2/core/admin/pharmacies/{pharmacyId}/licenses: パスのパラメータ {pharmacyId} が指定されていません');
    await expect(dataProvider.getOne(licenses.name, { id: 1 })).rejects.toThrow('{pharmacyId} が指定されていません');
  });

  it('uses recordKey as the id: hot_codes/{hotCode}, percent-encoded', async () => {
    server.use(
      http.get(`${MEDORDER}/admin/hot_codes`, () => HttpResponse.json([{ hot_code: '1234567', name: 'A' }], { headers: { 'x-current-page': '1', 'x-total-pages': '1' } })),
      http.get(`${MEDORDER}/admin/hot_codes/:hotCode`, ({ params }) => HttpResponse.json({ hot_code: params.hotCode, name: 'B' })),
    );
    expect((await dataProvider.getList(hotCodes.name, firstPage)).data).toEqual([{ id: '1234567', hotCode: '1234567', name: 'A' }]);
    expect((await dataProvider.getOne(hotCodes.name, { id: '12 34' })).data).toEqual({ id: '12 34', hotCode: '12 34', name: 'B' });
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
  it('gets api/{id}, with calendar days as strings', async () => {
    server.use(http.get(`${CORE}/admin/pharmacies/7`, () => HttpResponse.json({ id: 7, created_at: '2026-01-01T00:00:00Z', ended_on: '2026-11-22' })));
    expect((await dataProvider.getOne('v2/core/pharmacies', { id: 7 })).data).toEqual({ id: 7, createdAt: new Date('2026-01-01T00:00:00Z'), endedOn: '2026-11-22' });
  });

  it('filters by the target and pages', async () => {
    let params: Record<string, string> = {};
    server.use(
      http.get(`${CORE}/admin/pharmacies`, ({ request }) => {
        params = searchParams(request);
        return HttpResponse.json([], { headers: { 'x-total-count': '0', 'x-current-page': '1', 'x-total-pages': '0' } });
      }),
    );
    // A group's pharmacies: group_id is the membershipFilters addition's, which this environment has.
    await dataProvider.getManyReference('v2/core/pharmacies', { target: 'groupId', id: 4, pagination: { page: 1, perPage: 25 }, sort: { field: 'name', order: 'ASC' }, filter: {} });
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
  it('posts the form fields shaped like an update, not the raw form, and merges the returned id', async () => {
    let body: unknown;
    server.use(
      http.post(`${CORE}/admin/pharmacies`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 12 });
      }),
    );
    const form = { name: '青葉', endedOn: '2026-11-22', pharmacyInvoice: { invoiceNumber: 'T123' }, pharmacies: [{ id: 1 }], id: 99 };
    const { data } = await dataProvider.create('v2/core/pharmacies', { data: form });
    expect(body).toEqual({ name: '青葉', ended_on: '2026-11-22', pharmacy_invoice_attributes: { invoice_number: 'T123' } });
    expect(data).toMatchObject({ id: 12, name: '青葉' });
  });

  it('puts every form field, nested ones at their write path, minus read-only ones', async () => {
    let body: unknown;
    server.use(
      http.put(`${CORE}/admin/pharmacies/3`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    // Unversioned: the version check has its own tests below.
    const record = { id: 3, name: '新しい名前', endedOn: null, pharmacyInvoice: { invoiceNumber: 'T9' } };
    const { data } = await dataProvider.update('v2/core/pharmacies', { id: 3, data: record, previousData: record });
    expect(body).toEqual({ name: '新しい名前', ended_on: null, pharmacy_invoice_attributes: { invoice_number: 'T9' } });
    expect(data).toMatchObject({ id: 3, name: '新しい名前' });
  });

  it('drops read-only fields even when the form lists them', async () => {
    let body: unknown;
    server.use(
      http.put(`${CORE}/admin/companies/3`, async ({ request }) => {
        body = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const record = { id: 3, name: '名前', note: '', pharmaciesCount: 2, pharmacies: [{ id: 1 }] };
    await dataProvider.update('v2/core/companies', { id: 3, data: record, previousData: record });
    expect(body).toEqual({ name: '名前', note: '' });
  });

  it('patches only the changed fields, parsed, for update { PATCH, changed }', async () => {
    let body: unknown;
    server.use(
      http.patch(`${MEDORDER}/admin/orderable_item_fixtures/5`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 5, name: null, gs1_code: '1', quantity: 12 });
      }),
    );
    const previousData = { id: 5, name: 'X', gs1Code: '1', quantity: 10 };
    const { data } = await dataProvider.update(fixtures.name, { id: 5, data: { id: 5, name: '', gs1Code: '1', quantity: ' 12 ' }, previousData });
    expect(body).toEqual({ name: null, quantity: 12 });
    expect(data).toEqual({ id: 5, name: null, gs1Code: '1', quantity: 12 });
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

  it('still exposes send for screens that have not moved to a method', async () => {
    server.use(http.get(`${CORE}/common/users/me`, () => HttpResponse.json({ id: 9 })));
    expect((await dataProvider.send({ path: '/api/v2/core/common/users/me' })).json).toEqual({ id: 9 });
  });
});

describe('update: no silent overwrite of another user\'s save', () => {
  const opened = { id: 7, name: '青葉薬局', note: null, pharmaciesCount: 2, updatedAt: new Date('2026-11-26T01:02:03.456Z') };
  const stored = (updatedAt: string, name = '青葉薬局') => ({ id: 7, name, note: null, pharmacies_count: 2, updated_at: updatedAt });
  /** The server holds the version the form opened; each request's method and If-Unmodified-Since are recorded. */
  const recordSave = () => {
    const seen: { method: string; header: string | null }[] = [];
    server.use(
      http.get(`${CORE}/admin/companies/7`, ({ request }) => {
        seen.push({ method: request.method, header: null });
        return HttpResponse.json(stored('2026-11-26T01:02:03.456Z'));
      }),
      http.put(`${CORE}/admin/companies/7`, ({ request }) => {
        seen.push({ method: request.method, header: request.headers.get('if-unmodified-since') });
        return HttpResponse.json(stored('2026-11-26T02:00:00.000Z', '青葉薬局 本店'));
      }),
    );
    return seen;
  };

  it('reads the record first and writes with If-Unmodified-Since when it is the version the form opened', async () => {
    const seen = recordSave();
    const result = await dataProvider.update('v2/core/companies', { id: 7, data: { ...opened, name: '青葉薬局 本店' }, previousData: opened });
    expect(seen).toEqual([
      { method: 'GET', header: null },
      { method: 'PUT', header: 'Thu, 26 Nov 2026 01:02:03 GMT' },
    ]);
    expect(result.data.name).toBe('青葉薬局 本店');
  });

  it('with the etagWrite addition sends If-Match with the ETag its read answered (and no If-Unmodified-Since); a 412 is the conflict', async () => {
    const provider = (capabilities: ReadonlySet<Capability>) =>
      createDataProvider({ capabilities, client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }), resources: [companies] });
    const seen: Record<string, string | null>[] = [];
    let stale = false;
    server.use(
      http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json(stored('2026-11-26T01:02:03.456Z'), { headers: { etag: '"4"' } })),
      http.put(`${CORE}/admin/companies/7`, ({ request }) => {
        seen.push({ ifMatch: request.headers.get('if-match'), ifUnmodifiedSince: request.headers.get('if-unmodified-since') });
        if (stale) return HttpResponse.json({ errors: ['このデータは他のユーザーによって更新されています。'] }, { status: 412 });
        return HttpResponse.json(stored('2026-11-26T01:02:03.789Z', '青葉薬局 本店'), { headers: { etag: '"5"' } });
      }),
    );
    const save = (capabilities: ReadonlySet<Capability>) =>
      provider(capabilities).update('v2/core/companies', { id: 7, data: { ...opened, name: '青葉薬局 本店' }, previousData: opened });
    await save(new Set(['etagWrite', 'conditionalWrite']));
    await save(new Set(['etagWrite']));
    // Without it, the older header where the environment has that, else none.
    await save(new Set(['conditionalWrite']));
    expect(seen).toEqual([
      { ifMatch: '"4"', ifUnmodifiedSince: null },
      { ifMatch: '"4"', ifUnmodifiedSince: null },
      { ifMatch: null, ifUnmodifiedSince: 'Thu, 26 Nov 2026 01:02:03 GMT' },
    ]);
    // Someone saved between the read and the write, within the same second: the services' 412 is the conflict dialog.
    stale = true;
    await expect(save(new Set(['etagWrite']))).rejects.toSatisfy(isRecordConflict);
  });

  it('without the conditionalWrite addition (the platform as specified) still reads first, and sends no If-Unmodified-Since', async () => {
    const specProvider = createDataProvider({
      capabilities: new Set(),
      client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
      resources: [companies],
    });
    const seen = recordSave();
    await specProvider.update('v2/core/companies', { id: 7, data: { ...opened, name: '青葉薬局 本店' }, previousData: opened });
    expect(seen).toEqual([
      { method: 'GET', header: null },
      { method: 'PUT', header: null },
    ]);
  });

  it('a record deleted since the form opened is said so, whether the read or the write meets the 404 (issue 40)', async () => {
    server.use(http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json({ errors: ['見つかりません。'] }, { status: 404 })));
    await expect(dataProvider.update('v2/core/companies', { id: 7, data: { ...opened, name: 'x' }, previousData: opened })).rejects.toMatchObject({
      status: 404,
      body: { messages: [RECORD_DELETED_MESSAGE] },
    });
    server.use(
      http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json(stored('2026-11-26T01:02:03.456Z'))),
      http.put(`${CORE}/admin/companies/7`, () => HttpResponse.json({ errors: ['見つかりません。'] }, { status: 404 })),
    );
    await expect(dataProvider.update('v2/core/companies', { id: 7, data: { ...opened, name: 'x' }, previousData: opened })).rejects.toMatchObject({
      body: { messages: [RECORD_DELETED_MESSAGE] },
    });
  });

  it('refuses with the record as it is now when someone saved since, and writes nothing', async () => {
    let puts = 0;
    server.use(
      http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json(stored('2026-11-26T01:05:00.000Z', '青葉薬局（他の人の変更）'))),
      http.put(`${CORE}/admin/companies/7`, () => {
        puts += 1;
        return HttpResponse.json({});
      }),
    );
    const error = await dataProvider.update('v2/core/companies', { id: 7, data: { ...opened, note: '備考' }, previousData: opened }).catch((caught: unknown) => caught);
    expect(isRecordConflict(error)).toBe(true);
    expect((error as RecordConflictError).current.name).toBe('青葉薬局（他の人の変更）');
    expect((error as RecordConflictError).status).toBe(409);
    expect((error as RecordConflictError).body.messages).toEqual([RECORD_CONFLICT_MESSAGE]);
    expect(puts).toBe(0);
  });

  it('takes the form\'s own version over a record refetched under it', async () => {
    server.use(http.get(`${CORE}/admin/companies/7`, () => HttpResponse.json(stored('2026-11-26T01:05:00.000Z'))));
    const refetched = { ...opened, updatedAt: new Date('2026-11-26T01:05:00.000Z') };
    const error = await dataProvider.update('v2/core/companies', { id: 7, data: opened, previousData: refetched }).catch((caught: unknown) => caught);
    expect(isRecordConflict(error)).toBe(true);
  });

  it('turns the API\'s 412 (a save in between) into the same conflict', async () => {
    let reads = 0;
    server.use(
      http.get(`${CORE}/admin/companies/7`, () => {
        reads += 1;
        return HttpResponse.json(stored(reads === 1 ? '2026-11-26T01:02:03.456Z' : '2026-11-26T01:02:09.000Z', '青葉薬局 新'));
      }),
      http.put(`${CORE}/admin/companies/7`, () => HttpResponse.json({ errors: ['このデータは他のユーザーによって更新されています。'] }, { status: 412 })),
    );
    const error = await dataProvider.update('v2/core/companies', { id: 7, data: opened, previousData: opened }).catch((caught: unknown) => caught);
    expect(isRecordConflict(error)).toBe(true);
    expect((error as RecordConflictError).current.name).toBe('青葉薬局 新');
  });

  it('a record without a version is written as before, without a read', async () => {
    const methods: string[] = [];
    server.use(
      http.get(`${CORE}/admin/companies/7`, () => {
        methods.push('GET');
        return HttpResponse.json(stored('2026-11-26T01:02:03.456Z'));
      }),
      http.put(`${CORE}/admin/companies/7`, () => {
        methods.push('PUT');
        return HttpResponse.json({});
      }),
    );
    const { updatedAt: _version, ...unversioned } = opened;
    await dataProvider.update('v2/core/companies', { id: 7, data: unversioned, previousData: unversioned });
    expect(methods).toEqual(['PUT']);
  });
});

describe('a record whose detail call section 7 lacks (recordDetails, issue 35)', () => {
  const specProvider = createDataProvider({
    capabilities: new Set(),
    client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
    resources: [fixtures],
  });

  it('is read as its row of the batch fetch by ids, never GET {id}; a missing one is a 404', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${MEDORDER}/admin/orderable_item_fixtures`, ({ request }) => {
        const url = new URL(request.url);
        asked.push(`${url.pathname}?${url.searchParams.toString()}`);
        return url.searchParams.get('ids') === '7'
          ? HttpResponse.json({ orderable_item_fixtures: [{ id: 7, name: '包装A', gs1_code: '14987123456789' }] })
          : HttpResponse.json({ errors: ['見つかりません。'] }, { status: 404 });
      }),
      http.get(`${MEDORDER}/admin/orderable_item_fixtures/:id`, () => {
        throw new Error('GET {id} is beyond section 7');
      }),
    );
    const { data } = await specProvider.getOne('v2/core/master_sources/orderable_item_fixtures', { id: 7 });
    expect(data).toEqual({ id: 7, name: '包装A', gs1Code: '14987123456789' });
    await expect(specProvider.getOne('v2/core/master_sources/orderable_item_fixtures', { id: 8 })).rejects.toMatchObject({ status: 404 });
    expect(asked).toEqual(['/medorder/api/v2/admin/orderable_item_fixtures?ids=7', '/medorder/api/v2/admin/orderable_item_fixtures?ids=8']);
  });

  it('with the addition, GET {id} as before', async () => {
    server.use(http.get(`${MEDORDER}/admin/orderable_item_fixtures/7`, () => HttpResponse.json({ id: 7, name: '包装A' })));
    expect((await dataProvider.getOne('v2/core/master_sources/orderable_item_fixtures', { id: 7 })).data).toEqual({ id: 7, name: '包装A' });
  });
});

describe('a column that sorts by another key (companyNameSort, issue 40)', () => {
  it('asks sort=company_name where the environment has it', async () => {
    const sorts: (string | null)[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies`, ({ request }) => {
        sorts.push(new URL(request.url).searchParams.get('sort'));
        return HttpResponse.json([], { headers: { 'x-total-count': '0', 'x-current-page': '1', 'x-total-pages': '1' } });
      }),
    );
    await dataProvider.getList('v2/core/pharmacies', { pagination: { page: 1, perPage: 25 }, sort: { field: 'companyId', order: 'DESC' }, filter: {} });
    expect(sorts).toEqual(['-company_name']);
  });
});
