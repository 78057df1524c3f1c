import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumberError, PHARMACY_MESSAGES } from '../../src/contract/pharmacy';
import { getJson, PHARMACY, PHARMACY_REQUIRED, startApp, type TestApp } from './helpers';

/** Pharmacy masters (issue 9) through HTTP: detail, writes, postal codes, licences, expiries, batch config. */
const BASE = '/core/api/v2/admin/pharmacies';
const TODAY = '2026-11-21';
let app: TestApp;

beforeAll(() => {
  // 10:00 in Tokyo on TODAY (01:00 UTC).
  app = startApp({ now: () => new Date(`${TODAY}T01:00:00.000Z`) });
});
afterAll(() => app.dispose());

const send = async (method: string, path: string, json?: unknown, token?: string | null) =>
  app.call(path, { method, token: token === undefined ? await app.token() : token, json });

const VALID = {
  ...PHARMACY_REQUIRED,
  web_url: 'https://shibuya.pharmacy.example.jp/',
  started_on: '2024-04-01',
  ended_on: null,
  pharmacy_invoice_attributes: { invoice_number: 'T9234567890123' },
  predict_config_attributes: { predictor: 'statistic' },
};

interface Detail {
  id: number;
  name: string;
  postal_code: string;
  ended_on: string | null;
  services: string[];
  service_attributes: { share: boolean; medorder: boolean };
  pharmacy_invoice: { invoice_number: string | null };
  predict_config: { predictor: string | null };
  web_url: string | null;
  groups: { id: number; name: string }[];
  created_by: string | null;
}

interface Errors {
  errors: string[];
  field_errors?: Record<string, string[]>;
}

