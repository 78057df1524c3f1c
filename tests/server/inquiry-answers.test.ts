import type { z } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_ANSWER_SCHEMAS as S } from '../../server/services/core/inquiries/schema';
import { samplePng } from '../../server/services/core/inquiries/files';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

// The inquiry routes document real answer schemas (issue 24 item 5): every answer the calls give
// parses against its schema and loses nothing (parsing drops unknown keys, so equality means the
// schema names every key, nested ones included).
const BASE = '/core/api/v2/admin';
const OWN = '/core/api/v2/pharmacy';

let app: TestApp;
let admin: string;
let pharmacy: string;
beforeAll(async () => {
  app = startApp({ jobTickMs: 0 });
  admin = await app.token(ADMIN);
  pharmacy = await app.token(PHARMACY);
});
afterAll(() => app.dispose());

async function call(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const res = await app.call(path, { token, ...init });
  return { status: res.status, body: (await res.json()) as unknown };
}
function expectShape(schema: z.ZodType, body: unknown) {
  expect(schema.parse(body)).toEqual(body);
}

describe('inquiry answers match their documented schemas', () => {
  it('rooms, messages, a posted message with a reply and an attachment, its edit and deletion, an upload URL', async () => {
    const rooms = await call(`${BASE}/inquiry_rooms`, admin);
    expect(rooms.status).toBe(200);
    const list = rooms.body as { id: number }[];
    expect(list.length).toBeGreaterThan(0);
    for (const room of list) expectShape(S.room, room);

    const roomId = list[0].id;
    const messages = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin);
    const seen = messages.body as { id: number }[];
    for (const message of seen) expectShape(S.message, message);

    const presign = await call(`${BASE}/inquiry_messages/file_presigned_url`, admin);
    expectShape(S.presignedUpload, presign.body);
    const { presigned_url, object_name } = presign.body as { presigned_url: string; object_name: string };
    const png = samplePng(4, 4, [255, 0, 0], [0, 0, 255]);
    expect((await app.app.request(presigned_url, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) })).status).toBe(200);
    const file = { file_name_s3: object_name, name: '写真.png', size: png.length, file_type: 'image/png', extension: 'png' };
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '確認します。', reply_message_id: seen[0].id, file } });
    expect(sent.status).toBe(201);
    expectShape(S.message, sent.body);
    const sentId = (sent.body as { id: number }).id;
    expect(sent.body).toMatchObject({ reply_message: { id: seen[0].id }, files: [{ name: '写真.png' }] });

    const edited = await call(`${BASE}/inquiry_messages/${sentId}`, admin, { method: 'PATCH', json: { content: '確認しました。' } });
    expect(edited.status).toBe(200);
    expectShape(S.message, edited.body);
    const renamed = await call(`${BASE}/inquiry_rooms/${roomId}`, admin, { method: 'PATCH', json: { name: '件名の変更' } });
    expectShape(S.room, renamed.body);
    const deleted = await call(`${BASE}/inquiry_messages/${sentId}`, admin, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expectShape(S.deletedMessage, deleted.body);
  });

  it('the pharmacy side: its rooms and a room it opens', async () => {
    const rooms = await call(`${OWN}/inquiry_rooms`, pharmacy);
    const list = rooms.body as { pharmacy_id: number }[];
    for (const room of list) expectShape(S.room, room);
    const opened = await call(`${OWN}/inquiry_rooms`, pharmacy, { method: 'POST', json: { pharmacy_id: list[0].pharmacy_id, name: '在庫について', content: '質問です。' } });
    expect(opened.status).toBe(201);
    expectShape(S.room, opened.body);
  });
});
