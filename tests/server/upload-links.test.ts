import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePng } from '../../server/services/core/inquiries/files';
import { ADMIN, startApp, type TestApp } from './helpers';

/** Issue 36 item 9: every kind of upload link is bounded per user, and what no record uses is swept. */
const BASE = '/core/api/v2/admin';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let app: TestApp;
let admin: string;
let other: string;
let clock = Date.parse('2026-11-29T01:00:00.000Z');

beforeAll(async () => {
  app = startApp({ jobTickMs: 0, now: () => new Date(clock) });
  admin = await app.token(ADMIN);
  other = await app.token({ username: 'sato.misaki@example.com', password: 'Staff1234' });
});
afterAll(() => app.dispose());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
async function call(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.call(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as Json };
}
const put = (url: string, bytes: Buffer, contentType: string) => app.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });

const KINDS = [
  { name: 'licence files', path: `${BASE}/pharmacies/1/licenses/presigned_url` },
  { name: 'manual images', path: `${BASE}/manual_files/presigned_url` },
];

describe.each(KINDS)('$name', ({ path }) => {
  it('20 links per user in 15 minutes, then a Japanese 429; another user is not held; expiry frees them', async () => {
    for (let i = 0; i < 20; i++) expect((await call(path, admin)).status, `link ${i + 1}`).toBe(200);
    const refused = await call(path, admin);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toContain('アップロード先を使い切りました');
    expect((await call(path, other)).status).toBe(200);
    clock += 15 * 60 * 1000 + 1000;
    expect((await call(path, admin)).status).toBe(200);
  });
});

/** A token signed now (the clock moves hours in these tests; a cached one would have expired). */
const signIn = async (user: { username: string; password: string }) => {
  const res = await app.call('/oauth/token', { method: 'POST', json: { grant_type: 'password', ...user } });
  return ((await res.json()) as { access_token: string }).access_token;
};

describe('the sweep of unused uploads', () => {
  it('removes a licence file no licence points at once its hour is over; a registered one stays', async () => {
    const storage = app.environments.production.storage;
    const presign = async () => (await call(KINDS[0].path, other)).body as { presigned_url: string; object_name: string };
    const forgotten = await presign();
    expect((await put(forgotten.presigned_url, PDF, 'application/pdf')).status).toBe(200);
    const kept = await presign();
    expect((await put(kept.presigned_url, PDF, 'application/pdf')).status).toBe(200);
    const registered = await call(`${BASE}/pharmacies/1/licenses`, other, { method: 'POST', json: { number: '13薬第12345号', expires_on: '2030-03-31', filename_s3: kept.object_name } });
    expect(registered.status).toBe(201);

    const { jobs } = app.environments.production;
    clock += 20 * 60 * 1000;
    await jobs.tick();
    // Its link expired, but an hour has not passed: the dialog may still register it.
    expect(storage.get('licenses', forgotten.object_name)).toBeDefined();
    clock += 60 * 60 * 1000;
    await jobs.tick();
    expect(storage.get('licenses', forgotten.object_name)).toBeUndefined();
    expect(storage.get('licenses', kept.object_name)).toBeDefined();
  });

  it('removes a manual image no manual shows once its day is over; one a manual shows stays', async () => {
    other = await signIn({ username: 'sato.misaki@example.com', password: 'Staff1234' });
    const storage = app.environments.production.storage;
    const presign = async () => {
      const answer = await call(KINDS[1].path, other);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as { presigned_url: string; public_url: string; object_name: string };
    };
    const png = samplePng(4, 4, [1, 2, 3], [4, 5, 6]);
    const forgotten = await presign();
    expect((await put(forgotten.presigned_url, png, 'image/png')).status).toBe(200);
    const shown = await presign();
    expect((await put(shown.presigned_url, png, 'image/png')).status).toBe(200);
    const manual = await call(`${BASE}/manuals`, other, { method: 'POST', json: { title: '画像つきの手順', content: `手順\n\n![画面](${shown.public_url})` } });
    expect(manual.status).toBe(201);

    const { jobs } = app.environments.production;
    clock += 2 * 60 * 60 * 1000;
    await jobs.tick();
    // A manual being written keeps its pictures for a day before it is saved.
    expect(storage.get('manual-images', forgotten.object_name)).toBeDefined();
    clock += 24 * 60 * 60 * 1000;
    await jobs.tick();
    expect(storage.get('manual-images', forgotten.object_name)).toBeUndefined();
    expect(storage.get('manual-images', shown.object_name)).toBeDefined();
  });
});
