import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const STORAGE = 'http://storage.localhost/bucket';

const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});

interface Call {
  method: string;
  path: string;
  body: unknown;
  authorization?: string | null;
  contentType?: string | null;
}

/** Records every call to a path, answering 204. */
const recordCalls = (path: string, methods: ('post' | 'patch' | 'delete' | 'put')[]) => {
  const calls: Call[] = [];
  server.use(
    ...methods.map((method) =>
      http[method](path, async ({ request }) => {
        const text = await request.text();
        calls.push({ method: request.method, path: new URL(request.url).pathname, body: text === '' ? undefined : JSON.parse(text) });
        return new HttpResponse(null, { status: 204 });
      }),
    ),
  );
  return calls;
};

describe('membership methods', () => {
  it('adds and removes company pharmacies with PATCH and DELETE {pharmacy_ids}', async () => {
    const calls = recordCalls(`${CORE}/admin/companies/:id/pharmacies`, ['patch', 'delete']);
    await dataProvider.addCompanyPharmacies(4, [11, 12]);
    await dataProvider.removeCompanyPharmacies(4, [12]);
    expect(calls).toEqual([
      { method: 'PATCH', path: '/core/api/v2/admin/companies/4/pharmacies', body: { pharmacy_ids: [11, 12] } },
      { method: 'DELETE', path: '/core/api/v2/admin/companies/4/pharmacies', body: { pharmacy_ids: [12] } },
    ]);
  });

  it('adds and removes one company pharmacy as a one-element pharmacy_ids (the shared tab calls method(ownerId, pharmacyId))', async () => {
    const calls = recordCalls(`${CORE}/admin/companies/:id/pharmacies`, ['patch', 'delete']);
    await dataProvider.addCompanyPharmacy(4, 11);
    await dataProvider.removeCompanyPharmacy(4, 11);
    expect(calls).toEqual([
      { method: 'PATCH', path: '/core/api/v2/admin/companies/4/pharmacies', body: { pharmacy_ids: [11] } },
      { method: 'DELETE', path: '/core/api/v2/admin/companies/4/pharmacies', body: { pharmacy_ids: [11] } },
    ]);
  });

  it('adds and removes a group pharmacy with POST and DELETE {pharmacy_id}', async () => {
    const calls = recordCalls(`${CORE}/admin/groups/:id/pharmacy`, ['post', 'delete']);
    await dataProvider.addGroupPharmacy(9, 31);
    await dataProvider.removeGroupPharmacy(9, 31);
    expect(calls).toEqual([
      { method: 'POST', path: '/core/api/v2/admin/groups/9/pharmacy', body: { pharmacy_id: 31 } },
      { method: 'DELETE', path: '/core/api/v2/admin/groups/9/pharmacy', body: { pharmacy_id: 31 } },
    ]);
  });

  it('rejects with the server messages', async () => {
    server.use(http.post(`${CORE}/admin/groups/9/pharmacy`, () => HttpResponse.json({ errors: ['すでに所属しています'] }, { status: 422 })));
    await expect(dataProvider.addGroupPharmacy(9, 31)).rejects.toMatchObject({ status: 422, body: { messages: ['すでに所属しています'] } });
  });
});

describe('account methods', () => {
  it('getMe reads users/me camelized', async () => {
    server.use(http.get(`${CORE}/common/users/me`, () => HttpResponse.json({ id: 3, pharmacy_ids: [1] })));
    expect(await dataProvider.getMe()).toEqual({ id: 3, pharmacyIds: [1] });
  });

  it('changePassword posts the passwords snake_cased, the current one only when given', async () => {
    const calls = recordCalls(`${CORE}/common/users/change_password`, ['post']);
    await dataProvider.changePassword({ newPassword: 'Abcd1234!', newPasswordAgain: 'Abcd1234!' });
    await dataProvider.changePassword({ currentPassword: 'old', newPassword: 'N', newPasswordAgain: 'N' });
    expect(calls.map((call) => call.body)).toEqual([
      { new_password: 'Abcd1234!', new_password_again: 'Abcd1234!' },
      { current_password: 'old', new_password: 'N', new_password_again: 'N' },
    ]);
  });

  it('restoreUser posts {} and returns both id lists', async () => {
    let body: unknown;
    server.use(
      http.post(`${CORE}/common/users/restore`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ auth0_pharmacy_ids: [1, 2], db_pharmacy_ids: [2] });
      }),
    );
    expect(await dataProvider.restoreUser()).toEqual({ auth0PharmacyIds: [1, 2], dbPharmacyIds: [2] });
    expect(body).toEqual({});
  });
});