describe('pharmacy detail and writes', () => {
  it('answers every section 3 field of a seeded pharmacy, with its groups', async () => {
    const { status, body } = await getJson<Record<string, unknown>>(app, `${BASE}/1`);
    expect(status).toBe(200);
    for (const key of ['pharmacy_invoice', 'latitude', 'longitude', 'web_url', 'navigation', 'deleted_on', 'subdivision_transferor_name',
      'subdivision_transferee_name', 'v4_inst_id', 'service_attributes', 'predict_config', 'groups', 'v1_id', 'created_by', 'updated_by']) {
      expect(body, key).toHaveProperty(key);
    }
    expect((await getJson(app, `${BASE}/999999`)).status).toBe(404);
  });

  it('creates a pharmacy, and PUT changes only what it sends, ended_on unchanged as a day', async () => {
    const res = await send('POST', BASE, { ...VALID, name: '終了日テスト薬局' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Detail;
    expect(created).toMatchObject({
      name: '終了日テスト薬局', postal_code: '1500002', services: ['medorder'], service_attributes: { share: false, medorder: true },
      pharmacy_invoice: { invoice_number: 'T9234567890123' }, predict_config: { predictor: 'statistic' }, groups: [], created_by: '管理 花子',
    });
    const put = await send('PUT', `${BASE}/${created.id}`, { ended_on: TODAY, services: ['share', 'medorder'] });
    expect(put.status).toBe(200);
    const updated = (await put.json()) as Detail;
    expect(updated).toMatchObject({ ended_on: TODAY, name: '終了日テスト薬局', web_url: VALID.web_url, services: ['share', 'medorder'] });
    expect((await getJson<Detail>(app, `${BASE}/${created.id}`)).body.ended_on).toBe(TODAY);
    // Ended today in Japan: hidden from the default list, shown with add_ended.
    const search = `${BASE}?query=${encodeURIComponent('終了日テスト')}`;
    expect((await getJson<{ id: number }[]>(app, search)).body).toEqual([]);
    expect((await getJson<{ id: number }[]>(app, `${search}&add_ended=true`)).body.map((p) => p.id)).toEqual([created.id]);
  });

  it('refuses what the form refuses, with Japanese field messages, and saves nothing', async () => {
    const before = (await getJson(app, BASE)).headers.get('x-total-count');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...VALID, services: [] }, 'services', PHARMACY_MESSAGES.servicesRequired],
      [{ ...VALID, services: ['unknown'] }, 'services', PHARMACY_MESSAGES.servicesRequired],
      [{ ...VALID, micode: '123456789' }, 'micode', PHARMACY_MESSAGES.micodeLength],
      [{ ...VALID, micode: '12345678901' }, 'micode', PHARMACY_MESSAGES.micodeLength],
      [{ ...VALID, email: 'not-an-address' }, 'email', PHARMACY_MESSAGES.email],
      [{ ...VALID, web_url: 'javascript:alert(1)' }, 'web_url', PHARMACY_MESSAGES.webUrl],
      [{ ...VALID, postal_code: '150-00002' }, 'postal_code', PHARMACY_MESSAGES.postalCode],
      [{ ...VALID, name: '   ' }, 'name', '薬局名を入力してください。'],
      [{ ...VALID, address3: undefined }, 'address3', '町域・番地を入力してください。'],
      [{ ...VALID, name: 'あ'.repeat(10_000) }, 'name', '薬局名は255文字以内で入力してください。'],
      [{ ...VALID, note: 'x'.repeat(10_000) }, 'note', '備考は2000文字以内で入力してください。'],
      [{ ...VALID, ended_on: '2026-02-30' }, 'ended_on', '終了日は日付（yyyy-MM-dd）で入力してください。'],
      [{ ...VALID, name: 123 }, 'name', '薬局名の形式が正しくありません。'],
      [{ ...VALID, predict_config_attributes: { predictor: 'v3' } }, 'predict_config_attributes.predictor', PHARMACY_MESSAGES.predictor],
      [{ ...VALID, company_id: 999999 }, 'company_id', '存在しない会社が指定されました。(ID: 999999)'],
    ];
    for (const [body, field, message] of cases) {
      const res = await send('POST', BASE, body);
      expect(res.status, field).toBe(422);
      const json = (await res.json()) as Errors;
      expect(json.field_errors?.[field], JSON.stringify(json)).toEqual([message]);
    }
    for (const body of ['[]', 'null', '{"name":', '"x"']) {
      const res = await app.call(BASE, { method: 'POST', token: await app.token(), body });
      expect(res.status, body).toBe(422);
    }
    const put = await send('PUT', `${BASE}/1`, { services: [], name: 'x'.repeat(10_000) });
    expect(put.status).toBe(422);
    expect((await put.json()) as Errors).toMatchObject({ field_errors: { services: [PHARMACY_MESSAGES.servicesRequired] } });
    expect((await send('PUT', `${BASE}/999999`, VALID)).status).toBe(404);
    expect((await getJson(app, BASE)).headers.get('x-total-count')).toBe(before);
    // A failed check digit is no error.
    expect((await send('POST', BASE, { ...VALID, micode: '1341234560' })).status).toBe(201);
  });

  it('takes an invoice number only as T and 13 digits with the NTA check digit, folded to half-width (issue 40 item 5)', async () => {
    const INVOICE = 'pharmacy_invoice_attributes.invoice_number';
    const detail = async (id: number) => (await getJson<Detail & { updated_at: string }>(app, `${BASE}/${id}`)).body;
    const before = await detail(2);
    const count = (await getJson(app, BASE)).headers.get('x-total-count');
    const refused: [string, string][] = [
      ['T123', PHARMACY_MESSAGES.invoiceNumberFormat],
      ['ABC', PHARMACY_MESSAGES.invoiceNumberFormat],
      ['1234567890123', PHARMACY_MESSAGES.invoiceNumberFormat],
      ['T1234567890123', PHARMACY_MESSAGES.invoiceNumberCheckDigit],
      ['Ｔ１２３４５６７８９０１２３', PHARMACY_MESSAGES.invoiceNumberCheckDigit],
    ];
    for (const [number, message] of refused) {
      for (const [method, path] of [['POST', BASE], ['PUT', `${BASE}/2`]] as const) {
        const res = await send(method, path, { ...VALID, pharmacy_invoice_attributes: { invoice_number: number } });
        expect(res.status, `${method} ${number}`).toBe(422);
        expect(((await res.json()) as Errors).field_errors?.[INVOICE], `${method} ${number}`).toEqual([message]);
      }
    }
    // Nothing was saved: no pharmacy added, the one written to as it was.
    expect((await getJson(app, BASE)).headers.get('x-total-count')).toBe(count);
    expect(await detail(2)).toEqual(before);

    // Full-width digits and Ｔ are folded, and stored half-width.
    const res = await send('PUT', `${BASE}/2`, { pharmacy_invoice_attributes: { invoice_number: 'Ｔ７００００１２０５０００２' } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as Detail).pharmacy_invoice.invoice_number).toBe('T7000012050002');
    expect((await detail(2)).pharmacy_invoice.invoice_number).toBe('T7000012050002');
  });

  it('seeds only invoice numbers that pass the rule (the first 300 pharmacies)', async () => {
    let numbers = 0;
    for (let id = 1; id <= 300; id++) {
      const { status, body } = await getJson<Detail>(app, `${BASE}/${id}`);
      if (status !== 200 || body.pharmacy_invoice.invoice_number === null) continue;
      numbers++;
      expect(invoiceNumberError(body.pharmacy_invoice.invoice_number), `${id}: ${body.pharmacy_invoice.invoice_number}`).toBeUndefined();
    }
    expect(numbers).toBeGreaterThan(100);
  });

  it('needs a token and the admin role', async () => {
    expect((await send('GET', `${BASE}/1`, undefined, null)).status).toBe(401);
    expect((await send('POST', BASE, VALID, null)).status).toBe(401);
    const pharmacyToken = await app.token(PHARMACY);
    expect((await send('POST', BASE, VALID, pharmacyToken)).status).toBe(403);
    expect((await send('PUT', `${BASE}/1`, VALID, pharmacyToken)).status).toBe(403);
    expect((await send('GET', `${BASE}/1/licenses`, undefined, pharmacyToken)).status).toBe(403);
    expect((await send('GET', '/core/api/v2/admin/licenses/expires', undefined, pharmacyToken)).status).toBe(403);
    expect((await send('GET', '/medorder/api/v2/admin/pharmacies/1/batch_config', undefined, pharmacyToken)).status).toBe(403);
    expect((await send('GET', '/core/api/v2/master/postal_codes/search?postal_code=1500002', undefined, null)).status).toBe(401);
  });
});

