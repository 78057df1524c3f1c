import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITE_FORBIDDEN } from '../../server/shared/auth';
import { MESSAGES } from '../../server/shared/errors';
import { STOCK_SCENARIO } from '../../server/db/stocksScenario';
import { DEFAULT_AUDIENCES } from '../../server/site/config';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

/**
 * Hostile-client suite, pharmacy rights (issue 22, items 1-3): a pharmacy user names only its own
 * pharmacies (in a path, a query or a body), writes only where it holds `write`, and loses access
 * the moment an admin removes it or its password changes, whatever its token still says.
 */
const T0 = new Date('2026-11-21T10:00:00.000Z');
let clock = T0;
let app: TestApp;
beforeAll(() => {
  app = startApp({ now: () => clock, jobTickMs: 0 });
});
afterAll(() => app.dispose());

const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** shimizu.yuko holds only `read` on pharmacy 1 (seeded; checked below through the admin API). */
const READ_ONLY = { username: 'shimizu.yuko@pharmacy.example.jp', password: 'Pharmacy1234' };

/** A fresh access token (never cached: these tests need tokens of different ages). */
async function signIn(user: { username: string; password: string }, audience?: string): Promise<string> {
  const res = await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...user, ...(audience && { audience }) } });
  expect(res.status, `sign-in of ${user.username}`).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

async function send(method: string, path: string, token: string, json?: unknown) {
  const res = await app.call(path, { method, token, json });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> & { errors?: string[] } };
}

const stockLog = { logged_at: '2026-11-21T09:00:00+09:00', stock_action: 'fix_quantity', delta_quantity: '1' };
const stockOf = (pharmacyId: number) => STOCK_SCENARIO.find((s) => s.pharmacyId === pharmacyId)!;

describe('another pharmacy named in a filter, a path or a body (item 1)', () => {
  it("refuses the stockable items filtered by another pharmacy's stock; staff may name any", async () => {
    const token = await app.token(PHARMACY);
    const path = '/medorder/api/v2/master/stockable_items?pharmacy_id=3&exists_stock=true';
    const other = await send('GET', path, token);
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ errors: [MESSAGES.forbidden] });
    expect((await send('GET', '/medorder/api/v2/master/stockable_items?pharmacy_id=3', token)).status).toBe(403);
    // Its own pharmacy, and no pharmacy at all, are still answered.
    expect((await send('GET', '/medorder/api/v2/master/stockable_items?pharmacy_id=1&exists_stock=true', token)).status).toBe(200);
    expect((await send('GET', '/medorder/api/v2/master/stockable_items?query=a', token)).status).toBe(200);
    const staff = await send('GET', path, await app.token(ADMIN));
    expect(staff.status).toBe(200);
    expect(staff.body).toHaveLength(6);
  });

  it('refuses the same under /demo', async () => {
    const token = await signIn(PHARMACY, DEFAULT_AUDIENCES.demo);
    expect((await send('GET', '/demo/medorder/api/v2/master/stockable_items?pharmacy_id=3&exists_stock=true', token)).status).toBe(403);
    expect((await send('GET', '/demo/medorder/api/v2/pharmacy/pharmacies/3/stocks/1', token)).status).toBe(403);
    expect((await send('GET', '/demo/legacy/api/v1/medorder/stocks?pharmacyId=3', token)).status).toBe(403);
    expect((await send('GET', '/demo/medorder/api/v2/master/stockable_items?pharmacy_id=1&exists_stock=true', token)).status).toBe(200);
    const staff = await signIn(ADMIN, DEFAULT_AUDIENCES.demo);
    expect((await send('GET', '/demo/medorder/api/v2/master/stockable_items?pharmacy_id=3&exists_stock=true', staff)).status).toBe(200);
  });

  it('refuses every other pharmacy-side route that names another pharmacy', async () => {
    const token = await app.token(PHARMACY);
    const other = stockOf(3);
    const refused = [
      await send('GET', '/medorder/api/v2/pharmacy/pharmacies/3/stocks/1', token),
      await send('GET', '/medorder/api/v2/pharmacy/pharmacies/3/stocks/1/logs', token),
      await send('POST', '/medorder/api/v2/pharmacy/pharmacies/3/stocks/1/logs', token, stockLog),
      await send('POST', '/medorder/api/v2/pharmacy/stockable_item_import_requests', token, { pharmacy_id: 3, code_type: 'hot_code', code: '9999999999999' }),
      await send('GET', '/legacy/api/v1/medorder/stocks?pharmacyId=3', token),
      await send('GET', `/legacy/api/v1/medorder/fifo-racks?pharmacyId=3&yjCode=${other.yjCode}`, token),
      await send('POST', `/legacy/api/v1/medorder/stocks/${other.yjCode}/fix`, token, { pharmacyId: 3, yjCode: other.yjCode }),
      await send('GET', '/core/api/v2/pharmacy/pharmacies/3', token),
      await send('POST', '/core/api/v2/pharmacy/inquiry_rooms', token, { pharmacy_id: 3, name: '他薬局', content: '本文' }),
    ];
    expect(refused.map((r) => r.status)).toEqual(Array(refused.length).fill(403));
    for (const r of refused) expect(r.body.errors?.every((e) => /[ぁ-んァ-ン一-龯]/.test(e))).toBe(true);
  });
});

