import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';

/*
 * Issue 21: the pharmacy PUT reads `*_attributes` as Rails' nested attributes. An absent nested
 * object, a null one or an empty `{}` leaves the nested record as it is; inside it an absent field
 * stays, null clears it, a value changes it. The SPA once sent `{}` for both and the server
 * cleared the invoice number.
 */
const BASE = '/core/api/v2/admin/pharmacies';
let app: TestApp;

interface Detail {
  id: number;
  name: string;
  micode: string;
  postal_code: string;
  address1: string;
  address2: string;
  address3: string;
  address4: string | null;
  phone: string;
  fax: string | null;
  email: string;
  web_url: string | null;
  note: string | null;
  started_on: string | null;
  ended_on: string | null;
  services: string[];
  pharmacy_invoice: { invoice_number: string | null };
  predict_config: { predictor: string | null };
  updated_at: string;
  updated_by: string | null;
  [key: string]: unknown;
}

beforeAll(() => {
  app = startApp({ now: () => new Date('2026-11-21T01:00:00.000Z') });
});
afterAll(() => app.dispose());

const detail = async (id: number) => (await getJson<Detail>(app, `${BASE}/${id}`)).body;
const put = async (id: number, json: unknown) => app.call(`${BASE}/${id}`, { method: 'PUT', token: await app.token(), json });
/** The record without its write stamp. */
const unstamped = ({ updated_at: _at, updated_by: _by, ...rest }: Detail) => rest;

/** A seeded pharmacy with both an invoice number and a predictor, not yet touched by another test. */
const used = new Set<number>();
async function pharmacyWithNested(): Promise<Detail> {
  for (let id = 1; id < 200; id++) {
    if (used.has(id)) continue;
    const pharmacy = await detail(id);
    if (pharmacy.pharmacy_invoice?.invoice_number && pharmacy.predict_config?.predictor) {
      used.add(id);
      return pharmacy;
    }
  }
  throw new Error('no seeded pharmacy has both an invoice number and a predictor');
}

describe('pharmacy PUT: nested attributes', () => {
  it('keeps the nested records when the nested objects are absent', async () => {
    const before = await pharmacyWithNested();
    const res = await put(before.id, { note: '備考だけ変更' });
    expect(res.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual({ ...unstamped(before), note: '備考だけ変更' });
  });

  it('keeps the nested records when the nested objects are empty ({})', async () => {
    const before = await pharmacyWithNested();
    const res = await put(before.id, { pharmacy_invoice_attributes: {}, predict_config_attributes: {} });
    expect(res.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual(unstamped(before));
  });

  it('keeps the nested records when the nested objects are null (the spec names no field to clear)', async () => {
    const before = await pharmacyWithNested();
    const res = await put(before.id, { pharmacy_invoice_attributes: null, predict_config_attributes: null });
    expect(res.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual(unstamped(before));
  });

  it('clears a nested field sent as null, and only that one', async () => {
    const before = await pharmacyWithNested();
    const res = await put(before.id, { pharmacy_invoice_attributes: { invoice_number: null }, predict_config_attributes: {} });
    expect(res.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual({ ...unstamped(before), pharmacy_invoice: { invoice_number: null } });
  });

  it('changes a nested field sent with a value, leaving the rest of the record as it was', async () => {
    const before = await pharmacyWithNested();
    const predictor = before.predict_config.predictor === 'statistic' ? 'optimized_orders' : 'statistic';
    const res = await put(before.id, { predict_config_attributes: { predictor } });
    expect(res.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual({ ...unstamped(before), predict_config: { predictor } });
    const invoice = await put(before.id, { pharmacy_invoice_attributes: { invoice_number: 'T9234567890123' } });
    expect(invoice.status).toBe(200);
    expect(unstamped(await detail(before.id))).toEqual({
      ...unstamped(before),
      predict_config: { predictor },
      pharmacy_invoice: { invoice_number: 'T9234567890123' },
    });
  });

  it('the issue 21 repro: the edit form saved with {} for both nested objects keeps the invoice number', async () => {
    const before = await pharmacyWithNested();
    const invoiceNumber = before.pharmacy_invoice.invoice_number;
    expect(invoiceNumber).toMatch(/^T\d{13}$/);
    // What the SPA sent: the form's fields, and empty nested objects.
    const form = {
      name: before.name, micode: before.micode, postal_code: before.postal_code, address1: before.address1, address2: before.address2,
      address3: before.address3, address4: before.address4, phone: before.phone, fax: before.fax, email: before.email,
      web_url: before.web_url, note: before.note, started_on: before.started_on, ended_on: before.ended_on, services: before.services,
      pharmacy_invoice_attributes: {},
      predict_config_attributes: {},
    };
    const res = await put(before.id, form);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Detail).pharmacy_invoice.invoice_number).toBe(invoiceNumber);
    const after = await detail(before.id);
    expect(after.pharmacy_invoice.invoice_number).toBe(invoiceNumber);
    expect(unstamped(after)).toEqual(unstamped(before));
  });

  it('refuses a nested field of the wrong type with a Japanese 422 and saves nothing', async () => {
    const before = await pharmacyWithNested();
    for (const body of [
      { note: 'x', pharmacy_invoice_attributes: { invoice_number: 123 } },
      { note: 'x', predict_config_attributes: 'statistic' },
      { note: 'x', pharmacy_invoice_attributes: [] },
    ]) {
      const res = await put(before.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const json = (await res.json()) as { errors: string[] };
      expect(json.errors.length).toBeGreaterThan(0);
      for (const message of json.errors) expect(message).toMatch(/[぀-ヿ一-鿿]/);
    }
    expect(await detail(before.id)).toEqual(before);
  });
});