describe('groups offered to a pharmacy', () => {
  it('lists only the groups the pharmacy is not in, and the detail lists those it is in', async () => {
    const groups = (await getJson<{ id: number }[]>(app, '/core/api/v2/admin/groups')).body;
    const target = groups[0].id;
    const joined = await send('POST', `/core/api/v2/admin/groups/${target}/pharmacy`, { pharmacy_id: 2 });
    expect(joined.status).toBe(200);
    const offered = (await getJson<{ id: number }[]>(app, '/core/api/v2/admin/groups?without_pharmacy_id=2')).body.map((g) => g.id);
    expect(offered).not.toContain(target);
    expect((await getJson<Detail>(app, `${BASE}/2`)).body.groups.map((g) => g.id)).toContain(target);
    expect((await getJson(app, '/core/api/v2/admin/groups?without_pharmacy_id=x')).status).toBe(422);
  });
});

describe('postal codes', () => {
  const search = (code: string) => getJson<{ results: { address1: string; address2: string; address3: string }[] }>(
    app, `/core/api/v2/master/postal_codes/search?postal_code=${encodeURIComponent(code)}`,
  );

  it('answers every address of a code, with or without the hyphen', async () => {
    expect((await search('150-0002')).body.results).toEqual([{ postal_code: '1500002', address1: '東京都', address2: '渋谷区', address3: '渋谷' }]);
    // One code, two prefectures.
    const twoPrefectures = (await search('4980000')).body.results.map((r) => r.address1);
    expect(twoPrefectures).toEqual(['愛知県', '三重県']);
    expect((await search('4520961')).body.results.length).toBeGreaterThan(10);
  });

  it('gives an empty result for a code that does not exist and a 422 for one that is not a code', async () => {
    const unknown = await search('9999999');
    expect(unknown.status).toBe(200);
    expect(unknown.body.results).toEqual([]);
    for (const bad of ['123', 'abcdefg', '1'.repeat(10_000), '']) {
      expect((await search(bad)).status, bad.slice(0, 10)).toBe(422);
    }
  });

  it('is open to any signed-in user (a master)', async () => {
    const res = await send('GET', '/core/api/v2/master/postal_codes/search?postal_code=1000001', undefined, await app.token(PHARMACY));
    expect(res.status).toBe(200);
  });
});

