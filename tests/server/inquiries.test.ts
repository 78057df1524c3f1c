import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INQUIRY_TEXTS } from '../../server/services/core/inquiries/texts';
import { samplePng } from '../../server/services/core/inquiries/files';
import { ADMIN, PHARMACY, startApp, type TestApp } from './helpers';

const STAFF2 = { username: 'sato.misaki@example.com', password: 'Staff1234' };
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely; the assertions check their shape
type Json = any;
async function call(path: string, token: string, init: { method?: string; json?: unknown; body?: string } = {}) {
  const res = await app.call(path, { token, ...init });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as Json };
}
const errorsOf = (r: { body: Json }) => r.body.errors as string[];

/** Room ids of pharmacy 1 (the demo pharmacy account's) and of another pharmacy. */
async function rooms(query = '', token = admin) {
  return call(`${BASE}/inquiry_rooms${query}`, token);
}

/** Section 7's link (no parameter), then the PUT with the file's content type; its status and the object's name. */
async function put(token: string, side: string, bytes: Buffer, contentType = 'image/png') {
  const presign = await call(`${side}/inquiry_messages/file_presigned_url`, token);
  expect(presign.status).toBe(200);
  const res = await app.app.request(presign.body.presigned_url as string, { method: 'PUT', headers: { 'content-type': contentType }, body: new Uint8Array(bytes) });
  return { status: res.status, errors: res.ok ? [] : ((await res.json()) as { errors: string[] }).errors, objectName: presign.body.object_name as string };
}

async function upload(token: string, side: string, bytes: Buffer, contentType = 'image/png') {
  const { status, objectName } = await put(token, side, bytes, contentType);
  expect(status).toBe(200);
  return objectName;
}

describe('room list', () => {
  it('pages the rooms most recently active first, with paging headers and a per-user unread total', async () => {
    const first = await rooms();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-current-page')).toBe('1');
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(25);
    expect(first.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 25)));
    expect(first.body).toHaveLength(25);
    const times = first.body.map((r: Json) => r.last_message.created_at as string);
    expect([...times].sort().reverse()).toEqual(times);
    const room = first.body[0];
    expect(Object.keys(room).sort()).toEqual(
      ['completed', 'created_at', 'id', 'last_message', 'name', 'pharmacy', 'pharmacy_id', 'status', 'unread_count', 'updated_at'].sort(),
    );
    expect(Object.keys(room.pharmacy).sort()).toEqual(['address1', 'id', 'name']);
    const second = await rooms('?page=2');
    expect(second.body.map((r: Json) => r.id)).not.toContain(room.id);
    expect(Number(first.headers.get('x-unread-total'))).toBeGreaterThan(0);
  });

  it('seeds every status, and filters by statuses (comma-joined), pharmacy and room', async () => {
    for (const status of ['new', 'replied', 'unreplied', 'need_action', 'closed', 'completed']) {
      const r = await rooms(`?status=${status}&pharmacy_id=1`);
      expect(r.body.length, status).toBeGreaterThan(0);
      expect(r.body.every((x: Json) => x.status === status && x.pharmacy.id === 1)).toBe(true);
    }
    const two = await rooms('?status=new,closed');
    expect(new Set(two.body.map((x: Json) => x.status))).toEqual(new Set(['new', 'closed']));
    const one = await rooms(`?room_id=${two.body[0].id}`);
    expect(one.body.map((x: Json) => x.id)).toEqual([two.body[0].id]);
  });

  it('refuses an unknown status and malformed parameters with Japanese 422s', async () => {
    const bad = await rooms('?status=new,archived');
    expect(bad.status).toBe(422);
    expect(errorsOf(bad)).toEqual([INQUIRY_TEXTS.statusInvalid]);
    for (const q of ['?page=0', '?page=abc', '?pharmacy_id=-1', '?room_id=1e3', `?status=${'x'.repeat(300)}`]) {
      const r = await rooms(q);
      expect(r.status, q).toBe(422);
      expect(errorsOf(r)[0], q).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });

  it('needs a token, and staff only on the admin paths', async () => {
    expect((await app.call(`${BASE}/inquiry_rooms`)).status).toBe(401);
    expect((await rooms('', pharmacy)).status).toBe(403);
  });
});

