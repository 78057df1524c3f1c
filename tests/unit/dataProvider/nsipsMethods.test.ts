import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { nsipses } from '../../../src/resources/nsipses';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [nsipses],
});

const file = (name: string) => ({ key: `12/${name}`, filename: name, size: 10, last_modified: '2026-10-31T00:00:00.000Z' });

describe('NSIPS list through the declaration (token paging)', () => {
  it('sends the filename prefix, follows the continuation token and keys records by their storage key', async () => {
    const seen: string[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/12/s3_nsipses`, ({ request }) => {
        const query = new URL(request.url).searchParams;
        seen.push(`${query.get('query')} ${query.get('next_continuation_token')}`);
        return query.get('next_continuation_token') === 'T1'
          ? HttpResponse.json({ nsipses: [file('2026_b.csv')], next_continuation_token: null })
          : HttpResponse.json({ nsipses: [file('2026_a.csv')], next_continuation_token: 'T1' });
      }),
    );
    const params = { filter: { pharmacyId: 12, query: '2026' }, pagination: { page: 1, perPage: 25 }, sort: { field: 'key', order: 'ASC' as const } };
    const first = await dataProvider.getList(nsipses.name, params);
    expect(first.data).toEqual([{ id: '12/2026_a.csv', key: '12/2026_a.csv', filename: '2026_a.csv', size: 10, lastModified: '2026-10-31T00:00:00.000Z' }]);
    expect(first.pageInfo).toEqual({ hasNextPage: true, hasPreviousPage: false });
    const second = await dataProvider.getList(nsipses.name, { ...params, pagination: { page: 2, perPage: 25 } });
    expect(second.data.map((record) => record.id)).toEqual(['12/2026_b.csv']);
    expect(second.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
    expect(seen).toEqual(['2026 null', '2026 T1']);
  });
});

describe('NSIPS file methods', () => {
  it('asks for the link with the file name as one encoded segment, then fetches the bytes without the token', async () => {
    const calls: string[] = [];
    const bytes = new Uint8Array([0x87, 0x40, 0x87, 0x8a]); // ① ㈱ in CP932
    server.use(
      http.get(`${CORE}/admin/pharmacies/12/s3_nsipses/:filename`, ({ request, params }) => {
        calls.push(`link ${String(params.filename)} ${new URL(request.url).pathname.split('/').pop()} ${request.headers.get('authorization')}`);
        return HttpResponse.json({ presigned_url: 'http://localhost/storage/nsips/12/a.csv?sig=1' });
      }),
      http.get('http://localhost/storage/nsips/12/a.csv', ({ request }) => {
        calls.push(`bytes ${request.headers.get('authorization')}`);
        return new HttpResponse(bytes, { headers: { 'content-type': 'text/csv; charset=Shift_JIS' } });
      }),
    );
    const url = await dataProvider.getNsipsFileLink(12, '処方 1.csv');
    expect(url).toBe('http://localhost/storage/nsips/12/a.csv?sig=1');
    expect(new Uint8Array(await dataProvider.downloadNsipsFile(url))).toEqual(bytes);
    expect(calls).toEqual([`link 処方 1.csv ${encodeURIComponent('処方 1.csv')} Bearer token`, 'bytes null']);
  });

  it('keeps the store’s Japanese refusal (an expired link) and the API’s', async () => {
    server.use(
      http.get('http://localhost/storage/nsips/12/old.csv', () => HttpResponse.json({ errors: ['URLの有効期限が切れています。'] }, { status: 403 })),
      http.get(`${CORE}/admin/pharmacies/12/s3_nsipses/:filename`, () => HttpResponse.json({ errors: ['NSIPSファイルが見つかりません。'] }, { status: 404 })),
    );
    await expect(dataProvider.downloadNsipsFile('http://localhost/storage/nsips/12/old.csv')).rejects.toMatchObject({ status: 403, body: { messages: ['URLの有効期限が切れています。'] } });
    await expect(dataProvider.getNsipsFileLink(12, 'gone.csv')).rejects.toMatchObject({ status: 404, body: { messages: ['NSIPSファイルが見つかりません。'] } });
  });
});