describe('a read-only pharmacy user (item 2)', () => {
  it('holds only read on pharmacy 1 (the seed this suite relies on)', async () => {
    const { body } = await send('GET', '/core/api/v2/admin/pharmacies/1/users', await app.token(ADMIN));
    const row = (body as unknown as { email: string; permission: string }[]).find((u) => u.email === READ_ONLY.username);
    expect(row?.permission).toBe('read');
  });

  it('reads its pharmacy but writes nothing there', async () => {
    const token = await app.token(READ_ONLY);
    const own = stockOf(1);
    // Reads are answered.
    expect((await send('GET', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1', token)).status).toBe(200);
    expect((await send('GET', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1/logs', token)).status).toBe(200);
    expect((await send('GET', '/legacy/api/v1/medorder/stocks?pharmacyId=1', token)).status).toBe(200);
    expect((await send('GET', `/legacy/api/v1/medorder/fifo-racks?pharmacyId=1&yjCode=${own.yjCode}`, token)).status).toBe(200);
    expect((await send('GET', '/core/api/v2/pharmacy/pharmacies/1', token)).status).toBe(200);
    expect((await send('GET', '/core/api/v2/pharmacy/inquiry_rooms', token)).status).toBe(200);
    expect((await send('GET', '/medorder/api/v2/master/stockable_items?pharmacy_id=1&exists_stock=true', token)).status).toBe(200);

    // Writes are refused, with a Japanese reason.
    const writes = [
      await send('POST', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1/logs', token, stockLog),
      await send('POST', `/legacy/api/v1/medorder/stocks/${own.yjCode}/fix`, token, { pharmacyId: 1, yjCode: own.yjCode }),
      await send('POST', '/medorder/api/v2/pharmacy/stockable_item_import_requests', token, { pharmacy_id: 1, code_type: 'hot_code', code: '9999999999999' }),
      await send('POST', '/core/api/v2/pharmacy/inquiry_rooms', token, { pharmacy_id: 1, name: '在庫について', content: '質問です' }),
      await send('GET', '/core/api/v2/pharmacy/inquiry_messages/file_presigned_url', token),
    ];
    expect(writes.map((w) => w.status)).toEqual([403, 403, 403, 403, 403]);
    for (const w of writes) expect(w.body).toEqual({ errors: [WRITE_FORBIDDEN] });
    // Nothing was written.
    expect((await send('GET', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1/logs', token)).body).toEqual(
      (await send('GET', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1/logs', await app.token(PHARMACY))).body,
    );
  });

  it("cannot post in its pharmacy's existing rooms either", async () => {
    const writer = await app.token(PHARMACY);
    const opened = await send('POST', '/core/api/v2/pharmacy/inquiry_rooms', writer, { pharmacy_id: 1, name: '書き込み確認', content: '最初のメッセージ' });
    expect(opened.status).toBe(201);
    const token = await app.token(READ_ONLY);
    expect((await send('GET', `/core/api/v2/pharmacy/inquiry_rooms/${opened.body.id}/messages`, token)).status).toBe(200);
    const posted = await send('POST', `/core/api/v2/pharmacy/inquiry_rooms/${opened.body.id}/messages`, token, { content: '読み取り専用です' });
    expect(posted.status).toBe(403);
    expect(posted.body).toEqual({ errors: [WRITE_FORBIDDEN] });
  });
});

describe('rights and passwords take effect at once (item 3)', () => {
  it("follows an admin's removal and permission switches with the same token", async () => {
    const token = await signIn(PHARMACY);
    const admin = await app.token(ADMIN);
    const me = (await send('GET', '/core/api/v2/common/users/me', token)).body as { id: number };
    const members = '/core/api/v2/admin/pharmacies/1/users';
    const reads = async () => [
      (await send('GET', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1', token)).status,
      (await send('GET', '/legacy/api/v1/medorder/stocks?pharmacyId=1', token)).status,
      (await send('GET', '/core/api/v2/pharmacy/pharmacies/1', token)).status,
      (await send('GET', '/medorder/api/v2/master/stockable_items?pharmacy_id=1&exists_stock=true', token)).status,
    ];
    const write = async () => (await send('POST', '/medorder/api/v2/pharmacy/pharmacies/1/stocks/1/logs', token, stockLog)).status;
    expect(await reads()).toEqual([200, 200, 200, 200]);
    expect(await write()).toBe(201);

    expect((await send('DELETE', members, admin, { user_id: me.id })).status).toBe(200);
    expect(await reads()).toEqual([403, 403, 403, 403]);
    expect(await write()).toBe(403);
    expect((await send('POST', '/core/api/v2/pharmacy/inquiry_rooms', token, { pharmacy_id: 1, name: '件名', content: '本文' })).status).toBe(403);
    expect((await send('GET', '/core/api/v2/pharmacy/inquiry_rooms', token)).body).toEqual([]);

    expect((await send('POST', members, admin, { user_id: me.id, permission: 'read' })).status).toBe(200);
    expect(await reads()).toEqual([200, 200, 200, 200]);
    expect(await write()).toBe(403);

    expect((await send('POST', members, admin, { user_id: me.id, permission: 'write' })).status).toBe(200);
    expect(await write()).toBe(201);
  });

  it('refuses access tokens issued before a password change, in every service and environment', async () => {
    const staff = { username: 'suzuki.kenta@example.com', password: 'Staff1234' };
    const old = await signIn(staff);
    const oldDemo = await signIn(staff, DEFAULT_AUDIENCES.demo);
    const oldPharmacy = await signIn(PHARMACY);
    advance(60_000);
    const current = await signIn(staff);
    const changed = await send('POST', '/core/api/v2/common/users/change_password', current, {
      current_password: staff.password, new_password: 'Changed123!', new_password_again: 'Changed123!',
    });
    expect(changed.status).toBe(200);

    const refused = [
      await send('GET', '/core/api/v2/common/users/me', old),
      await send('GET', '/medorder/api/v2/admin/ping', old),
      await send('GET', '/legacy/api/v1/ping', old),
      await send('GET', '/demo/core/api/v2/common/users/me', oldDemo),
    ];
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    expect(refused[0].body).toEqual({ errors: [MESSAGES.expired] });
    expect((await app.call('/userinfo', { token: old })).status).toBe(401);

    // The session that made the change goes on; a new sign-in works; other users are untouched.
    expect((await send('GET', '/core/api/v2/common/users/me', current)).status).toBe(200);
    advance(1000);
    const fresh = await signIn({ username: staff.username, password: 'Changed123!' });
    expect((await send('GET', '/core/api/v2/common/users/me', fresh)).status).toBe(200);
    expect((await send('GET', '/core/api/v2/common/users/me', oldPharmacy)).status).toBe(200);
  });
});