describe('messages', () => {
  it('lists a room oldest first with attachments and quotes; opening it marks it read for this staff member only', async () => {
    const unread = (await rooms('?status=unreplied')).body.find((r: Json) => r.unread_count > 0);
    expect(unread).toBeDefined();
    const before = Number((await rooms()).headers.get('x-unread-total'));
    const other = await app.token(STAFF2);
    const otherBefore = Number((await rooms('', other)).headers.get('x-unread-total'));
    const list = await call(`${BASE}/inquiry_rooms/${unread.id}/messages`, admin);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-pages')).toBe('1');
    const ids = list.body.map((m: Json) => m.id as number);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const after = await rooms(`?room_id=${unread.id}`);
    expect(after.body[0].unread_count).toBe(0);
    expect(Number(after.headers.get('x-unread-total'))).toBe(before - unread.unread_count);
    expect(Number((await rooms('', other)).headers.get('x-unread-total'))).toBe(otherBefore);
  });

  it('serves seeded image attachments through signed links', async () => {
    for (let id = 1; id <= 30; id++) {
      const list = await call(`${BASE}/inquiry_rooms/${id}/messages`, admin);
      const withFile = list.body.find((m: Json) => m.files.length > 0);
      if (!withFile) continue;
      const file = withFile.files[0];
      expect(file).toMatchObject({ extension: 'png', type: 'image/png' });
      const res = await app.app.request(file.url as string);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
      return;
    }
    throw new Error('no seeded attachment in rooms 1-30');
  });

  it('posts, replies, edits and deletes; the room follows (status, last message)', async () => {
    const roomId = (await rooms('?status=unreplied')).body[0].id;
    const [first] = (await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin)).body;
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '  確認します。 ', reply_message_id: first.id } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ content: '確認します。', room_id: roomId, reply_message_id: first.id, reply_message: { id: first.id, content: first.content } });
    let room = (await rooms(`?room_id=${roomId}`)).body[0];
    expect(room).toMatchObject({ status: 'replied', unread_count: 0, last_message: { id: sent.body.id, content: '確認します。' } });

    const edited = await call(`${BASE}/inquiry_messages/${sent.body.id}`, admin, { method: 'PATCH', json: { content: '確認しました。' } });
    expect(edited.body.content).toBe('確認しました。');
    expect((await rooms(`?room_id=${roomId}`)).body[0].last_message.content).toBe('確認しました。');

    const quoting = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '追記', reply_message_id: sent.body.id } });
    const deleted = await call(`${BASE}/inquiry_messages/${sent.body.id}`, admin, { method: 'DELETE' });
    expect(deleted.body).toEqual({ id: sent.body.id, room_id: roomId, deleted: true });
    const after = (await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin)).body;
    expect(after.map((m: Json) => m.id)).not.toContain(sent.body.id);
    expect(after.find((m: Json) => m.id === quoting.body.id)).toMatchObject({ reply_message_id: null, reply_message: null });
    await call(`${BASE}/inquiry_messages/${quoting.body.id}`, admin, { method: 'DELETE' });
    room = (await rooms(`?room_id=${roomId}`)).body[0];
    expect(room.last_message.id).toBe(after[after.length - 2].id);
  });

  it('refuses bad messages with Japanese 422s and nothing saved', async () => {
    const roomId = (await rooms('?status=replied')).body[0].id;
    const count = async () => (await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin)).body.length;
    const before = await count();
    const otherRoomMessage = (await call(`${BASE}/inquiry_rooms/${roomId + 1}/messages`, admin)).body[0].id;
    const cases: [unknown, string][] = [
      [{ content: '' }, 'メッセージを入力してください。'],
      [{ content: '   ' }, 'メッセージを入力してください。'],
      [{}, 'メッセージを入力してください。'],
      [{ content: 'x'.repeat(5001) }, 'メッセージは5000文字以内で入力してください。'],
      [{ content: 'a', reply_message_id: otherRoomMessage }, INQUIRY_TEXTS.replyMissing],
      [{ content: 'a', reply_message_id: 99999999 }, INQUIRY_TEXTS.replyMissing],
      [{ content: 'a', file: { file_name_s3: 'seed/shelf.png', name: 'a.png' } }, INQUIRY_TEXTS.fileMissing],
      [{ content: 'a', file: { file_name_s3: 'uploads/1/../../x', name: 'a.png' } }, INQUIRY_TEXTS.fileMissing],
    ];
    for (const [json, message] of cases) {
      const r = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json });
      expect(r.status, JSON.stringify(json).slice(0, 80)).toBe(422);
      expect(errorsOf(r)).toContain(message);
    }
    for (const body of ['[]', 'null', '{"content":', '{"content":1}', '{"content":"a","reply_message_id":"1"}', '{"content":"a","file":"x"}']) {
      const r = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', body });
      expect(r.status, body).toBe(422);
    }
    expect((await call(`${BASE}/inquiry_rooms/99999999/messages`, admin, { method: 'POST', json: { content: 'a' } })).status).toBe(404);
    expect((await call(`${BASE}/inquiry_rooms/999999999999999/messages`, admin)).status).toBe(422);
    expect(await count()).toBe(before);
  });

  it('lets staff edit and delete only their own messages', async () => {
    const roomId = (await rooms('?status=new')).body[0].id;
    const [theirs] = (await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin)).body;
    const edit = await call(`${BASE}/inquiry_messages/${theirs.id}`, admin, { method: 'PATCH', json: { content: '改ざん' } });
    expect(edit.status).toBe(403);
    expect(errorsOf(edit)).toEqual([INQUIRY_TEXTS.ownMessagesOnly]);
    expect((await call(`${BASE}/inquiry_messages/${theirs.id}`, admin, { method: 'DELETE' })).status).toBe(403);
    expect((await call(`${BASE}/inquiry_messages/99999999`, admin, { method: 'DELETE' })).status).toBe(404);
    const mine = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '自分の' } });
    const empty = await call(`${BASE}/inquiry_messages/${mine.body.id}`, admin, { method: 'PATCH', json: { content: ' ' } });
    expect(errorsOf(empty)).toEqual(['メッセージを入力してください。']);
    const other = await app.token(STAFF2);
    expect((await call(`${BASE}/inquiry_messages/${mine.body.id}`, other, { method: 'DELETE' })).status).toBe(403);
  });
});

