import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from './helpers';
import { API_PROFILES, apiProfileFromEnv, platformCables, platformPath } from '../../server/shared/apiProfile';
import type { Cable } from '../../server/shared/cable';
import { ADDITIONS, CAPABILITIES, REFERENCE_ONLY_OPERATIONS } from '../../src/contract/additions';

/** The spec profile (issue 35): exactly section 7, as the platform's own services answer. */
let spec: TestApp;
let full: TestApp;
let tick = Date.parse('2026-11-29T01:00:00.000Z');
const now = () => new Date((tick += 1000));

beforeAll(() => {
  spec = startApp({ apiProfile: API_PROFILES.spec, now });
  full = startApp({ apiProfile: API_PROFILES.full, now });
});
afterAll(() => {
  spec.dispose();
  full.dispose();
});

/** `GET /api/v2/core/admin/x/{id}` as the reference API's path (`/core/api/v2/admin/x/1`). */
const servedPath = (operation: string) => {
  const [method, path] = operation.split(' ');
  const filled = path.replace(/\{\w+\}/g, '1');
  const served = filled.startsWith('/api/v1') ? `/legacy${filled}` : filled.replace(/^\/api\/v2\/(core|medorder)/, '/$1/api/v2');
  return { method, served };
};

describe('API_PROFILE', () => {
  it('is full unless it says spec; anything else stops the start', () => {
    expect(apiProfileFromEnv(undefined).name).toBe('full');
    expect(apiProfileFromEnv('').name).toBe('full');
    expect(apiProfileFromEnv('spec').name).toBe('spec');
    expect(() => apiProfileFromEnv('SPEC')).toThrow(/API_PROFILE/);
  });

  it('maps served paths to the SPA\'s, both environments, and nothing else', () => {
    expect(platformPath('/core/api/v2/admin/pharmacies')).toBe('/api/v2/core/admin/pharmacies');
    expect(platformPath('/demo/medorder/api/v2/admin/ping')).toBe('/api/v2/medorder/admin/ping');
    expect(platformPath('/legacy/api/v1/medorder/stocks')).toBe('/api/v1/medorder/stocks');
    expect(platformPath('/config.json')).toBeUndefined();
    expect(platformPath('/core/api/v2x/admin')).toBeUndefined();
  });
});

describe('/config.json names what the services have', () => {
  it('every addition in the full profile, none in the spec profile', async () => {
    const capabilitiesOf = async (app: TestApp) =>
      ((await (await app.call('/config.json')).json()) as { environments: { capabilities?: string[] }[] }).environments.map((env) => env.capabilities);
    expect(await capabilitiesOf(full)).toEqual([[...CAPABILITIES], [...CAPABILITIES]]);
    expect(await capabilitiesOf(spec)).toEqual([[], []]);
  });
});

