import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_MEDICINES } from '../../server/db/seedCatalogue';
import { FIX_LOCKED, STOCK_PAGE_SIZE, FIFO_RACK_PAGE_SIZE } from '../../server/services/legacy/stocks/routes';
import { BAD_PAGE_TOKEN } from '../../server/services/legacy/stocks/pageToken';
import { ONLY_FIX_QUANTITY, QUANTITY_FORMAT, ZERO_DELTA } from '../../server/services/medorder/stocks/routes';
import { STOCK_SCENARIO } from '../../server/db/stocksScenario';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const v2 = (pharmacyId: number, itemId: number) => `/medorder/api/v2/pharmacy/pharmacies/${pharmacyId}/stocks/${itemId}`;
const yjOf = (itemId: number) => SEEDED_MEDICINES[itemId - 1].yjCode;
const scenario = (kind: string, pharmacyId = 1) => {
  const found = STOCK_SCENARIO.find((s) => s.disagreement === kind && s.pharmacyId === pharmacyId);
  if (!found) throw new Error(`no ${kind} stock`);
  return found;
};

async function v2Quantity(pharmacyId: number, itemId: number): Promise<number> {
  const { status, body } = await getJson<{ quantity: string }>(app, v2(pharmacyId, itemId));
  expect(status).toBe(200);
  expect(typeof body.quantity).toBe('string');
  return Number(body.quantity);
}

async function v1Quantity(pharmacyId: number, yjCode: string): Promise<number> {
  const { status, body } = await getJson<{ stocks: { yjCode: string; quantity: number }[] }>(
    app,
    `/legacy/api/v1/medorder/stocks?pharmacyId=${pharmacyId}&yjCodes=${yjCode}`,
  );
  expect(status).toBe(200);
  expect(body.stocks.map((s) => s.yjCode)).toEqual([yjCode]);
  return body.stocks[0].quantity;
}

async function post(path: string, json: unknown, token?: string) {
  const res = await app.call(path, { method: 'POST', token: token ?? (await app.token()), json });
  return { status: res.status, body: (await res.json()) as { errors?: string[]; field_errors?: Record<string, string[]> } & Record<string, unknown> };
}

describe('legacy v1 paging', () => {
  it('lists every stocked drug of a pharmacy by following nextPageToken until it is null', async () => {
    const codes: string[] = [];
    let query = 'pharmacyId=1';
    let pages = 0;
    for (;;) {
      const { status, body } = await getJson<{ stocks: { yjCode: string }[]; nextPageToken: string | null }>(app, `/legacy/api/v1/medorder/stocks?${query}`);
      expect(status).toBe(200);
      expect(body.stocks.length).toBeLessThanOrEqual(STOCK_PAGE_SIZE);
      codes.push(...body.stocks.map((s) => s.yjCode));
      pages += 1;
      if (body.nextPageToken === null) break;
      query = `pageToken=${encodeURIComponent(body.nextPageToken)}`;
    }
    const expected = STOCK_SCENARIO.filter((s) => s.pharmacyId === 1).map((s) => s.yjCode).sort();
    expect(codes).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / STOCK_PAGE_SIZE));
  });

  it('pages a drug’s FIFO racks in time order with UTC executedAt', async () => {
    const stock = STOCK_SCENARIO[0];
    const entries: { executedAt: string; type: number; quantity: number }[] = [];
    let query = `pharmacyId=${stock.pharmacyId}&yjCode=${stock.yjCode}`;
    for (;;) {
      const { status, body } = await getJson<{ fifoRacks: typeof entries; nextPageToken: string | null }>(app, `/legacy/api/v1/medorder/fifo-racks?${query}`);
      expect(status).toBe(200);
      expect(body.fifoRacks.length).toBeLessThanOrEqual(FIFO_RACK_PAGE_SIZE);
      entries.push(...body.fifoRacks);
      if (!body.nextPageToken) break;
      query = `pageToken=${body.nextPageToken}`;
    }
    expect(entries.map(({ executedAt, type, quantity }) => ({ executedAt, type, quantity }))).toEqual(
      stock.entries.map(({ executedAt, type, quantity }) => ({ executedAt, type, quantity })),
    );
    expect(entries.every((e) => e.executedAt.endsWith('Z'))).toBe(true);
  });

  it('refuses forged, foreign and contradictory page tokens with a Japanese 422', async () => {
    const first = await getJson<{ nextPageToken: string }>(app, '/legacy/api/v1/medorder/stocks?pharmacyId=1');
    const cases = [
      '/legacy/api/v1/medorder/stocks?pageToken=%%%',
      '/legacy/api/v1/medorder/stocks?pageToken=bm90IGpzb24',
      `/legacy/api/v1/medorder/stocks?pageToken=${Buffer.from('{"p":"1","a":1}').toString('base64url')}`,
      `/legacy/api/v1/medorder/stocks?pharmacyId=2&pageToken=${first.body.nextPageToken}`,
      `/legacy/api/v1/medorder/fifo-racks?pageToken=${first.body.nextPageToken}`,
    ];
    for (const path of cases) {
      const { status, body } = await getJson<{ errors: string[] }>(app, path);
      expect(status, path).toBe(422);
      expect(body.errors.join('')).toContain(BAD_PAGE_TOKEN);
    }
  });

  it('answers 422 for missing or malformed queries and 403 for another pharmacy’s stocks', async () => {
    for (const path of ['/legacy/api/v1/medorder/stocks', '/legacy/api/v1/medorder/stocks?pharmacyId=abc', '/legacy/api/v1/medorder/stocks?pharmacyId=1&yjCodes=x;DROP',
      '/legacy/api/v1/medorder/fifo-racks?pharmacyId=1', `/legacy/api/v1/medorder/fifo-racks?yjCode=${yjOf(1)}`]) {
      const { status, body } = await getJson<{ errors: string[] }>(app, path);
      expect(status, path).toBe(422);
      expect(body.errors.length).toBeGreaterThan(0);
    }
    const pharmacyToken = await app.token(PHARMACY);
    expect((await app.call('/legacy/api/v1/medorder/stocks?pharmacyId=2', { token: pharmacyToken })).status).toBe(403);
    expect((await app.call('/legacy/api/v1/medorder/stocks?pharmacyId=1', { token: pharmacyToken })).status).toBe(200);
    expect((await app.call('/legacy/api/v1/medorder/stocks?pharmacyId=1')).status).toBe(401);
  });
});

