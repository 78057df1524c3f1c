import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePng } from '../../server/services/core/inquiryFiles';
import { ADMIN, startApp, type TestApp } from './helpers';

const BASE = '/core/api/v2/admin';

let app: TestApp;
let admin: string;

beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  admin = await app.token(ADMIN);
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
    const presign = await call(`${BASE}/inquiry_messages/file_presigned_url?content_type=image/png`, admin);
    const url = presign.body.presigned_url as string;
    const png = samplePng(8, 8, [10, 20, 30], [40, 50, 60]);
    expect((await put(url, png)).status).toBe(200);
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, {
      method: 'POST',
      json: { content: '確認済みの写真', file: { file_name_s3: presign.body.object_name, name: 'a.png' } },
    });
    expect(sent.status).toBe(201);

    // The URL is still within its 15 minutes: a second PUT must not reach the posted attachment.
    const swap = await put(url, '<html><script>alert(1)</script></html>');
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