describe('uploadThroughPresignedUrl', () => {
  it('asks for a link with no parameter (section 7 takes none), PUTs the file with its content type and no bearer token, and returns the object name', async () => {
    const calls: Call[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/3/licenses/presigned_url`, ({ request }) => {
        calls.push({ method: 'GET', path: new URL(request.url).pathname + new URL(request.url).search, body: undefined, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ presigned_url: `${STORAGE}/licenses/abc?signature=s`, object_name: 'licenses/abc.pdf' });
      }),
      http.put(`${STORAGE}/licenses/abc`, async ({ request }) => {
        calls.push({
          method: 'PUT',
          path: new URL(request.url).pathname,
          body: await request.text(),
          authorization: request.headers.get('authorization'),
          contentType: request.headers.get('content-type'),
        });
        return new HttpResponse(null, { status: 200 });
      }),
    );
    const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });
    const objectName = await dataProvider.uploadThroughPresignedUrl({ presignPath: '/api/v2/core/admin/pharmacies/3/licenses/presigned_url', file });
    expect(objectName).toBe('licenses/abc.pdf');
    expect(calls).toEqual([
      { method: 'GET', path: '/core/api/v2/admin/pharmacies/3/licenses/presigned_url', body: undefined, authorization: 'Bearer token' },
      { method: 'PUT', path: '/bucket/licenses/abc', body: '%PDF-1.4', authorization: null, contentType: 'application/pdf' },
    ]);
  });

  it("shows the store's own reason for a refused PUT when it gives one as JSON (the reference API's 415), else the status's", async () => {
    server.use(
      http.get(`${CORE}/admin/inquiry_messages/file_presigned_url`, () => HttpResponse.json({ presigned_url: `${STORAGE}/z`, object_name: 'z' })),
      http.put(`${STORAGE}/z`, () => HttpResponse.json({ errors: ['ファイルの中身がPNGではありません。'] }, { status: 415 })),
    );
    const file = new Blob(['これは画像ではありません'], { type: 'image/png' });
    await expect(dataProvider.uploadThroughPresignedUrl({ presignPath: '/api/v2/core/admin/inquiry_messages/file_presigned_url', file })).rejects.toMatchObject({
      status: 415,
      body: { messages: ['ファイルの中身がPNGではありません。'] },
    });
    // An S3 answers XML: the generic message for the status.
    server.use(http.put(`${STORAGE}/z`, () => new HttpResponse('<Error><Code>AccessDenied</Code></Error>', { status: 403, headers: { 'content-type': 'application/xml' } })));
    await expect(dataProvider.uploadThroughPresignedUrl({ presignPath: '/api/v2/core/admin/inquiry_messages/file_presigned_url', file })).rejects.toMatchObject({
      status: 403,
      body: { messages: ['この操作を行う権限がありません。'] },
    });
  });

  it('fails with the storage status when the PUT is refused, and on a link without object name', async () => {
    server.use(
      http.get(`${CORE}/admin/inquiry_messages/file_presigned_url`, () => HttpResponse.json({ presigned_url: `${STORAGE}/x`, object_name: 'x' })),
      http.put(`${STORAGE}/x`, () => new HttpResponse('denied', { status: 403 })),
      http.get(`${CORE}/admin/manual_files/presigned_url`, () => HttpResponse.json({ presigned_url: `${STORAGE}/y` })),
    );
    const file = new Blob(['a'], { type: 'text/plain' });
    await expect(dataProvider.uploadThroughPresignedUrl({ presignPath: '/api/v2/core/admin/inquiry_messages/file_presigned_url', file })).rejects.toMatchObject({ status: 403 });
    await expect(dataProvider.uploadThroughPresignedUrl({ presignPath: '/api/v2/core/admin/manual_files/presigned_url', file })).rejects.toThrow(
      '署名付きURLの応答に presigned_url と object_name がありません',
    );
  });
});