describe('v2 stock logs and the adjustment', () => {
  it('a fix_quantity with a string delta equal to the entry v2 missed makes v2 agree with v1', async () => {
    const stock = scenario('missingInV2');
    const missed = stock.entries.at(-1)!;
    const before = await v2Quantity(stock.pharmacyId, stock.itemId);
    expect(before - (await v1Quantity(stock.pharmacyId, stock.yjCode))).toBe(-missed.quantity);
    const { status, body } = await post(`${v2(stock.pharmacyId, stock.itemId)}/logs`, {
      logged_at: missed.executedAt, stock_action: 'fix_quantity', delta_quantity: String(missed.quantity), validated: true,
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ action: 'fix_quantity', delta_quantity: String(missed.quantity), logged_at: missed.executedAt, validated: true });
    expect(await v2Quantity(stock.pharmacyId, stock.itemId)).toBe(await v1Quantity(stock.pharmacyId, stock.yjCode));
    const logs = await getJson<{ logged_at: string }[]>(app, `${v2(stock.pharmacyId, stock.itemId)}/logs`);
    expect(logs.body.map((l) => l.logged_at)).toEqual([...logs.body.map((l) => l.logged_at)].sort());
    expect(logs.body).toHaveLength(stock.entries.length);
  });

  it('keeps decimal deltas exact and answers them as strings', async () => {
    const path = `${v2(3, 6)}/logs`;
    const before = await v2Quantity(3, 6);
    expect((await post(path, { logged_at: '2026-11-01T09:00:00+09:00', stock_action: 'fix_quantity', delta_quantity: '0.1' })).status).toBe(201);
    const second = await post(path, { logged_at: '2026-11-01T09:00:00+09:00', stock_action: 'fix_quantity', delta_quantity: '-0.125' });
    expect(second.body).toMatchObject({ delta_quantity: '-0.125', logged_at: '2026-11-01T00:00:00.000Z' });
    const { body } = await getJson<{ quantity: string }>(app, v2(3, 6));
    expect(body.quantity).toBe(`${before - 1}.975`);
  });

  it('refuses hostile adjustments with Japanese 422s and saves nothing', async () => {
    const stock = STOCK_SCENARIO.find((s) => s.pharmacyId === 3 && s.itemId === 5)!;
    const path = `${v2(stock.pharmacyId, stock.itemId)}/logs`;
    const before = await getJson<unknown[]>(app, path);
    const valid = { logged_at: '2026-11-01T00:00:00Z', stock_action: 'fix_quantity', delta_quantity: '3' };
    const cases: [unknown, string | null][] = [
      [{ ...valid, delta_quantity: 3 }, null],
      [{ ...valid, delta_quantity: '1e3' }, QUANTITY_FORMAT],
      [{ ...valid, delta_quantity: '3.0001' }, QUANTITY_FORMAT],
      [{ ...valid, delta_quantity: '' }, QUANTITY_FORMAT],
      [{ ...valid, delta_quantity: '-0' }, ZERO_DELTA],
      [{ ...valid, stock_action: 'dispense' }, ONLY_FIX_QUANTITY],
      [{ ...valid, logged_at: 'yesterday' }, null],
      [{ ...valid, logged_at: undefined }, null],
      [[valid], null],
      [null, null],
    ];
    for (const [json, message] of cases) {
      const { status, body } = await post(path, json);
      expect(status, JSON.stringify(json)).toBe(422);
      expect(body.errors!.length).toBeGreaterThan(0);
      if (message) expect(body.errors).toContain(message);
      expect(body.errors!.join('')).toMatch(/[ぁ-んァ-ン一-龯]/);
    }
    expect((await getJson<unknown[]>(app, path)).body).toEqual(before.body);
  });

  it('answers 404 for an unknown item, 422 for a non-numeric id, 403 for another pharmacy', async () => {
    expect((await getJson(app, v2(1, 999))).status).toBe(404);
    expect((await getJson(app, '/medorder/api/v2/pharmacy/pharmacies/x/stocks/1')).status).toBe(422);
    expect((await getJson(app, '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1%27%20OR%201=1/logs')).status).toBe(422);
    const pharmacyToken = await app.token(PHARMACY);
    expect((await app.call(v2(2, 1), { token: pharmacyToken })).status).toBe(403);
    expect((await post(`${v2(2, 1)}/logs`, { logged_at: '2026-11-01T00:00:00Z', stock_action: 'fix_quantity', delta_quantity: '1' }, pharmacyToken)).status).toBe(403);
  });

  it('answers the stockable item and the pharmacy the diff names', async () => {
    const item = await getJson<{ id: number; name: string; yj_code: string }>(app, '/medorder/api/v2/master/stockable_items/2');
    expect(item.body).toMatchObject({ id: 2, name: SEEDED_MEDICINES[1].name, yj_code: SEEDED_MEDICINES[1].yjCode });
    expect((await getJson(app, '/medorder/api/v2/master/stockable_items/0')).status).toBe(404);
    const pharmacy = await getJson<{ id: number; name: string }>(app, '/core/api/v2/pharmacy/pharmacies/1');
    expect(pharmacy.status).toBe(200);
    expect(pharmacy.body.id).toBe(1);
    expect(pharmacy.body.name.length).toBeGreaterThan(0);
    expect((await app.call('/core/api/v2/pharmacy/pharmacies/2', { token: await app.token(PHARMACY) })).status).toBe(403);
  });
});

