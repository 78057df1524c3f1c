import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';

/*
 * Issue 21, every PUT and PATCH of the reference API: what a request does not name stays. For
 * each route: GET the record, write a body naming one harmless field (or none), GET again;
 * everything but updated_at/updated_by and the named field is as it was. A new route is one row.
 *
 * Left out: PATCH stockable_item_import_requests/{id} (its one field, state, is a transition that
 * runs an import, not a harmless edit) and the membership writes (PATCH/DELETE companies/{id}/
 * pharmacies, POST/DELETE groups/{id}/pharmacy), which change membership, not the record's fields.
 */

type Rec = Record<string, unknown>;
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => new Date('2026-11-21T01:00:00.000Z') });
});
afterAll(() => app.dispose());

const token = () => app.token();
const get = async (path: string) => {
  const res = await getJson<Rec>(app, path);
  expect(res.status, path).toBe(200);
  return res.body;
};
/** Every page of a list. */
async function all(path: string): Promise<Rec[]> {
  const rows: Rec[] = [];
  for (let page = 1; ; page++) {
    const { body, headers } = await getJson<Rec[]>(app, `${path}${path.includes('?') ? '&' : '?'}page=${page}`);
    rows.push(...body);
    if (page >= Number(headers.get('x-total-pages') ?? 1)) return rows;
  }
}
const send = async (method: string, path: string, json: unknown) => app.call(path, { method, token: await token(), json });
const created = async (path: string, json: unknown) => {
  const res = await send('POST', path, json);
  expect(res.status, `POST ${path}`).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const firstId = async (path: string, where: (row: Rec) => boolean = () => true) => {
  const row = (await all(path)).find(where);
  if (!row) throw new Error(`no seeded row in ${path} fits`);
  return row.id as number;
};

const CORE = '/core/api/v2/admin';
const MEDORDER = '/medorder/api/v2/admin';

interface WriteCase {
  resource: string;
  method: 'PUT' | 'PATCH';
  /** The record's id: a seeded one that shows the bug (a field that could be lost), or one created for the test. */
  id: () => Promise<number>;
  /** Where the record is read: a detail path with `{id}`, or a function for records only a list shows. */
  get: string | ((id: number) => Promise<Rec>);
  /** Where it is written (`{id}`). */
  write: string;
  /** Bodies naming one harmless field, or none (`{}`) where the contract allows it. */
  bodies: (record: Rec) => Rec[];
  /** Fields the server derives from a named one (a manual's short title from its title). */
  derived?: string[];
}

const inquiryRoom = async (id: number) => {
  const rows = (await getJson<Rec[]>(app, `${CORE}/inquiry_rooms?room_id=${id}`)).body;
  const room = rows.find((row) => row.id === id);
  if (!room) throw new Error(`room ${id} not listed`);
  return room;
};
let messageRoom = 0;
const ownMessage = async () => {
  messageRoom = await firstId(`${CORE}/inquiry_rooms`);
  const res = await send('POST', `${CORE}/inquiry_rooms/${messageRoom}/messages`, { content: '確認しました。' });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
};
const message = async (id: number) => {
  const found = (await all(`${CORE}/inquiry_rooms/${messageRoom}/messages`)).find((row) => row.id === id);
  if (!found) throw new Error(`message ${id} not listed`);
  return found;
};
const unknownDelivery = async (id: number) => {
  const found = (await all(`${MEDORDER}/unknown_sdcvan_delivery_d_records`)).find((row) => row.id === id);
  if (!found) throw new Error(`delivery record ${id} not listed`);
  return found;
};
const stamp = Date.now().toString(36);
/** A seeded pharmacy with an invoice number and a predictor (what the PUT lost). */
const pharmacyWithInvoice = async () => {
  for (let id = 1; id < 200; id++) {
    const { body } = await getJson<{ pharmacy_invoice: { invoice_number: string | null }; predict_config: { predictor: string | null } }>(app, `${CORE}/pharmacies/${id}`);
    if (body.pharmacy_invoice?.invoice_number && body.predict_config?.predictor) return id;
  }
  throw new Error('no seeded pharmacy has an invoice number and a predictor');
};

const WRITE_CASES: WriteCase[] = [
  { resource: 'pharmacy', method: 'PUT', id: pharmacyWithInvoice, get: `${CORE}/pharmacies/{id}`, write: `${CORE}/pharmacies/{id}`,
    bodies: () => [{ note: '備考だけ' }, {}, { pharmacy_invoice_attributes: {}, predict_config_attributes: {} }, { predict_config_attributes: {} }] },
  { resource: 'company', method: 'PUT', id: () => firstId(`${CORE}/companies`, (row) => row.note !== null), get: `${CORE}/companies/{id}`,
    write: `${CORE}/companies/{id}`, bodies: () => [{ name: `株式会社名前だけ${stamp}` }, {}] },
  { resource: 'group', method: 'PUT', id: () => firstId(`${CORE}/groups`), get: `${CORE}/groups/{id}`, write: `${CORE}/groups/{id}`,
    bodies: () => [{ name: `名前だけグループ${stamp}` }, {}] },
  { resource: 'manual', method: 'PATCH', id: () => firstId(`${CORE}/manuals`, (row) => row.manual_category_id !== null), get: `${CORE}/manuals/{id}`,
    write: `${CORE}/manuals/{id}`, bodies: () => [{ title: 'タイトルだけ変更' }, {}], derived: ['title_short'] },
  { resource: 'manual category', method: 'PATCH', id: () => created(`${CORE}/manual_categories`, { name: `カテゴリ${stamp}` }),
    get: `${CORE}/manual_categories/{id}`, write: `${CORE}/manual_categories/{id}`, bodies: () => [{ name: `名前だけ${stamp}` }, {}] },
  { resource: 'inquiry room subject', method: 'PATCH', id: () => firstId(`${CORE}/inquiry_rooms`), get: inquiryRoom,
    write: `${CORE}/inquiry_rooms/{id}`, bodies: () => [{ name: '件名だけ変更' }] },
  { resource: 'inquiry room status', method: 'PATCH', id: () => firstId(`${CORE}/inquiry_rooms`), get: inquiryRoom,
    write: `${CORE}/inquiry_rooms/{id}`, bodies: () => [{ status: 'need_action' }], derived: ['completed'] },
  { resource: 'inquiry message', method: 'PATCH', id: ownMessage, get: message, write: `${CORE}/inquiry_messages/{id}`,
    bodies: () => [{ content: '内容だけ変更' }] },
  { resource: 'stockable item fixture', method: 'PATCH',
    id: () => created(`${MEDORDER}/stockable_item_fixtures`, { name: '補正テスト錠', unit: '錠', yj_code: '9999997F1010', price: 10, note: 'メモ', generic: true }),
    get: `${MEDORDER}/stockable_item_fixtures/{id}`, write: `${MEDORDER}/stockable_item_fixtures/{id}`, bodies: () => [{ note: 'メモだけ' }, {}] },
  { resource: 'orderable item fixture', method: 'PATCH',
    id: () => created(`${MEDORDER}/orderable_item_fixtures`, { name: '補正テスト錠', gs1_code: '04999999000038', quantity: 100, maker_name: '製造', note: 'メモ' }),
    get: `${MEDORDER}/orderable_item_fixtures/{id}`, write: `${MEDORDER}/orderable_item_fixtures/{id}`, bodies: () => [{ note: 'メモだけ' }, {}] },
  { resource: 'batch config', method: 'PUT', id: async () => 1, get: `${MEDORDER}/pharmacies/{id}/batch_config`,
    write: `${MEDORDER}/pharmacies/{id}/batch_config`, bodies: (record) => [{}, { use_secondary: record.use_secondary }] },
  { resource: 'unknown delivery record', method: 'PATCH', id: () => firstId(`${MEDORDER}/unknown_sdcvan_delivery_d_records`), get: unknownDelivery,
    write: `${MEDORDER}/unknown_sdcvan_delivery_d_records/{id}`, bodies: (record) => [{ ignored: !record.ignored }] },
];

const STAMPS = ['updated_at', 'updated_by'];
/** The record without the fields a write may change. */
const kept = (record: Rec, named: string[]) => Object.fromEntries(Object.entries(record).filter(([key]) => !named.includes(key) && !STAMPS.includes(key)));

describe('PUT/PATCH: what a request does not name stays', () => {
  for (const testCase of WRITE_CASES) {
    it(`${testCase.method} ${testCase.resource}`, async () => {
      const id = await testCase.id();
      const read = () => (typeof testCase.get === 'string' ? get(testCase.get.replace('{id}', String(id))) : testCase.get(id));
      const path = testCase.write.replace('{id}', String(id));
      for (const body of testCase.bodies(await read())) {
        const before = await read();
        const res = await send(testCase.method, path, body);
        expect(res.status, `${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(200);
        const after = await read();
        // A nested `*_attributes` object names the fields inside it, not the record it writes.
        const named = Object.entries(body).filter(([key]) => !key.endsWith('_attributes')).map(([key]) => key);
        expect(kept(after, [...named, ...(testCase.derived ?? [])]), JSON.stringify(body)).toEqual(kept(before, [...named, ...(testCase.derived ?? [])]));
        for (const key of named) expect(after[key], key).toEqual(body[key]);
      }
    });
  }
});
