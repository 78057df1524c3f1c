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

const bodies: { method: string; path: string; body: unknown }[] = [];
const record = async (request: Request) => {
  const text = await request.text();
  bodies.push({ method: request.method, path: new URL(request.url).pathname, body: text === '' ? undefined : JSON.parse(text) });
};

describe('user methods', () => {
  it('creates a pharmacy user with snake_case keys and returns the one-time password', async () => {
    bodies.length = 0;
    server.use(
      http.post(`${CORE}/admin/users`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ id: 9, email: 'a@example.jp', password: 'Xy7!abcdEFGH2k' }, { status: 201 });
      }),
    );
    const created = await dataProvider.createUser({ role: 'pharmacy', name: '新井', email: 'a@example.jp', pharmacyId: 7, permission: 'write' });
    expect(created).toEqual({ id: 9, email: 'a@example.jp', password: 'Xy7!abcdEFGH2k' });
    expect(bodies).toEqual([
      { method: 'POST', path: '/core/api/v2/admin/users', body: { role: 'pharmacy', name: '新井', email: 'a@example.jp', pharmacy_id: 7, permission: 'write' } },
    ]);
  });

  it("reads a pharmacy's users with the paging headers, and joins, switches and leaves with {user_id, permission}", async () => {
    bodies.length = 0;
    let asked: URL | undefined;
    server.use(
      http.get(`${CORE}/admin/pharmacies/:id/users`, ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json([{ id: 3, name: '中村 彩', email: 'n@example.jp', permission: 'read', created_at: '2024-04-01T00:00:00.000Z' }], {
          headers: { 'x-current-page': '2', 'x-total-pages': '3', 'x-total-count': '51' },
        });
      }),
      http.post(`${CORE}/admin/pharmacies/:id/users`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({});
      }),
      http.delete(`${CORE}/admin/pharmacies/:id/users`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({});
      }),
    );
    const page = await dataProvider.getPharmacyUsers(2, { query: 'なかむら', page: 2 });
    expect(asked?.pathname).toBe('/core/api/v2/admin/pharmacies/2/users');
    expect(Object.fromEntries(asked!.searchParams)).toEqual({ query: 'なかむら', page: '2' });
    expect(page).toMatchObject({ total: 51, currentPage: 2, totalPages: 3 });
    expect(page.data[0]).toMatchObject({ id: 3, permission: 'read', createdAt: new Date('2024-04-01T00:00:00.000Z') });

    await dataProvider.setPharmacyUserPermission(2, 3, 'write');
    await dataProvider.removePharmacyUser(2, 3);
    expect(bodies).toEqual([
      { method: 'POST', path: '/core/api/v2/admin/pharmacies/2/users', body: { user_id: 3, permission: 'write' } },
      { method: 'DELETE', path: '/core/api/v2/admin/pharmacies/2/users', body: { user_id: 3 } },
    ]);
  });

  it('refuses a list without paging headers rather than guessing', async () => {
    server.use(http.get(`${CORE}/admin/pharmacies/:id/users`, () => HttpResponse.json([])));
    await expect(dataProvider.getPharmacyUsers(2)).rejects.toThrow(/x-current-page/);
  });
});