describe('legacy v1 fix', () => {
  it('rebuilds a drifted v1 stock from its racks, after which v1 agrees with v2', async () => {
    const stock = scenario('driftedV1');
    const v2Before = await v2Quantity(stock.pharmacyId, stock.itemId);
    expect(await v1Quantity(stock.pharmacyId, stock.yjCode)).not.toBe(v2Before);
    const { status, body } = await post(`/legacy/api/v1/medorder/stocks/${stock.yjCode}/fix`, { pharmacyId: stock.pharmacyId, yjCode: stock.yjCode });
    expect(status).toBe(200);
    expect(body).toEqual({ yjCode: stock.yjCode, quantity: v2Before });
    expect(await v1Quantity(stock.pharmacyId, stock.yjCode)).toBe(v2Before);
  });

  it('refuses a locked drug with a Japanese 422 and leaves it as it was', async () => {
    const stock = scenario('fixFails');
    const before = await v1Quantity(stock.pharmacyId, stock.yjCode);
    const { status, body } = await post(`/legacy/api/v1/medorder/stocks/${stock.yjCode}/fix`, { pharmacyId: stock.pharmacyId, yjCode: stock.yjCode });
    expect(status).toBe(422);
    expect(body.errors).toEqual([FIX_LOCKED]);
    expect(await v1Quantity(stock.pharmacyId, stock.yjCode)).toBe(before);
  });

  it('refuses hostile fix requests', async () => {
    const yj = yjOf(1);
    const path = `/legacy/api/v1/medorder/stocks/${yj}/fix`;
    for (const json of [{}, { pharmacyId: '1', yjCode: yj }, { pharmacyId: 1, yjCode: yjOf(2) }, { pharmacyId: -1, yjCode: yj }, { pharmacyId: 1e300, yjCode: yj }]) {
      const { status, body } = await post(path, json);
      expect(status, JSON.stringify(json)).toBe(422);
      expect(body.errors!.length).toBeGreaterThan(0);
    }
    expect((await post('/legacy/api/v1/medorder/stocks/..%2F..%2Fx/fix', { pharmacyId: 1, yjCode: yj })).status).toBe(422);
    expect((await post(path, { pharmacyId: 250, yjCode: yj })).status).toBe(404);
    expect((await post(path, { pharmacyId: 2, yjCode: yj }, await app.token(PHARMACY))).status).toBe(403);
  });
});
