import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePng } from '../../server/services/core/inquiries/files';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

const BASE = '/core/api/v2/admin';
const OWN = '/core/api/v2/pharmacy';

let app: TestApp;
let admin: string;
let pharmacy: string;
let clock = Date.parse('2026-11-21T01:00:00.000Z');

beforeAll(async () => {
  app = startApp({ jobTickMs: 0, now: () => new Date(clock) });
  admin = await app.token(ADMIN);
  pharmacy = await app.token(PHARMACY);
});
afterAll(() => app.dispose());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
async function call(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.call(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
}
const put = (url: string, bytes: Buffer | string, contentType = 'image/png') =>
  app.app.request(url, { method: 'PUT', headers: { 'content-type': contentType }, body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes) });

describe('an attachment after its message was posted', () => {
  it('cannot be swapped through its upload URL: the message keeps the checked bytes', async () => {
    const roomId = (await call(`${BASE}/inquiry_rooms?status=replied`, admin)).body[0].id;
    const presign = await call(`${BASE}/inquiry_messages/file_presigned_url`, admin);
    const url = presign.body.presigned_url as string;
    const png = samplePng(8, 8, [10, 20, 30], [40, 50, 60]);
    expect((await put(url, png)).status).toBe(200);
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, {
      method: 'POST',
      json: { content: '確認済みの写真', file: { file_name_s3: presign.body.object_name, name: 'a.png' } },
    });
    expect(sent.status).toBe(201);

    // The URL is still within its 15 minutes: a second PUT, of another picture (a non-image is a
    // 415 at the PUT now), must not reach the posted attachment.
    const swap = await put(url, samplePng(8, 8, [200, 0, 0], [0, 200, 0]));
    expect([200, 403, 409]).toContain(swap.status);

    const messages = await call(`${BASE}/inquiry_rooms/${roomId}/messages?page=1`, admin);
    const pages = Number(messages.headers.get('x-total-pages'));
    const last = pages > 1 ? await call(`${BASE}/inquiry_rooms/${roomId}/messages?page=${pages}`, admin) : messages;
    const posted = (last.body as Json[]).find((m) => m.id === sent.body.id);
    const download = await app.app.request(posted.files[0].url as string);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await download.arrayBuffer()).equals(png)).toBe(true);
    // Nor does the swapped upload linger as a second copy the message could point at.
    expect(posted.files[0].url).not.toContain(encodeURIComponent(presign.body.object_name).replace(/%2F/g, '/'));
  });
});

const storageRoot = () => join(app.dir, 'storage', 'production');
const uploadsOf = (userDir: string) => {
  const dir = join(storageRoot(), 'inquiry-files', 'uploads', userDir);
  return existsSync(dir) ? readdirSync(dir) : [];
};
const tmpFiles = () => {
  const dir = join(storageRoot(), '.tmp');
  return existsSync(dir) ? readdirSync(dir).map((name) => statSync(join(dir, name)).size) : [];
};

describe('upload URLs (issue 22 item 8)', () => {
  it('bounds the outstanding upload URLs of a user: beyond 20, 429 with a Japanese error; attaching or expiry frees them', async () => {
    const presign = () => call(`${OWN}/inquiry_messages/file_presigned_url`, pharmacy);
    const granted = [];
    for (let i = 0; i < 20; i++) {
      const r = await presign();
      expect(r.status, `URL ${i + 1}`).toBe(200);
      granted.push(r.body);
    }
    const refused = await presign();
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors[0]).toMatch(/[ぁ-んァ-ン一-龯]/);
    // Another user is not held up by this one.
    expect((await call(`${BASE}/inquiry_messages/file_presigned_url`, admin)).status).toBe(200);

    // Attaching one frees its place.
    const roomId = (await call(`${OWN}/inquiry_rooms`, pharmacy)).body[0].id;
    expect((await put(granted[0].presigned_url, samplePng(4, 4, [1, 1, 1], [2, 2, 2]))).status).toBe(200);
    const sent = await call(`${OWN}/inquiry_rooms/${roomId}/messages`, pharmacy, { method: 'POST', json: { content: '写真', file: { file_name_s3: granted[0].object_name, name: 'a.png' } } });
    expect(sent.status).toBe(201);
    expect((await presign()).status).toBe(200);
    expect((await presign()).status).toBe(429);

    // Once the URLs have expired (15 minutes), they no longer count.
    clock += 15 * 60 * 1000 + 1000;
    expect((await presign()).status).toBe(200);
  });

  it('deletes unattached uploads once their URL has expired (a sweep on the job runner), never an attached one', async () => {
    const storage = app.environments.production.storage;
    const presign = async () => (await call(`${BASE}/inquiry_messages/file_presigned_url`, admin)).body;
    const forgotten = await presign();
    expect((await put(forgotten.presigned_url, samplePng(6, 6, [1, 2, 3], [3, 2, 1]))).status).toBe(200);
    const attachedUpload = await presign();
    expect((await put(attachedUpload.presigned_url, samplePng(6, 6, [9, 9, 9], [3, 2, 1]))).status).toBe(200);
    const roomId = (await call(`${BASE}/inquiry_rooms?status=replied`, admin)).body[0].id;
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '添付', file: { file_name_s3: attachedUpload.object_name, name: 'b.png' } } });
    expect(sent.status).toBe(201);

    const { jobs } = app.environments.production;
    clock += 5 * 60 * 1000;
    await jobs.tick();
    // Still within its 15 minutes: the user may yet attach it.
    expect(storage.get('inquiry-files', forgotten.object_name)).toBeDefined();
    const fresh = await presign();
    expect((await put(fresh.presigned_url, samplePng(6, 6, [5, 5, 5], [3, 2, 1]))).status).toBe(200);

    clock += 11 * 60 * 1000;
    await jobs.tick();
    expect(storage.get('inquiry-files', forgotten.object_name)).toBeUndefined();
    expect(storage.get('inquiry-files', fresh.object_name)).toBeDefined();
    const attached = await app.app.request(sent.body.files[0].url as string);
    expect(attached.status).toBe(200);

    clock += 15 * 60 * 1000;
    await jobs.tick();
    expect(storage.get('inquiry-files', fresh.object_name)).toBeUndefined();
    expect(uploadsOf('')).toEqual([]);
  });

  it('streams a PUT body to disk instead of holding it in memory, and deletes the partial file on overflow', async () => {
    const presign = (await call(`${BASE}/inquiry_messages/file_presigned_url`, admin)).body;
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    let largestTmpMidway = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Halfway through, the part already received should be on disk, not in the server's memory.
        if (sent === 6 * 1024 * 1024) largestTmpMidway = Math.max(0, ...tmpFiles());
        if (sent >= 11 * 1024 * 1024) return controller.close();
        const piece = sent === 0 ? Buffer.concat([samplePng(2, 2, [0, 0, 0], [1, 1, 1]), Buffer.alloc(chunk.length)]).subarray(0, chunk.length) : chunk;
        controller.enqueue(new Uint8Array(piece));
        sent += chunk.length;
      },
    });
    const res = await app.app.request(presign.presigned_url as string, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { errors: string[] }).errors[0]).toMatch(/[ぁ-んァ-ン一-龯]/);
    expect(largestTmpMidway).toBeGreaterThan(1024 * 1024);
    expect(tmpFiles()).toEqual([]);
    expect(app.environments.production.storage.get('inquiry-files', presign.object_name)).toBeUndefined();
  });
});