describe('licences', () => {
  const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d605e70000000049454e44ae426082', 'hex');

  const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

  /** Section 7's link: no parameter. */
  const link = async (pharmacyId: number) => {
    const presign = await getJson<{ presigned_url: string; object_name: string }>(app, `${BASE}/${pharmacyId}/licenses/presigned_url`);
    expect(presign.status).toBe(200);
    return presign.body;
  };
  const put = (url: string, contentType: string, body: Buffer) => app.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(body) });
  const upload = async (pharmacyId: number, contentType: string, body: Buffer) => {
    const { presigned_url, object_name } = await link(pharmacyId);
    expect((await put(presigned_url, contentType, body)).status).toBe(200);
    return object_name;
  };

  it('uploads through the presigned URL, registers, views by the signed URL, and deletes with the file', async () => {
    const objectName = await upload(3, 'image/png', PNG);
    // The name says nothing of the type: the link was asked for none.
    expect(objectName).toMatch(/^pharmacies\/3\/[0-9a-f-]{36}$/);
    const res = await send('POST', `${BASE}/3/licenses`, { number: '13薬第12345号', expires_on: TODAY, filename_s3: objectName });
    expect(res.status).toBe(201);
    const license = (await res.json()) as { id: number; active: boolean; signed_url: string; pharmacy: { id: number } };
    expect(license).toMatchObject({ active: true, pharmacy: { id: 3 } });
    const view = await app.app.request(license.signed_url);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await view.arrayBuffer())).toEqual(PNG);
    // Unsigned, the file is not readable.
    expect((await app.app.request(license.signed_url.split('?')[0])).status).toBe(403);

    const list = (await getJson<{ id: number; expires_on: string }[]>(app, `${BASE}/3/licenses`)).body;
    expect(list.map((l) => l.id)).toContain(license.id);
    expect((await send('POST', `${BASE}/3/licenses`, { number: '二重', expires_on: TODAY, filename_s3: objectName })).status).toBe(422);

    expect((await send('DELETE', `${BASE}/4/licenses/${license.id}`)).status).toBe(404);
    expect((await send('DELETE', `${BASE}/3/licenses/${license.id}`)).status).toBe(200);
    expect((await app.app.request(license.signed_url)).status).toBe(404);
    expect((await getJson<{ id: number }[]>(app, `${BASE}/3/licenses`)).body.map((l) => l.id)).not.toContain(license.id);
    expect((await send('DELETE', `${BASE}/3/licenses/${license.id}`)).status).toBe(404);
  });

  it('a link asked without a type takes a PDF or a PNG, and the licence is served with the type its PUT sent', async () => {
    for (const [type, body, number] of [['application/pdf', PDF, '13薬第20001号'], ['image/png', PNG, '13薬第20002号']] as const) {
      const objectName = await upload(3, type, body);
      expect(app.environments.production.storage.get('licenses', objectName)?.contentType, type).toBe(type);
      const res = await send('POST', `${BASE}/3/licenses`, { number, expires_on: TODAY, filename_s3: objectName });
      expect(res.status, type).toBe(201);
      const view = await app.app.request(((await res.json()) as { signed_url: string }).signed_url);
      expect(view.headers.get('content-type'), type).toBe(type);
      expect(Buffer.from(await view.arrayBuffer()), type).toEqual(body);
    }
  });

  it('refuses at the PUT (415) bytes that are not what the Content-Type says, and a type no licence is, keeping nothing', async () => {
    const storage = app.environments.production.storage;
    const cases: [string, string, Buffer, string][] = [
      ['HTML sent as a PDF', 'application/pdf', Buffer.from('<html><script>alert(1)</script></html>'), 'ファイルの中身がPDFではありません。'],
      ['a PNG sent as a PDF', 'application/pdf', PNG, 'ファイルの中身がPDFではありません。'],
      ['a PDF sent as a JPEG', 'image/jpeg', PDF, 'ファイルの中身がJPEGではありません。'],
      ['a GIF', 'image/gif', Buffer.from('GIF89a\x01\x00\x01\x00'), 'この種類のファイルはアップロードできません。アップロードできるのはPDF・PNG・JPEGです。'],
      ['HTML', 'text/html', Buffer.from('<html></html>'), 'この種類のファイルはアップロードできません。アップロードできるのはPDF・PNG・JPEGです。'],
    ];
    for (const [name, type, body, message] of cases) {
      const { presigned_url, object_name } = await link(3);
      const res = await put(presigned_url, type, body);
      expect(res.status, name).toBe(415);
      expect(await res.json(), name).toEqual({ errors: [message] });
      expect(storage.get('licenses', object_name), name).toBeUndefined();
      // Nothing to register: the upload is not there.
      const post = await send('POST', `${BASE}/3/licenses`, { number: '13薬第1号', expires_on: TODAY, filename_s3: object_name });
      expect(post.status, name).toBe(422);
    }
  });

  it('refuses to register a file whose bytes are not a PDF, PNG or JPEG (one not put through a link), and removes it', async () => {
    const storage = app.environments.production.storage;
    const objectName = `pharmacies/3/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
    storage.put('licenses', objectName, '<html><script>alert(1)</script></html>', 'application/pdf');
    const res = await send('POST', `${BASE}/3/licenses`, { number: '13薬第1号', expires_on: TODAY, filename_s3: objectName });
    expect(res.status).toBe(422);
    expect(((await res.json()) as Errors).field_errors).toEqual({ filename_s3: ['ファイルはPDF、PNG、JPEGのいずれかにしてください。'] });
    expect(storage.get('licenses', objectName)).toBeUndefined();
    // A PNG kept as a PDF is refused too; a name from before links took any type (with its extension) is still this pharmacy's upload.
    storage.put('licenses', `${objectName}.pdf`, PNG, 'application/pdf');
    const disguised = await send('POST', `${BASE}/3/licenses`, { number: '13薬第1号', expires_on: TODAY, filename_s3: `${objectName}.pdf` });
    expect(((await disguised.json()) as Errors).field_errors).toEqual({ filename_s3: ['ファイルはPDF、PNG、JPEGのいずれかにしてください。'] });
  });

  it('refuses a past expiry, a missing or foreign file, bad types and huge strings', async () => {
    const objectName = await upload(5, 'image/png', PNG);
    const post = (body: unknown, id = 5) => send('POST', `${BASE}/${id}/licenses`, body);
    const fieldErrors = async (body: unknown, id = 5) => {
      const res = await post(body, id);
      expect(res.status).toBe(422);
      return ((await res.json()) as Errors).field_errors;
    };
    expect(await fieldErrors({ number: 'A', expires_on: '2026-11-20', filename_s3: objectName })).toEqual({ expires_on: ['本日以降で指定'] });
    expect((await fieldErrors({ number: 'A', expires_on: '2026-13-01', filename_s3: objectName }))?.expires_on).toBeDefined();
    expect(await fieldErrors({ number: 'A', expires_on: TODAY, filename_s3: objectName }, 6)).toEqual({ filename_s3: ['この薬局にアップロードされたファイルではありません。'] });
    expect(await fieldErrors({ number: 'A', expires_on: TODAY, filename_s3: 'seed/license-sample.pdf' })).toEqual({ filename_s3: ['この薬局にアップロードされたファイルではありません。'] });
    expect(await fieldErrors({ number: 'A', expires_on: TODAY, filename_s3: 'pharmacies/5/00000000-0000-0000-0000-000000000000.pdf' })).toEqual({
      filename_s3: ['ファイルがアップロードされていません。もう一度アップロードしてください。'],
    });
    expect(await fieldErrors({ number: '', expires_on: TODAY, filename_s3: objectName })).toEqual({ number: ['許可番号を入力してください。'] });
    expect(await fieldErrors({ number: 'x'.repeat(10_000), expires_on: TODAY, filename_s3: objectName })).toEqual({ number: ['許可番号は100文字以内で入力してください。'] });
    expect((await fieldErrors({ number: 1, expires_on: null }))?.number).toEqual(['許可番号の形式が正しくありません。']);
    expect((await post({ number: 'A', expires_on: '9999-12-31', filename_s3: objectName })).status).toBe(201);
    expect((await getJson(app, `${BASE}/999999/licenses`)).status).toBe(404);
    expect((await getJson(app, `${BASE}/999999/licenses/presigned_url`)).status).toBe(404);
  });

  it('pages the latest licence of each pharmacy, soonest expiry first, with its pharmacy', async () => {
    const { status, headers, body } = await getJson<{ expires_on: string; pharmacy: { id: number; name: string }; pharmacy_id: number }[]>(
      app, '/core/api/v2/admin/licenses/expires?page=2',
    );
    expect(status).toBe(200);
    expect(headers.get('x-current-page')).toBe('2');
    expect(Number(headers.get('x-total-count'))).toBeGreaterThan(150);
    expect(body).toHaveLength(25);
    const days = body.map((l) => l.expires_on);
    expect([...days].sort()).toEqual(days);
    expect(body.every((l) => l.pharmacy.id === l.pharmacy_id && l.pharmacy.name.length > 0)).toBe(true);
    expect(new Set(body.map((l) => l.pharmacy_id)).size).toBe(body.length);
    expect((await getJson(app, '/core/api/v2/admin/licenses/expires?page=0')).status).toBe(422);
    expect((await getJson(app, '/core/api/v2/admin/licenses/expires?sort=number')).status).toBe(422);
  });
});

describe('batch config (ordering service)', () => {
  const PATH = '/medorder/api/v2/admin/pharmacies/7/batch_config';

  it('reads and changes the secondary queue; an unknown pharmacy is off', async () => {
    const seeded = await getJson<{ ttl: number; use_secondary: boolean }>(app, PATH);
    expect([43200, 3600, 0]).toContain(seeded.body.ttl);
    expect(seeded.body.use_secondary).toBe(seeded.body.ttl !== 0);
    for (const ttl of [3600, 0, 43200]) {
      const res = await send('PUT', PATH, { ttl, use_secondary: ttl !== 0 });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ttl, use_secondary: ttl !== 0 });
      expect((await getJson(app, PATH)).body).toEqual({ ttl, use_secondary: ttl !== 0 });
    }
    expect((await getJson(app, '/medorder/api/v2/admin/pharmacies/123456789/batch_config')).body).toEqual({ ttl: 0, use_secondary: false });
  });

  it('refuses other ttls, mismatched flags and bad bodies', async () => {
    for (const body of [{ ttl: 60, use_secondary: true }, { ttl: 0, use_secondary: true }, { ttl: 3600, use_secondary: false },
      // use_secondary alone is checked against the stored ttl (43200 here): a PUT changes only what it names (issue 21).
      { ttl: '3600', use_secondary: true }, { use_secondary: false }, { ttl: 1e12, use_secondary: true }, null]) {
      const res = await send('PUT', PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(((await res.json()) as Errors).errors.length).toBeGreaterThan(0);
    }
    expect((await getJson(app, PATH)).body).toEqual({ ttl: 43200, use_secondary: true });
    expect((await send('PUT', '/medorder/api/v2/admin/pharmacies/abc/batch_config', { ttl: 0, use_secondary: false })).status).toBe(422);
  });
});