describe('subject and status', () => {
  it('renames, closes (completed) and reopens (need_action); refuses anything else', async () => {
    const roomId = (await rooms('?status=need_action')).body[0].id;
    const patch = (json: unknown) => call(`${BASE}/inquiry_rooms/${roomId}`, admin, { method: 'PATCH', json });
    expect((await patch({ name: ' 新しい件名 ' })).body).toMatchObject({ id: roomId, name: '新しい件名' });
    expect((await patch({ status: 'completed' })).body).toMatchObject({ status: 'completed', completed: true });
    expect((await patch({ status: 'need_action' })).body).toMatchObject({ status: 'need_action', completed: false });
    const cases: [unknown, string][] = [
      [{ name: '' }, '件名を入力してください。'],
      [{ name: 'x'.repeat(101) }, '件名は100文字以内で入力してください。'],
      [{ status: 'archived' }, INQUIRY_TEXTS.statusInvalid],
      [{}, INQUIRY_TEXTS.roomChangeMissing],
      [{ name: 'a', status: 'new' }, INQUIRY_TEXTS.roomChangeMissing],
    ];
    for (const [json, message] of cases) {
      const r = await patch(json);
      expect(r.status, JSON.stringify(json).slice(0, 40)).toBe(422);
      expect(errorsOf(r)).toEqual([message]);
    }
    expect((await rooms(`?room_id=${roomId}`)).body[0]).toMatchObject({ name: '新しい件名', status: 'need_action' });
  });
});

