import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openIdentityDb } from '../../server/identity/db';
import { meetsPasswordPolicy } from '../../server/identity/management';
import { identityUserId } from '../../server/identity/users';
import { DEFAULT_AUDIENCES } from '../../server/site/config';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

const NS = 'https://cs-portal.example.com/';
const CHANGE = '/core/api/v2/common/users/change_password';
const RESTORE = '/core/api/v2/common/users/restore';
/** A seeded staff admin no other test signs in as. */
const STAFF = { username: 'takahashi.yumi@example.com', password: 'Staff1234' };

let app: TestApp;

beforeAll(() => {
  app = startApp();
});
afterAll(() => app.dispose());

const post = async (path: string, json: unknown, user = ADMIN) => {
  const res = await app.call(path, { method: 'POST', token: await app.token(user), json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const grant = (username: string, password: string) =>
  app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', username, password } });

/** Sets the identity side's pharmacy ids behind the API's back, as a drifted Auth0 user would be. */
const setIdentityPharmacyIds = (email: string, ids: number[]) => {
  const db = openIdentityDb(app.dir);
  try {
    db.prepare('UPDATE users SET pharmacy_ids = ? WHERE id = ?').run(JSON.stringify(ids), identityUserId(email));
  } finally {
    db.close();
  }
};

describe('password policy', () => {
  it('needs 8 characters with upper case, lower case and digits, symbols only from !@#$%^&*', () => {
    for (const ok of ['Admin123', 'Secret12!@#$%^&*', 'aB3aB3aB3aB3']) expect(meetsPasswordPolicy(ok), ok).toBe(true);
    for (const weak of ['Abc1234', 'admin1234', 'ADMIN1234', 'AdminAdmin', 'Admin 1234', 'Admin123?', 'Admin123（', ''])
      expect(meetsPasswordPolicy(weak), weak).toBe(false);
  });
});

describe('POST /api/v2/common/users/change_password', () => {
  it('answers 401 without a token', async () => {
    const res = await app.call(CHANGE, { method: 'POST', json: { current_password: ADMIN.password, new_password: 'Secret123', new_password_again: 'Secret123' } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ errors: ['認証が必要です。'] });
  });

  it('requires all three entries', async () => {
    const { status, body } = await post(CHANGE, { new_password: '' });
    expect(status).toBe(422);
    expect(body.errors).toEqual(['現在のパスワードを入力してください。', '新しいパスワードを入力してください。', '新しいパスワード（確認）を入力してください。']);
  });

  it('refuses two different entries', async () => {
    const { status, body } = await post(CHANGE, { current_password: ADMIN.password, new_password: 'Secret123', new_password_again: 'Secret124' });
    expect(status).toBe(422);
    expect(body).toEqual({ errors: ['2つの入力値が異なります。'] });
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { status, body } = await post(CHANGE, { current_password: 'Wrong1234', new_password: 'Secret123', new_password_again: 'Secret123' });
    expect(status).toBe(422);
    expect(body).toEqual({ errors: ['現在のパスワードが正しくありません。'], field_errors: { current_password: ['現在のパスワードが正しくありません。'] } });
    expect((await grant(ADMIN.username, ADMIN.password)).status).toBe(200);
    expect((await grant(ADMIN.username, 'Secret123')).status).toBe(403);
  });

  it('caps every entry at 128 characters with a Japanese message', async () => {
    const long = `Aa1${'x'.repeat(126)}`;
    const { status, body } = await post(CHANGE, { current_password: long, new_password: long, new_password_again: long });
    expect(status).toBe(422);
    expect(body.errors).toEqual([
      '現在のパスワードは128文字以内で入力してください。',
      '新しいパスワードは128文字以内で入力してください。',
      '新しいパスワード（確認）は128文字以内で入力してください。',
    ]);
  });

  it('answers the identity provider\'s strength error for a weak password', async () => {
    for (const weak of ['short1A', 'alllower123', 'NoDigitsHere', 'Bad-Symbol123']) {
      const { status, body } = await post(CHANGE, { current_password: ADMIN.password, new_password: weak, new_password_again: weak });
      expect(status, weak).toBe(422);
      expect(body).toEqual({ errors: ['PasswordStrengthError: Password is too weak'] });
    }
    expect((await grant(ADMIN.username, ADMIN.password)).status).toBe(200);
  });

  it('changes the password: the new one signs in, the old one no longer does, the changing session goes on', async () => {
    const oldToken = await app.token(STAFF);
    const { status, body } = await post(CHANGE, { current_password: STAFF.password, new_password: 'Changed123!', new_password_again: 'Changed123!' }, STAFF);
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'パスワードが変更されました。' });
    expect((await grant(STAFF.username, 'Changed123!')).status).toBe(200);
    const old = await grant(STAFF.username, STAFF.password);
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await app.call('/core/api/v2/common/users/me', { token: oldToken })).status).toBe(200);
    // Other users are untouched.
    expect((await grant(ADMIN.username, ADMIN.password)).status).toBe(200);
  });
});

describe('POST /api/v2/common/users/restore', () => {
  it('answers 401 without a token', async () => {
    expect((await app.call(RESTORE, { method: 'POST', json: {} })).status).toBe(401);
  });

  it('returns both lists as they were and restores the identity side from the database', async () => {
    setIdentityPharmacyIds(PHARMACY.username, [1, 7, 9]);
    const first = await post(RESTORE, {}, PHARMACY);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ auth0_pharmacy_ids: [1, 7, 9], db_pharmacy_ids: [1], restored: true });

    const second = await post(RESTORE, {}, PHARMACY);
    expect(second.body).toEqual({ auth0_pharmacy_ids: [1], db_pharmacy_ids: [1], restored: true });

    // A new sign-in carries the restored ids in the token's custom claim.
    const res = await grant(PHARMACY.username, PHARMACY.password);
    const claims = decodeJwt(((await res.json()) as { access_token: string }).access_token);
    expect(claims[`${NS}app_metadata`]).toEqual({ pharmacy_ids: [1] });
  });

  it('works for staff with no pharmacies', async () => {
    setIdentityPharmacyIds(ADMIN.username, [3]);
    const { status, body } = await post(RESTORE, {});
    expect(status).toBe(200);
    expect(body).toEqual({ auth0_pharmacy_ids: [3], db_pharmacy_ids: [], restored: true });
    expect((await post(RESTORE, {})).body.auth0_pharmacy_ids).toEqual([]);
  });
});

describe('demo environment', () => {
  it('serves both routes under /demo/core against the shared identity store', async () => {
    const demoToken = await app.token(PHARMACY, DEFAULT_AUDIENCES.demo);
    const res = await app.call('/demo/core/api/v2/common/users/restore', { method: 'POST', token: demoToken, json: {} });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ db_pharmacy_ids: [1], restored: true });
    const mismatch = await app.call('/demo/core/api/v2/common/users/change_password', {
      method: 'POST',
      token: demoToken,
      json: { current_password: PHARMACY.password, new_password: 'Secret123', new_password_again: 'Secret1234' },
    });
    expect(mismatch.status).toBe(422);
  });
});

describe('OpenAPI document', () => {
  it('lists both routes', async () => {
    const doc = (await (await app.call('/api/openapi.json')).json()) as { paths: Record<string, { post?: unknown }> };
    expect(doc.paths['/core/api/v2/common/users/change_password']?.post).toBeDefined();
    expect(doc.paths['/core/api/v2/common/users/restore']?.post).toBeDefined();
  });
});
