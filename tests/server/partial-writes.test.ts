import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, startApp, type TestApp } from './helpers';
import { createBody, harmlessChange, masterPath, WRITABLE_MASTERS } from './plainMasterProbes';

/*
 * Issue 21, every PUT and PATCH of the reference API: what a request does not name stays. For
 * each route: GET the record, write a body naming one harmless field (or none), GET again;
 * everything but updated_at/updated_by and the named field is as it was. A new route is one row.
 *
 * Left out: PATCH stockable_item_import_requests/{id} (its one field, state, is a transition that
 * runs an import, not a harmless edit) and the membership writes (PATCH/DELETE companies/{id}/
 * pharmacies, POST/DELETE groups/{id}/pharmacy), which change membership, not the record's fields.
 *
 * Issue 40 item 3, on the same table: a write that changes no stored value is no write. Each
 * route's `unchanged` bodies name only what is stored (as the SPA's full PUT does, or `{}`); the
 * record reads back exactly as before, updated_at and updated_by included, and nothing tells the
 * stores to clear. Every PUT and PATCH of the OpenAPI document is a row here or left out above.
 */

type Rec = Record<string, unknown>;
let app: TestApp;

// Moved on by a second before each write that must not stamp, so a stamp would show.
let clock = new Date('2026-11-21T01:00:00.000Z');
const tick = () => {
  clock = new Date(clock.getTime() + 1000);
};
beforeAll(() => {
  app = startApp({ now: () => clock });
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
  /** Bodies that change no stored value: the record's own values (some as the route normalises them), or `{}`. */
  unchanged: (record: Rec) => Rec[];
}

/** The record's values of `keys`, as a body names them. */
const own = (record: Rec, keys: string[]) => Object.fromEntries(keys.map((key) => [key, record[key]]));
/** A pharmacy as the SPA's full PUT sends it back: every written field, the nested ones as attributes. */
const pharmacyBody = (record: Rec) => ({
  ...own(record, ['company_id', 'name', 'micode', 'postal_code', 'address1', 'address2', 'address3', 'address4', 'phone', 'fax', 'email',
    'web_url', 'navigation', 'note', 'started_on', 'ended_on', 'deleted_on', 'subdivision_transferor_name', 'subdivision_transferee_name',
    'v4_inst_id', 'services']),
  pharmacy_invoice_attributes: record.pharmacy_invoice,
  predict_config_attributes: record.predict_config,
});

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
    bodies: () => [{ note: '備考だけ' }, {}, { pharmacy_invoice_attributes: {}, predict_config_attributes: {} }, { predict_config_attributes: {} }],
    // Padded text is trimmed before it is compared, as it is before it is stored.
    unchanged: (record) => [pharmacyBody(record), { ...pharmacyBody(record), name: `  ${String(record.name)} ` }, {}] },
  { resource: 'company', method: 'PUT', id: () => firstId(`${CORE}/companies`, (row) => row.note !== null), get: `${CORE}/companies/{id}`,
    write: `${CORE}/companies/{id}`, bodies: () => [{ name: `株式会社名前だけ${stamp}` }, {}], unchanged: (record) => [own(record, ['name', 'note']), {}] },
  { resource: 'group', method: 'PUT', id: () => firstId(`${CORE}/groups`), get: `${CORE}/groups/{id}`, write: `${CORE}/groups/{id}`,
    bodies: () => [{ name: `名前だけグループ${stamp}` }, {}], unchanged: (record) => [own(record, ['name']), {}] },
  { resource: 'manual', method: 'PATCH', id: () => firstId(`${CORE}/manuals`, (row) => row.manual_category_id !== null), get: `${CORE}/manuals/{id}`,
    write: `${CORE}/manuals/{id}`, bodies: () => [{ title: 'タイトルだけ変更' }, {}], derived: ['title_short'],
    unchanged: (record) => [own(record, ['title', 'content', 'manual_category_id']), {}] },
  { resource: 'manual category', method: 'PATCH', id: () => created(`${CORE}/manual_categories`, { name: `カテゴリ${stamp}` }),
    get: `${CORE}/manual_categories/{id}`, write: `${CORE}/manual_categories/{id}`, bodies: () => [{ name: `名前だけ${stamp}` }, {}],
    unchanged: (record) => [own(record, ['name', 'parent_id']), {}] },
  { resource: 'inquiry room subject', method: 'PATCH', id: () => firstId(`${CORE}/inquiry_rooms`), get: inquiryRoom,
    write: `${CORE}/inquiry_rooms/{id}`, bodies: () => [{ name: '件名だけ変更' }], unchanged: (record) => [own(record, ['name'])] },
  { resource: 'inquiry room status', method: 'PATCH', id: () => firstId(`${CORE}/inquiry_rooms`), get: inquiryRoom,
    write: `${CORE}/inquiry_rooms/{id}`, bodies: () => [{ status: 'need_action' }], derived: ['completed'], unchanged: (record) => [own(record, ['status'])] },
  { resource: 'inquiry message', method: 'PATCH', id: ownMessage, get: message, write: `${CORE}/inquiry_messages/{id}`,
    bodies: () => [{ content: '内容だけ変更' }], unchanged: (record) => [own(record, ['content'])] },
  { resource: 'stockable item fixture', method: 'PATCH',
    id: () => created(`${MEDORDER}/stockable_item_fixtures`, { name: '補正テスト錠', unit: '錠', yj_code: '9999997F1010', price: 10, note: 'メモ', generic: true }),
    get: `${MEDORDER}/stockable_item_fixtures/{id}`, write: `${MEDORDER}/stockable_item_fixtures/{id}`, bodies: () => [{ note: 'メモだけ' }, {}],
    unchanged: (record) => [own(record, ['name', 'unit', 'yj_code', 'price', 'note', 'generic']), {}] },
  { resource: 'orderable item fixture', method: 'PATCH',
    id: () => created(`${MEDORDER}/orderable_item_fixtures`, { name: '補正テスト錠', gs1_code: '04999999000038', quantity: 100, maker_name: '製造', note: 'メモ' }),
    get: `${MEDORDER}/orderable_item_fixtures/{id}`, write: `${MEDORDER}/orderable_item_fixtures/{id}`, bodies: () => [{ note: 'メモだけ' }, {}],
    unchanged: (record) => [own(record, ['name', 'gs1_code', 'quantity', 'maker_name', 'note']), {}] },
  { resource: 'batch config', method: 'PUT', id: async () => 1, get: `${MEDORDER}/pharmacies/{id}/batch_config`,
    write: `${MEDORDER}/pharmacies/{id}/batch_config`, bodies: (record) => [{}, { use_secondary: record.use_secondary }],
    unchanged: (record) => [own(record, ['ttl', 'use_secondary']), {}] },
  { resource: 'unknown delivery record', method: 'PATCH', id: () => firstId(`${MEDORDER}/unknown_sdcvan_delivery_d_records`), get: unknownDelivery,
    write: `${MEDORDER}/unknown_sdcvan_delivery_d_records/{id}`, bodies: (record) => [{ ignored: !record.ignored }],
    unchanged: (record) => [own(record, ['ignored'])] },
  // Every plain master that writes, from its shape (the contract's registry): a new one needs no row.
  ...WRITABLE_MASTERS.map((master): WriteCase => ({
    resource: `${master.shape.label} (plain master)`, method: 'PUT', id: () => created(masterPath(master), createBody(master.shape)),
    get: `${masterPath(master)}/{id}`, write: `${masterPath(master)}/{id}`, bodies: () => [harmlessChange(master.shape), {}],
    unchanged: (record) => [own(record, master.written), {}],
  })),
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

