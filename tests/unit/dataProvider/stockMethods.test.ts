import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});

describe('stock methods', () => {
  it('follows v1 pageTokens until none, in camelCase, and decodes executedAt as an instant', async () => {
    const queries: string[] = [];
    server.use(
      http.get('http://localhost/legacy/api/v1/medorder/fifo-racks', ({ request }) => {
        const url = new URL(request.url);
        queries.push(url.search);
        const page = url.searchParams.get('pageToken');
        const entry = (id: number) => ({ id, type: 1, quantity: -1, executedAt: `2026-10-0${id}T00:00:00Z`, prescriptionNumber: null });
        return HttpResponse.json(page === 't2' ? { fifoRacks: [entry(3)], nextPageToken: null } : page === 't1' ? { fifoRacks: [entry(2)], nextPageToken: 't2' } : { fifoRacks: [entry(1)], nextPageToken: 't1' });
      }),
    );
    const racks = await dataProvider.getFifoRacks(7, '1124003F2230');
    expect(queries).toEqual(['?pharmacyId=7&yjCode=1124003F2230', '?pageToken=t1', '?pageToken=t2']);
    expect(racks.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(racks[0].executedAt).toEqual(new Date('2026-10-01T00:00:00Z'));
  });

  it('posts a fix_quantity adjustment with the delta as a string, snake_cased', async () => {
    let body: unknown;
    server.use(
      http.post('http://localhost/medorder/api/v2/pharmacy/pharmacies/3/stocks/4/logs', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 9, logged_at: '2026-10-01T00:00:00.000Z', action: 'fix_quantity', delta_quantity: '-0.1', validated: true }, { status: 201 });
      }),
    );
    const log = await dataProvider.addStockAdjustment({ pharmacyId: 3, itemId: 4, loggedAt: new Date('2026-10-01T00:00:00Z'), deltaQuantity: 0.1 - 0.2 });
    expect(body).toEqual({ logged_at: '2026-10-01T00:00:00.000Z', stock_action: 'fix_quantity', delta_quantity: '-0.1', validated: true });
    expect(log.deltaQuantity).toBe(-0.1);
  });

  it('posts the v1 fix with pharmacyId and yjCode as v1 names them', async () => {
    let body: unknown;
    server.use(
      http.post('http://localhost/legacy/api/v1/medorder/stocks/1124003F2230/fix', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ yjCode: '1124003F2230', quantity: 1 });
      }),
    );
    await dataProvider.fixV1Stock(5, '1124003F2230');
    expect(body).toEqual({ pharmacyId: 5, yjCode: '1124003F2230' });
  });
});
