import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_MEDICINES, seededPharmacyIds } from '../../server/db/seedCatalogue';
import { getJson, startApp, type TestApp } from './helpers';

/** The catalogue other services seed from must describe what core really seeded. */
let app: TestApp;
beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

describe('seed catalogue', () => {
  it('names exactly the pharmacy ids core seeded', async () => {
    const ids = seededPharmacyIds('small');
    const { headers } = await getJson(app, '/core/api/v2/admin/pharmacies?add_ended=true');
    expect(Number(headers.get('x-total-count'))).toBe(ids.length);
    const last = ids[ids.length - 1];
    const { status, body } = await getJson<{ id: number }[]>(app, `/core/api/v2/admin/pharmacies?ids=1,${last},${last + 1}`);
    expect(status).toBe(200);
    expect(body.map((pharmacy) => pharmacy.id).sort((a, b) => a - b)).toEqual([1, last]);
  });

  it('holds well-formed YJ codes, each once', () => {
    const codes = SEEDED_MEDICINES.map((medicine) => medicine.yjCode);
    for (const code of codes) expect(code).toMatch(/^\d{7}[0-9A-Z]\d{4}$/);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
