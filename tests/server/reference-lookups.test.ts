import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';

/**
 * The lookups behind references (issue 23 item 11): a list page names its companies, pharmacies
 * or stockable fixtures, and the SPA asks for their names in one `ids=` call. Every such list
 * takes `ids` through the shared list engine; here, through HTTP, each answers the names asked
 * for, a 404 when none exists (the SPA reads an empty batch), and a clear Japanese 4xx, never a
 * 5xx, for what no SPA sends.
 */
const LOOKUPS = [
  ['companies', '/core/api/v2/admin/companies'],
  ['pharmacies', '/core/api/v2/admin/pharmacies'],
  ['stockable fixtures', '/medorder/api/v2/admin/stockable_item_fixtures'],
] as const;

let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const japanese = /[\u3040-\u30ff\u4e00-\u9faf]/;

const expectJapaneseRefusal = (status: number, body: unknown) => {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  const errors = (body as { errors?: unknown }).errors;
  expect(Array.isArray(errors)).toBe(true);
  expect((errors as unknown[]).length).toBeGreaterThan(0);
  for (const message of errors as unknown[]) expect(String(message)).toMatch(japanese);
};

describe.each(LOOKUPS)('looking up %s by ids', (_name, path) => {
  const someIds = async (count: number) => (await getJson<{ id: number }[]>(app, `${path}?fields=id`)).body.slice(0, count).map((row) => row.id);

  it('answers the records asked for, with their names, in one call', async () => {
    const ids = await someIds(3);
    expect(ids.length).toBeGreaterThan(0);
    const { status, body } = await getJson<{ id: number; name: string | null }[]>(app, `${path}?ids=${[...ids, 99_999_999].join(',')}`);
    expect(status).toBe(200);
    expect(body.map((row) => row.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    for (const row of body) expect(row).toHaveProperty('name');
  });

  it('answers 404 when none of the ids exists', async () => {
    const { status } = await getJson(app, `${path}?ids=99999998,99999999`);
    expect(status).toBe(404);
  });

  it.each([
    ['non-numeric ids', 'ids=1,abc'],
    ['an SQL fragment', `ids=${encodeURIComponent('1) OR 1=1 --')}`],
    ['an empty id', 'ids=1,,2'],
    ['a negative id', 'ids=-1'],
    ['an empty list', 'ids='],
    ['1000 ids', `ids=${Array.from({ length: 1000 }, (_, index) => index + 1).join(',')}`],
    ['101 ids', `ids=${Array.from({ length: 101 }, (_, index) => index + 1).join(',')}`],
  ])('refuses %s with a Japanese 4xx', async (_case, query) => {
    const { status, body } = await getJson(app, `${path}?${query}`);
    expectJapaneseRefusal(status, body);
  });

  it('takes 100 ids, the batch the SPA sends', async () => {
    const { status } = await getJson(app, `${path}?ids=${Array.from({ length: 100 }, (_, index) => index + 1).join(',')}`);
    expect(status).toBe(200);
  });
});