describe('the spec profile answers as the platform would', () => {
  it('every call of an addition and of the reference tools is 404 (an unknown path) in both environments, for any role', async () => {
    const admin = await spec.token();
    const operations = [...Object.values(ADDITIONS).flatMap((addition) => addition.operations ?? []), ...REFERENCE_ONLY_OPERATIONS];
    expect(operations.length).toBeGreaterThan(8);
    for (const operation of operations) {
      const { method, served } = servedPath(operation);
      for (const prefix of ['', '/demo']) {
        const res = await spec.call(`${prefix}${served}`, { method, token: admin, json: method === 'GET' || method === 'DELETE' ? undefined : {} });
        expect([operation, prefix, res.status]).toEqual([operation, prefix, 404]);
        expect(await res.json()).toEqual({ errors: ['見つかりません。'] });
      }
    }
    // Not refused before the token is checked by accident: the same calls in the full profile are served.
    const res = await full.call('/core/api/v2/admin/saved_replies', { token: await full.token() });
    expect(res.status).toBe(200);
  });

  it('sort=relevance is a 422, and so is fields on a list the spec gives none; the spec\'s own fields and sorts answer', async () => {
    const token = await spec.token();
    for (const path of ['/core/api/v2/admin/pharmacies?query=%E8%96%AC&sort=relevance', '/core/api/v2/master/dealers?sort=-relevance']) {
      const res = await spec.call(path, { token });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: string[] }).errors[0]).toContain('relevance');
    }
    const dealers = await spec.call('/core/api/v2/master/dealers?fields=id,name', { token });
    expect(dealers.status).toBe(422);
    expect(await dealers.json()).toEqual({ errors: ['fields はこの一覧では指定できません。'] });
    for (const path of ['/core/api/v2/admin/pharmacies?fields=id,name&sort=-updated_at', '/core/api/v2/admin/users?fields=id', '/core/api/v2/admin/companies?fields=id', '/core/api/v2/admin/groups?fields=id']) {
      expect([path, (await spec.call(path, { token })).status]).toEqual([path, 200]);
    }
    expect((await full.call('/core/api/v2/master/dealers?fields=id,name&sort=relevance', { token: await full.token() })).status).toBe(200);
  });

  it('a parameter section 7 does not give the call is a 422 naming it (content_type on the upload links too); one it gives answers', async () => {
    const token = await spec.token();
    for (const [path, name] of [
      ['/core/api/v2/admin/pharmacies?without_company=true', 'without_company'],
      ['/core/api/v2/admin/users?role=pharmacy&query=a', 'role'],
      ['/core/api/v2/admin/groups?without_pharmacy_id=1', 'without_pharmacy_id'],
      ['/core/api/v2/admin/manuals?sort=-updated_at', 'sort'],
      ['/core/api/v2/admin/licenses/expires?query=a&page=1', 'query'],
      ['/medorder/api/v2/admin/stockable_item_fixtures?receipt_code=620000001', 'receipt_code'],
      ['/core/api/v2/master/dealers?prefecture_id=13', 'prefecture_id'],
      // Section 7's upload links take no type (issue 35's last parameter): the PUT's Content-Type says it.
      ['/core/api/v2/admin/pharmacies/1/licenses/presigned_url?content_type=application/pdf', 'content_type'],
      ['/core/api/v2/admin/inquiry_messages/file_presigned_url?content_type=image/png', 'content_type'],
      ['/core/api/v2/admin/manual_files/presigned_url?content_type=image/png', 'content_type'],
    ] as const) {
      const res = await spec.call(path, { token });
      expect([path, res.status]).toEqual([path, 422]);
      expect(await res.json()).toEqual({ errors: [`${name} はこの呼び出しでは指定できません。`] });
      expect([path, (await full.call(path, { token: await full.token() })).status]).toEqual([path, 200]);
    }
    for (const path of [
      '/core/api/v2/admin/pharmacies?query=%E8%96%AC&add_ended=true&page=2&sort=-updated_at',
      '/core/api/v2/admin/manuals?query=a&page=1',
      '/core/api/v2/admin/pharmacies/1/users?page=1',
      '/core/api/v2/admin/pharmacies/1/licenses/presigned_url',
      '/core/api/v2/admin/inquiry_messages/file_presigned_url',
      '/core/api/v2/admin/manual_files/presigned_url',
      '/medorder/api/v2/admin/stockable_item_fixtures?yj_code=1124003F2230&ids=1,2',
    ]) {
      expect([path, (await spec.call(path, { token })).status]).toEqual([path, 200]);
    }
  });

  it('uploads as section 7 says: a link asked with no type, the file PUT with its content type, then registered', async () => {
    const token = await spec.token();
    const link = await spec.call('/core/api/v2/admin/pharmacies/1/licenses/presigned_url', { token });
    expect(link.status).toBe(200);
    const { presigned_url, object_name } = (await link.json()) as { presigned_url: string; object_name: string };
    const pdf = '%PDF-1.4\n%%EOF\n';
    expect((await spec.app.request(presigned_url, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf })).status).toBe(200);
    const created = await spec.call('/core/api/v2/admin/pharmacies/1/licenses', { method: 'POST', token, json: { number: '13薬第30001号', expires_on: '2030-03-31', filename_s3: object_name } });
    expect(created.status).toBe(201);
    const view = await spec.app.request(((await created.json()) as { signed_url: string }).signed_url);
    expect([view.headers.get('content-type'), await view.text()]).toEqual(['application/pdf', pdf]);
  });

  it('If-Unmodified-Since is ignored (the platform does not know it), and x-unread-total is not answered', async () => {
    for (const [app, expected] of [[spec, 200], [full, 412]] as const) {
      const token = await app.token();
      const res = await app.call('/core/api/v2/admin/companies/1', {
        method: 'PUT',
        token,
        json: { note: `備考 ${app === spec ? 'spec' : 'full'}` },
        headers: { 'if-unmodified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' },
      });
      expect(res.status).toBe(expected);
    }
    // If-Match too, and no ETag is answered (issue 36 item 10's addition, etagWrite).
    for (const [app, expected] of [[spec, 200], [full, 412]] as const) {
      const res = await app.call('/core/api/v2/admin/companies/1', { method: 'PUT', token: await app.token(), json: { note: '備考 If-Match' }, headers: { 'if-match': '"no-such-version"' } });
      expect(res.status).toBe(expected);
      const read = await app.call('/core/api/v2/admin/companies/1', { token: await app.token() });
      expect(read.headers.get('etag') === null).toBe(app === spec);
    }
    const rooms = async (app: TestApp) => (await app.call('/core/api/v2/admin/inquiry_rooms', { token: await app.token() })).headers.get('x-unread-total');
    expect(await rooms(spec)).toBeNull();
    expect(await rooms(full)).not.toBeNull();
  });
});

describe('the cable in the spec profile', () => {
  it("broadcasts without the additions' fields (unread_total), and the full profile's as they are", () => {
    const sent: Record<string, unknown>[] = [];
    const endpoint: Cable & { path: string } = { path: '/cable', registerChannel: () => undefined, broadcast: (_stream, message) => void sent.push(message), listening: () => true, recheckUser: () => undefined };
    const cables = { endpoint: (_path: string) => endpoint, recheckUser: () => undefined };
    const room = { id: 1, name: '件名', unread_count: 2, unread_total: 5 };
    platformCables(API_PROFILES.spec, cables).endpoint('/cable').broadcast('inquiry_rooms', room);
    platformCables(API_PROFILES.full, cables).endpoint('/cable').broadcast('inquiry_rooms', room);
    expect(sent).toEqual([{ id: 1, name: '件名', unread_count: 2 }, room]);
    expect(platformCables(API_PROFILES.spec, cables).endpoint('/cable').path).toBe('/cable');
  });
});