describe('attachments', () => {
  it('accepts a PNG uploaded through the presigned URL and serves it back', async () => {
    const roomId = (await rooms('?status=replied')).body[1].id;
    const png = samplePng(20, 10, [1, 2, 3], [4, 5, 6]);
    const key = await upload(admin, BASE, png);
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, {
      method: 'POST',
      json: { content: '写真です', file: { file_name_s3: key, name: '写真.PNG', size: png.length, file_type: 'image/png', extension: 'png' } },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.files[0]).toMatchObject({ name: '写真.PNG', extension: 'png', type: 'image/png', size: png.length });
    const res = await app.app.request(sent.body.files[0].url as string);
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('accepts a JPEG by its bytes', async () => {
    const roomId = (await rooms('?status=replied')).body[1].id;
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]);
    const key = await upload(admin, BASE, jpeg, 'image/jpeg');
    const sent = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: 'jpeg', file: { file_name_s3: key, name: 'a.jpg' } } });
    expect(sent.body.files[0]).toMatchObject({ type: 'image/jpeg', extension: 'jpg' });
  });

  it('refuses at the PUT (415) a non-image sent as a PNG, a PNG sent as a JPEG, a GIF and a PDF, keeping nothing', async () => {
    const storage = app.environments.production.storage;
    const png = samplePng(2, 2, [0, 0, 0], [9, 9, 9]);
    const cases: [string, Buffer, string, string][] = [
      ['text sent as a PNG', Buffer.from('これは画像ではありません'), 'image/png', 'ファイルの中身がPNGではありません。'],
      ['a PNG sent as a JPEG', png, 'image/jpeg', 'ファイルの中身がJPEGではありません。'],
      ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00'), 'image/gif', 'この種類のファイルはアップロードできません。アップロードできるのはPNG・JPEGです。'],
      ['a PDF', Buffer.from('%PDF-1.4'), 'application/pdf', 'この種類のファイルはアップロードできません。アップロードできるのはPNG・JPEGです。'],
    ];
    for (const [name, bytes, type, message] of cases) {
      const refused = await put(admin, BASE, bytes, type);
      expect([name, refused.status, refused.errors]).toEqual([name, 415, [message]]);
      expect(storage.get('inquiry-files', refused.objectName), name).toBeUndefined();
    }
  });

  it('takes the type and extension from what the PUT stored, and refuses at the post a file not an image, a wrong name and an oversize file, deleting them', async () => {
    const roomId = (await rooms('?status=replied')).body[1].id;
    const storage = app.environments.production.storage;
    const post = (key: string, name: string, file: Json = {}) =>
      call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '添付', file: { file_name_s3: key, name, ...file } } });
    // What the client says of the file is not what the message keeps: the upload's stored type is.
    const jpeg = await upload(admin, BASE, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(40)]), 'image/jpeg');
    const kept = await post(jpeg, '写真.jpeg', { file_type: 'image/png', extension: 'png' });
    expect(kept.status).toBe(201);
    expect(kept.body.files[0]).toMatchObject({ name: '写真.jpeg', type: 'image/jpeg', extension: 'jpg' });
    // An object that came another way than a checked PUT is checked again.
    const text = 'uploads/1/text';
    storage.put('inquiry-files', text, 'これは画像ではありません', 'image/png');
    const r1 = await post(text, 'photo.png');
    expect(r1.status).toBe(422);
    expect(errorsOf(r1)).toEqual([INQUIRY_TEXTS.fileRefused]);
    expect(storage.get('inquiry-files', text)).toBeUndefined();
    const gif = 'uploads/1/gif';
    storage.put('inquiry-files', gif, 'GIF89a....', 'image/gif');
    expect(errorsOf(await post(gif, 'a.png'))).toEqual([INQUIRY_TEXTS.fileRefused]);
    const pngAsPdf = await upload(admin, BASE, samplePng(2, 2, [0, 0, 0], [9, 9, 9]));
    expect(errorsOf(await post(pngAsPdf, 'a.pdf'))).toEqual([INQUIRY_TEXTS.fileRefused]);
    const big = 'uploads/1/big';
    storage.put('inquiry-files', big, Buffer.concat([samplePng(2, 2, [0, 0, 0], [9, 9, 9]), Buffer.alloc(10 * 1024 * 1024)]), 'image/png');
    expect(errorsOf(await post(big, 'big.png'))).toEqual([INQUIRY_TEXTS.fileTooLarge]);
    expect(storage.get('inquiry-files', big)).toBeUndefined();
  });

  it("refuses another user's upload", async () => {
    const roomId = (await rooms('?status=replied')).body[1].id;
    const key = await upload(await app.token(STAFF2), BASE, samplePng(2, 2, [0, 0, 0], [9, 9, 9]));
    const r = await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: 'a', file: { file_name_s3: key, name: 'a.png' } } });
    expect(errorsOf(r)).toEqual([INQUIRY_TEXTS.fileMissing]);
  });
});

