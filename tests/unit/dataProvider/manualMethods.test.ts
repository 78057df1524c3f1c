import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});

describe('manual methods', () => {
  it('read the root categories and one category with camelCase keys', async () => {
    server.use(
      http.get(`${CORE}/admin/manual_categories`, () => HttpResponse.json([{ id: 1, name: '基本操作', parent_id: null, depth: 0, has_child: true, manuals_count: 0 }])),
      http.get(`${CORE}/admin/manual_categories/1`, () =>
        HttpResponse.json({ id: 1, name: '基本操作', parent_id: null, depth: 0, has_child: true, manuals_count: 0, children: [{ id: 2, name: '画面', parent_id: 1, depth: 1, has_child: false, manuals_count: 2 }], ancestors: [] }),
      ),
    );
    expect(await dataProvider.getManualCategories()).toEqual([{ id: 1, name: '基本操作', parentId: null, depth: 0, hasChild: true, manualsCount: 0 }]);
    expect((await dataProvider.getManualCategory(1)).children[0]).toMatchObject({ id: 2, parentId: 1, hasChild: false, manualsCount: 2 });
  });

  it('uploads an image: asks for a link (no parameter), PUTs it with its type without the token, answers the public URL', async () => {
    const calls: { method: string; url: string; authorization: string | null; contentType: string | null }[] = [];
    server.use(
      http.get(`${CORE}/admin/manual_files/presigned_url`, ({ request }) => {
        calls.push({ method: 'GET', url: new URL(request.url).search, authorization: request.headers.get('authorization'), contentType: null });
        return HttpResponse.json({ presigned_url: 'http://localhost/storage/manual-images/a.png?sig=1', public_url: '/storage/manual-images/a.png', object_name: 'a.png' });
      }),
      http.put('http://localhost/storage/manual-images/a.png', ({ request }) => {
        calls.push({ method: 'PUT', url: '', authorization: request.headers.get('authorization'), contentType: request.headers.get('content-type') });
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const url = await dataProvider.uploadManualImage(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' }));
    expect(url).toBe('/storage/manual-images/a.png');
    expect(calls).toEqual([
      { method: 'GET', url: '', authorization: 'Bearer token', contentType: null },
      { method: 'PUT', url: '', authorization: null, contentType: 'image/png' },
    ]);
  });

  it("fails with the storage status and its reason when the object store refuses the bytes", async () => {
    server.use(
      http.get(`${CORE}/admin/manual_files/presigned_url`, () => HttpResponse.json({ presigned_url: 'http://localhost/storage/manual-images/b.png', public_url: '/storage/manual-images/b.png' })),
      http.put('http://localhost/storage/manual-images/b.png', () => HttpResponse.json({ errors: ['ファイルの中身がPNGではありません。'] }, { status: 415 })),
    );
    await expect(dataProvider.uploadManualImage(new Blob(['<svg/>'], { type: 'image/png' }))).rejects.toMatchObject({ status: 415, body: { messages: ['ファイルの中身がPNGではありません。'] } });
  });

  it('create, rename or move, and delete a category with snake_case bodies', async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    const record = async ({ request }: { request: Request }) => {
      const text = await request.text();
      calls.push({ method: request.method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
      return request.method === 'DELETE' ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ id: 7, name: '研修', parent_id: 1, depth: 1, has_child: false, manuals_count: 0, children: [], ancestors: [] });
    };
    server.use(http.post(`${CORE}/admin/manual_categories`, record), http.patch(`${CORE}/admin/manual_categories/7`, record), http.delete(`${CORE}/admin/manual_categories/7`, record));
    expect((await dataProvider.createManualCategory({ name: '研修', parentId: 1 })).parentId).toBe(1);
    await dataProvider.updateManualCategory(7, { parentId: null });
    await dataProvider.deleteManualCategory(7);
    expect(calls).toEqual([
      { method: 'POST', path: '/core/api/v2/admin/manual_categories', body: { name: '研修', parent_id: 1 } },
      { method: 'PATCH', path: '/core/api/v2/admin/manual_categories/7', body: { parent_id: null } },
      { method: 'DELETE', path: '/core/api/v2/admin/manual_categories/7', body: undefined },
    ]);
  });
});
