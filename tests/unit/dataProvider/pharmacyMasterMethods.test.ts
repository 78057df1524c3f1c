import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const CORE = 'http://localhost/core/api/v2';
const MEDORDER = 'http://localhost/medorder/api/v2';

const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});

describe('pharmacy master methods', () => {
  it('searchPostalCode sends postal_code and answers every address camelized; none is an empty list', async () => {
    const asked: string[] = [];
    server.use(
      http.get(`${CORE}/master/postal_codes/search`, ({ request }) => {
        const code = new URL(request.url).searchParams.get('postal_code')!;
        asked.push(code);
        return HttpResponse.json({
          results: code === '4980000'
            ? [{ postal_code: '4980000', address1: '愛知県', address2: '弥富市', address3: '' }, { postal_code: '4980000', address1: '三重県', address2: '桑名郡木曽岬町', address3: '' }]
            : [],
        });
      }),
    );
    expect(await dataProvider.searchPostalCode('4980000')).toEqual([
      { postalCode: '4980000', address1: '愛知県', address2: '弥富市', address3: '' },
      { postalCode: '4980000', address1: '三重県', address2: '桑名郡木曽岬町', address3: '' },
    ]);
    expect(await dataProvider.searchPostalCode('9999999')).toEqual([]);
    expect(asked).toEqual(['4980000', '9999999']);
  });

  it('createPharmacyLicense PUTs the file with its type to the presigned URL, then posts the licence with the object name', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/3/licenses/presigned_url`, ({ request }) => {
        calls.push(`GET presign ${new URL(request.url).search}`);
        return HttpResponse.json({ presigned_url: 'http://localhost/storage/licenses/pharmacies/3/a.png?sig=1', object_name: 'pharmacies/3/a.png' });
      }),
      http.put('http://localhost/storage/licenses/pharmacies/3/a.png', ({ request }) => {
        calls.push(`PUT ${request.headers.get('content-type')} ${request.headers.get('authorization')}`);
        return new HttpResponse(null, { status: 200 });
      }),
      http.post(`${CORE}/admin/pharmacies/3/licenses`, async ({ request }) => {
        calls.push(`POST ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ id: 8, number: 'A', expires_on: '2030-01-01', signed_url: '/x', active: true }, { status: 201 });
      }),
    );
    const file = new File([new Uint8Array([0x89, 0x50])], 'license.png', { type: 'image/png' });
    const license = await dataProvider.createPharmacyLicense(3, { number: 'A', expiresOn: '2030-01-01', file });
    expect(license).toMatchObject({ id: 8, expiresOn: '2030-01-01', signedUrl: '/x' });
    expect(calls).toEqual([
      'GET presign ',
      'PUT image/png null',
      'POST {"number":"A","expires_on":"2030-01-01","filename_s3":"pharmacies/3/a.png"}',
    ]);
  });

  it('does not register the licence when the upload is refused', async () => {
    let posted = false;
    server.use(
      http.get(`${CORE}/admin/pharmacies/3/licenses/presigned_url`, () => HttpResponse.json({ presigned_url: 'http://localhost/storage/x', object_name: 'x' })),
      http.put('http://localhost/storage/x', () => new HttpResponse(null, { status: 413 })),
      http.post(`${CORE}/admin/pharmacies/3/licenses`, () => {
        posted = true;
        return HttpResponse.json({});
      }),
    );
    const file = new File(['x'], 'a.pdf', { type: 'application/pdf' });
    await expect(dataProvider.createPharmacyLicense(3, { number: 'A', expiresOn: '2030-01-01', file })).rejects.toMatchObject({ status: 413 });
    expect(posted).toBe(false);
  });

  it('lists and deletes licences, and reads and writes the batch config on the ordering service', async () => {
    const calls: string[] = [];
    server.use(
      http.get(`${CORE}/admin/pharmacies/5/licenses`, () => HttpResponse.json([{ id: 1, expires_on: '2030-01-01', created_at: '2026-11-01T00:00:00Z' }])),
      http.delete(`${CORE}/admin/pharmacies/5/licenses/1`, () => {
        calls.push('DELETE');
        return HttpResponse.json({ id: 1 });
      }),
      http.get(`${MEDORDER}/admin/pharmacies/5/batch_config`, () => HttpResponse.json({ ttl: 3600, use_secondary: true })),
      http.put(`${MEDORDER}/admin/pharmacies/5/batch_config`, async ({ request }) => {
        calls.push(`PUT ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ ttl: 0, use_secondary: false });
      }),
    );
    const [license] = await dataProvider.getPharmacyLicenses(5);
    expect(license.expiresOn).toBe('2030-01-01');
    expect(license.createdAt).toEqual(new Date('2026-11-01T00:00:00Z'));
    await dataProvider.deletePharmacyLicense(5, 1);
    expect(await dataProvider.getBatchConfig(5)).toEqual({ ttl: 3600, useSecondary: true });
    expect(await dataProvider.updateBatchConfig(5, { ttl: 0, useSecondary: false })).toEqual({ ttl: 0, useSecondary: false });
    expect(calls).toEqual(['DELETE', 'PUT {"ttl":0,"use_secondary":false}']);
  });
});