describe('the pharmacy side', () => {
  it("lists only its own pharmacy's rooms and cannot read or post to another pharmacy's room", async () => {
    const own = await call(`${OWN}/inquiry_rooms`, pharmacy);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((r: Json) => r.pharmacy.id === 1)).toBe(true);
    const foreign = (await rooms()).body.find((r: Json) => r.pharmacy.id !== 1);
    // Another pharmacy's room answers exactly as a room that does not exist: its existence is not told.
    const read = await call(`${OWN}/inquiry_rooms/${foreign.id}/messages`, pharmacy);
    const missing = await call(`${OWN}/inquiry_rooms/99999999/messages`, pharmacy);
    expect([read.status, read.body]).toEqual([404, { errors: ['見つかりません。'] }]);
    expect([missing.status, missing.body]).toEqual([read.status, read.body]);
    const post = await call(`${OWN}/inquiry_rooms/${foreign.id}/messages`, pharmacy, { method: 'POST', json: { content: '覗き見' } });
    const postMissing = await call(`${OWN}/inquiry_rooms/99999999/messages`, pharmacy, { method: 'POST', json: { content: '覗き見' } });
    expect([post.status, post.body]).toEqual([404, { errors: ['見つかりません。'] }]);
    expect([postMissing.status, postMissing.body]).toEqual([post.status, post.body]);
    const open = await call(`${OWN}/inquiry_rooms`, pharmacy, { method: 'POST', json: { pharmacy_id: 2, name: '他店', content: 'a' } });
    expect(open.status).toBe(403);
    expect((await call(`${OWN}/inquiry_rooms`, admin)).status).toBe(403);
  });

  it('opens a room (new) and posts in it; staff see it unread, and unreplied after a staff reply and a new pharmacy message', async () => {
    const open = await call(`${OWN}/inquiry_rooms`, pharmacy, { method: 'POST', json: { pharmacy_id: 1, name: '端末が起動しません', content: '朝から起動しません。' } });
    expect(open.status).toBe(201);
    expect(open.body).toMatchObject({ name: '端末が起動しません', status: 'new', pharmacy: { id: 1 }, last_message: { content: '朝から起動しません。' } });
    const roomId = open.body.id;
    expect((await rooms()).body[0]).toMatchObject({ id: roomId, unread_count: 1, status: 'new' });
    const more = await call(`${OWN}/inquiry_rooms/${roomId}/messages`, pharmacy, { method: 'POST', json: { content: '再起動もできません。' } });
    expect(more.body).toMatchObject({ sender_role: 'pharmacy', sender_name: '薬局 一郎' });
    expect((await rooms(`?room_id=${roomId}`)).body[0]).toMatchObject({ status: 'new', unread_count: 2 });
    await call(`${BASE}/inquiry_rooms/${roomId}/messages`, admin, { method: 'POST', json: { content: '電源ケーブルをご確認ください。' } });
    await call(`${OWN}/inquiry_rooms/${roomId}/messages`, pharmacy, { method: 'POST', json: { content: '直りました。' } });
    expect((await rooms(`?room_id=${roomId}`)).body[0]).toMatchObject({ status: 'unreplied', unread_count: 1 });
    const seen = await call(`${OWN}/inquiry_rooms/${roomId}/messages`, pharmacy);
    expect(seen.body.map((m: Json) => m.content)).toEqual(['朝から起動しません。', '再起動もできません。', '電源ケーブルをご確認ください。', '直りました。']);
  });

  it('attaches an image through its own presigned URL, and cannot use the staff calls', async () => {
    const roomId = (await call(`${OWN}/inquiry_rooms`, pharmacy)).body[0].id;
    const png = samplePng(8, 8, [10, 20, 30], [200, 210, 220]);
    const key = await upload(pharmacy, OWN, png);
    const sent = await call(`${OWN}/inquiry_rooms/${roomId}/messages`, pharmacy, { method: 'POST', json: { content: '写真', file: { file_name_s3: key, name: 'shelf.png' } } });
    expect(sent.status).toBe(201);
    expect(sent.body.files[0]).toMatchObject({ name: 'shelf.png', type: 'image/png', size: png.length });
    expect((await call(`${BASE}/inquiry_messages/file_presigned_url`, pharmacy)).status).toBe(403);
    expect((await call(`${BASE}/inquiry_messages/${sent.body.id}`, pharmacy, { method: 'PATCH', json: { content: 'x' } })).status).toBe(403);
    expect((await call(`${OWN}/inquiry_messages/file_presigned_url`, admin)).status).toBe(403);
  });

  it('refuses a bad room body', async () => {
    for (const json of [{}, { pharmacy_id: 1, name: '', content: 'a' }, { pharmacy_id: '1', name: 'a', content: 'a' }, { pharmacy_id: 1, name: 'a', content: '' }]) {
      const r = await call(`${OWN}/inquiry_rooms`, pharmacy, { method: 'POST', json });
      expect(r.status, JSON.stringify(json)).toBe(422);
    }
  });
});