/** The writes the header comment leaves out of the table (membership has its own no-op test below). */
const LEFT_OUT = [
  'PATCH /medorder/api/v2/admin/stockable_item_import_requests/{id}',
  'PATCH /core/api/v2/admin/companies/{id}/pharmacies',
];

describe('PUT/PATCH: a write that changes no stored value is no write (issue 40 item 3)', () => {
  it('every PUT and PATCH of the API is in the table, or left out for a reason', async () => {
    const doc = (await (await app.call('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations).filter((method) => method === 'put' || method === 'patch').map((method) => `${method.toUpperCase()} ${path}`));
    const covered = new Set([...WRITE_CASES.map((testCase) => `${testCase.method} ${testCase.write}`), ...LEFT_OUT]);
    expect(writes.filter((write) => !covered.has(write))).toEqual([]);
  });

  for (const testCase of WRITE_CASES) {
    it(`${testCase.method} ${testCase.resource} naming only stored values keeps updated_at and updated_by`, async () => {
      const id = await testCase.id();
      const read = () => (typeof testCase.get === 'string' ? get(testCase.get.replace('{id}', String(id))) : testCase.get(id));
      const path = testCase.write.replace('{id}', String(id));
      const before = await read();
      // Some records do not show their stamp (a category, a batch config, a delivery record): a
      // write conditional on the time before this test is refused (412) once any write here stamped.
      const since = { 'if-unmodified-since': clock.toUTCString() };
      const bodies = testCase.unchanged(before);
      for (const body of [...bodies, bodies[0]]) {
        tick();
        const res = await app.call(path, { method: testCase.method, token: await token(), json: body, headers: since });
        expect(res.status, `${JSON.stringify(body)}: ${await res.clone().text()}`).toBe(200);
        expect(res.headers.get('x-store-cache-control'), JSON.stringify(body)).toBeNull();
        const answer = (await res.json()) as Rec;
        if ('updated_at' in answer) expect(answer.updated_at, JSON.stringify(body)).toBe(before.updated_at);
        expect(await read(), JSON.stringify(body)).toEqual(before);
      }
    });
  }

  it('membership that does not change: no stamp, nothing to clear', async () => {
    const company = (await all(`${CORE}/companies`)).find((row) => Number(row.pharmacies_count) > 0);
    if (!company) throw new Error('no seeded company has a pharmacy');
    const before = await get(`${CORE}/companies/${company.id}`);
    const member = (before.pharmacies as Rec[])[0].id;
    tick();
    const res = await send('PATCH', `${CORE}/companies/${company.id}/pharmacies`, { pharmacy_ids: [member] });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-store-cache-control')).toBeNull();
    expect(await get(`${CORE}/companies/${company.id}`)).toEqual(before);

    const group = (await all(`${CORE}/groups`)).find((row) => Number(row.pharmacies_count) > 0);
    if (!group) throw new Error('no seeded group has a pharmacy');
    const groupBefore = await get(`${CORE}/groups/${group.id}`);
    tick();
    const joined = await send('POST', `${CORE}/groups/${group.id}/pharmacy`, { pharmacy_id: (groupBefore.pharmacies as Rec[])[0].id });
    expect(joined.status).toBe(200);
    expect(joined.headers.get('x-store-cache-control')).toBeNull();
    expect(await get(`${CORE}/groups/${group.id}`)).toEqual(groupBefore);
  });
});
