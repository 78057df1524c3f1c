import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { writeWhenFree } from '../../../db/writeWhenFree';
import { MAX_OUTSTANDING_UPLOADS, UPLOAD_LINK_SECONDS, type UploadKind, type UploadLinks } from '../../../shared/uploadLinks';
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { assertPharmacyRight, WRITE_FORBIDDEN, type AuthEnv } from '../../../shared/auth';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { listHeaders } from '../../../shared/openapi';
import { updateColumns } from '../../../shared/partialUpdate';
import { shownToPerson, prefetchHeaders } from '../../../shared/prefetch';
import { createRecordRoute, readRoute, updateRecordRoute, writeRoute } from '../../../shared/routes';
import type { ServiceContext } from '../../../shared/context';
import { setPagingHeaders } from '../../../shared/paging';
import { registerInquiryChannels, messagesStream, roomsStream } from './channels';
import { INQUIRY_FILE_BUCKET, INQUIRY_FILE_MAX_BYTES, INQUIRY_FILE_TYPES, SEED_ATTACHMENTS, seedAttachmentBody, sniffImageType } from './files';
import {
  canReadRoom, findMessage, findRoom, inquiryUserOf, listMessages, listRooms, markRead,
  MESSAGE_PAGE_SIZE, refreshLastMessage, roomAudience, ROOM_PAGE_SIZE, serialiseMessage, serialiseRoom, unreadTotal,
  type InquiryUser, type RoomFilter, type RoomRow,
} from './store';
import {
  DeletedMessageSchema, FileSchema, INQUIRY_STATUSES, isInquiryStatus, MessageEditSchema, MessageInputSchema, MessageSchema, MessagesQuerySchema,
  PharmacyRoomQuerySchema, PresignedUploadSchema, PresignQuerySchema, roomPageHeaders, RoomOpenSchema, RoomPatchSchema, RoomQuerySchema, RoomSchema,
} from './schema';

/** How often the job runner sweeps expired uploads away. */
const UPLOAD_SWEEP_MS = 60_000;

export const INQUIRY_TEXTS = {
  fileRefused: '添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。',
  fileTooLarge: '添付ファイルは10MB以内にしてください。',
  fileMissing: '添付ファイルがアップロードされていません。もう一度添付してください。',
  replyMissing: '返信先のメッセージが見つかりません。',
  statusInvalid: `ステータスは ${INQUIRY_STATUSES.join(', ')} のいずれかを指定してください。`,
  roomChangeMissing: '件名またはステータスを指定してください。',
  roomForbidden: 'この問い合わせを閲覧する権限がありません。',
  ownMessagesOnly: '自分のメッセージのみ編集・削除できます。',
  pharmacyOnly: '薬局ユーザーのみ利用できます。',
  noAccount: 'ユーザーが登録されていません。',
  tooManyUploads: `添付ファイルのアップロード先を使い切りました（送信していないアップロードは${UPLOAD_LINK_SECONDS / 60}分間で${MAX_OUTSTANDING_UPLOADS}件まで）。送信するか、しばらく待ってからもう一度添付してください。`,
} as const;

const tags = ['core: inquiries'];
/** Where upload URLs write (`uploads/{userId}/{uuid}`), and where a posted message's checked copy lives. */
const UPLOAD_PREFIX = 'uploads/';
const ATTACHED_PREFIX = 'attached/';
const ADMIN_ROOMS = '/api/v2/admin/inquiry_rooms';
const ADMIN_MESSAGES = '/api/v2/admin/inquiry_messages';
const PHARMACY_ROOMS = '/api/v2/pharmacy/inquiry_rooms';
const PHARMACY_MESSAGES = '/api/v2/pharmacy/inquiry_messages';
/** Enough of an attachment for sniffImageType's longest signature (PNG's 8 bytes). */
const SNIFF_BYTES = 16;

const roomsRoute = <P extends string, Q extends z.ZodObject>(path: P, query: Q, summary: string) =>
  readRoute(path, { query, response: z.array(RoomSchema), responseDescription: 'ルーム', headers: roomPageHeaders, summary, tags });
const messagesRoute = (path: `${string}/{id}/messages`, summary: string) => {
  const route = readRoute(path, {
    query: MessagesQuerySchema, response: z.array(MessageSchema), responseDescription: 'メッセージ', headers: listHeaders, summary, tags,
    description: '読んだ人にだけ既読になる: ブラウザーの先読み (Sec-Purpose または Purpose が prefetch) では既読にしない。一覧の一括呼び出し (common/lookups) では呼べない。',
  });
  return { ...route, request: { ...route.request, headers: prefetchHeaders } };
};
const postMessageRoute = (path: `${string}/{id}/messages`, summary: string) =>
  createRecordRoute(path, { body: MessageInputSchema, response: MessageSchema, responseDescription: '送信したメッセージ', summary, tags });
const presignRoute = (path: string, summary: string) =>
  readRoute(path, { query: PresignQuerySchema, response: PresignedUploadSchema, responseDescription: 'presigned_url, object_name', summary, tags });

const adminRoomsRoute = roomsRoute(ADMIN_ROOMS, RoomQuerySchema, '問い合わせルーム一覧 (x-unread-total: 自分の未読合計)');
const patchRoomRoute = updateRecordRoute(ADMIN_ROOMS, {
  method: 'patch', body: RoomPatchSchema, response: RoomSchema, summary: '件名またはステータスの変更 (クローズ=completed、再開=need_action)', responseDescription: 'ルーム', tags,
});
const adminMessagesRoute = messagesRoute(`${ADMIN_ROOMS}/{id}/messages`, 'ルームのメッセージ (古い順、1ページ100件; 開くと既読になる)');
const adminPostMessageRoute = postMessageRoute(`${ADMIN_ROOMS}/{id}/messages`, 'メッセージ送信 (スタッフ)');
const adminPresignRoute = presignRoute(`${ADMIN_MESSAGES}/file_presigned_url`, '添付ファイルのアップロード先 (content_type: image/png | image/jpeg)');
const editMessageRoute = updateRecordRoute(ADMIN_MESSAGES, {
  method: 'patch', body: MessageEditSchema, response: MessageSchema, summary: 'メッセージ編集 (自分のメッセージのみ)', responseDescription: 'メッセージ', tags,
});
const deleteMessageRoute = writeRoute('delete', `${ADMIN_MESSAGES}/{id}`, {
  response: DeletedMessageSchema, summary: 'メッセージ削除 (自分のメッセージのみ)', responseDescription: '削除したメッセージ', conditional: true, tags,
});
const pharmacyRoomsRoute = roomsRoute(PHARMACY_ROOMS, PharmacyRoomQuerySchema, '自薬局の問い合わせルーム一覧');
const openRoomRoute = createRecordRoute(PHARMACY_ROOMS, { body: RoomOpenSchema, response: RoomSchema, summary: '問い合わせを始める (最初のメッセージ付き)', responseDescription: 'ルーム', tags });
const pharmacyMessagesRoute = messagesRoute(`${PHARMACY_ROOMS}/{id}/messages`, '自薬局ルームのメッセージ');
const pharmacyPostMessageRoute = postMessageRoute(`${PHARMACY_ROOMS}/{id}/messages`, 'メッセージ送信 (薬局)');
const pharmacyPresignRoute = presignRoute(`${PHARMACY_MESSAGES}/file_presigned_url`, '添付ファイルのアップロード先 (薬局)');

/** Room and message calls of spec section 7, both sides (staff under admin, pharmacies under pharmacy). */
export function registerInquiryRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, uploads: UploadLinks): void {
  const { db, storage, cable } = ctx;
  registerInquiryChannels(cable, db);
  // The seeds' attachments exist in this environment's storage (they are shared by many messages).
  SEED_ATTACHMENTS.forEach(({ key }, index) => {
    if (!storage.get(INQUIRY_FILE_BUCKET, key)) storage.put(INQUIRY_FILE_BUCKET, key, seedAttachmentBody(index), 'image/png');
  });

  // An upload under `uploads/` is copied to `attached/` when its message is posted, then deleted:
  // nothing uses an object there, so the sweep takes what an expired link left (shared/uploadLinks.ts).
  const uploadKind: UploadKind = {
    name: 'inquiry', bucket: INQUIRY_FILE_BUCKET, prefix: UPLOAD_PREFIX, graceSeconds: UPLOAD_LINK_SECONDS, inUse: () => false, tooMany: INQUIRY_TEXTS.tooManyUploads,
  };
  ctx.jobs.every('inquiry_uploads_sweep', UPLOAD_SWEEP_MS, (now) => uploads.sweep(uploadKind, now));

  const userOf = (c: Context<AuthEnv>, side: 'admin' | 'pharmacy'): InquiryUser => {
    const user = inquiryUserOf(db, c.get('principal'));
    if (!user) throw new ApiError(403, [INQUIRY_TEXTS.noAccount]);
    if (side === 'pharmacy' && user.role !== 'pharmacy') throw new ApiError(403, [INQUIRY_TEXTS.pharmacyOnly]);
    return user;
  };
  const readableRoom = (user: InquiryUser, id: number): RoomRow => {
    const room = findRoom(db, id, user.id);
    // Another pharmacy's room answers as a missing one does: its existence is not told (issue 36).
    if (!room || !canReadRoom(user, room)) throw notFoundError();
    return room;
  };
  const parseStatuses = (status: string | undefined): string[] | undefined => {
    const list = status?.split(',').map((s) => s.trim()).filter(Boolean);
    if (list?.some((s) => !isInquiryStatus(s))) throw validationError({ status: [INQUIRY_TEXTS.statusInvalid] });
    return list;
  };

  /**
   * Room frames waiting to be read and sent: one per turn of the event loop, across every publish.
   * Each reader's frame carries their unread total, a count over every room (about 10 ms at
   * national scale), and each message sent to a room costs staff and the pharmacy's users one each:
   * sent all at once, a burst of attachments held the request thread for all of them (issue 36).
   * One queue, not a pause per publish: pauses of concurrent publishes end in the same turn and
   * would run back to back. Every frame is read from the database when sent, so the last one a
   * reader gets is the newest state.
   */
  const frames: (() => void)[] = [];
  let sending = false;
  const sendInTurns = async () => {
    if (sending) return;
    sending = true;
    try {
      for (let frame = frames.shift(); frame; frame = frames.shift()) {
        frame();
        if (frames.length > 0) await yieldToEventLoop();
      }
    } finally {
      sending = false;
    }
  };

  /** The room, as each of its readers sees it (own unread count and total), on their rooms stream; resolves once all are sent. */
  const publishRoom = async (roomId: number, only?: InquiryUser) => {
    const room = db.prepare('SELECT pharmacy_id FROM inquiry_rooms WHERE id = @roomId').get({ roomId }) as { pharmacy_id: number } | undefined;
    if (!room) return;
    const readers = only ? [only] : roomAudience(db, room.pharmacy_id).map((r) => ({ ...r, name: '' }));
    const sent = readers.map(
      (reader) =>
        new Promise<void>((resolve, reject) => {
          frames.push(() => {
            try {
              const row = findRoom(db, roomId, reader.id);
              if (row) cable.broadcast(roomsStream(reader.id), { ...serialiseRoom(row), unread_total: unreadTotal(db, reader) });
              resolve();
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        }),
    );
    void sendInTurns();
    await Promise.all(sent);
  };
  const publishMessage = (id: number) => {
    const row = findMessage(db, id);
    if (row) cable.broadcast(messagesStream(row.room_id), serialiseMessage(row, storage));
  };

  /**
   * Checks an uploaded attachment by its first bytes; a refused object is deleted. What the message
   * keeps is a copy under `attached/`, a prefix no upload URL can write (those are all
   * `uploads/{userId}/...`), so a second PUT through the still-valid upload URL cannot swap what
   * staff were shown; the copy's own first bytes are checked again, so a swap between the check
   * and the copy is refused too. The file system makes the copy and only the heads are read: a
   * 10 MB attachment never holds the request thread (issue 36). The caller deletes the upload once
   * the message is committed.
   */
  const attachment = async (user: InquiryUser, roomId: number, file: z.infer<typeof FileSchema>) => {
    const refuse = (message: string, key?: string) => {
      if (key) storage.delete(INQUIRY_FILE_BUCKET, key);
      return validationError({ file: [message] });
    };
    const key = file.file_name_s3;
    if (!key.startsWith(`uploads/${user.id}/`)) throw refuse(INQUIRY_TEXTS.fileMissing);
    const extension = /\.(png|jpe?g)$/i.exec(file.name)?.[1].toLowerCase();
    let upload;
    try {
      upload = await storage.readHead(INQUIRY_FILE_BUCKET, key, SNIFF_BYTES);
    } catch {
      throw refuse(INQUIRY_TEXTS.fileMissing);
    }
    if (!upload) throw refuse(INQUIRY_TEXTS.fileMissing);
    if (upload.size > INQUIRY_FILE_MAX_BYTES) throw refuse(INQUIRY_TEXTS.fileTooLarge, key);
    const type = sniffImageType(upload.head);
    if (!type || !extension) throw refuse(INQUIRY_TEXTS.fileRefused, key);
    const attachedKey = `${ATTACHED_PREFIX}${roomId}/${randomUUID()}`;
    if (!(await storage.copy(INQUIRY_FILE_BUCKET, key, attachedKey, type))) throw refuse(INQUIRY_TEXTS.fileMissing);
    const kept = await storage.readHead(INQUIRY_FILE_BUCKET, attachedKey, SNIFF_BYTES);
    if (!kept || kept.size > INQUIRY_FILE_MAX_BYTES || sniffImageType(kept.head) !== type) {
      storage.delete(INQUIRY_FILE_BUCKET, attachedKey);
      throw refuse(INQUIRY_TEXTS.fileRefused, key);
    }
    return { uploadKey: key, key: attachedKey, name: file.name, size: kept.size, type, extension };
  };

  /** A page of rooms (25, by last activity) with the paging headers and the reader's unread total. */
  const roomsPage = (c: Context<AuthEnv>, user: InquiryUser, filter: RoomFilter, pageText: string | undefined) => {
    const page = pageText ? Number(pageText) : 1;
    const { rows, total } = listRooms(db, user.id, filter, page);
    setPagingHeaders(c, { total, page }, ROOM_PAGE_SIZE);
    c.header('x-unread-total', String(unreadTotal(db, user)));
    return rows.map(serialiseRoom);
  };

  /** A page of a room's messages (100, oldest first); a person reading them marks the room read (a prefetch does not). */
  const messagesPage = async (c: Context<AuthEnv>, side: 'admin' | 'pharmacy', roomId: number, pageText: string | undefined) => {
    const user = userOf(c, side);
    const room = readableRoom(user, roomId);
    const page = pageText ? Number(pageText) : 1;
    const { rows, total } = listMessages(db, room.id, page);
    if (shownToPerson(c.req.raw) && markRead(db, user.id, room.id)) await publishRoom(room.id, user);
    setPagingHeaders(c, { total, page }, MESSAGE_PAGE_SIZE);
    return rows.map((row) => serialiseMessage(row, storage));
  };

  const postMessage = async (c: Context<AuthEnv>, side: 'admin' | 'pharmacy', roomId: number, body: z.infer<typeof MessageInputSchema>) => {
    const user = userOf(c, side);
    const room = readableRoom(user, roomId);
    // Writing in a pharmacy's room needs write on that pharmacy (read lets a user only read it).
    if (side === 'pharmacy') assertPharmacyRight(c.get('principal'), room.pharmacy_id, 'write');
    const at = ctx.now().toISOString();
    // The file work is asynchronous, so it comes before the (synchronous) transaction.
    const file = body.file ? await attachment(user, room.id, body.file) : undefined;
    let id: number;
    try {
      // A master import may hold the write lock for seconds: the thread serves others meanwhile.
      id = await writeWhenFree(db, db.transaction(() => {
        if (body.reply_message_id != null) {
          const quoted = db.prepare('SELECT room_id FROM inquiry_messages WHERE id = @id').get({ id: body.reply_message_id }) as { room_id: number } | undefined;
          if (quoted?.room_id !== room.id) throw validationError({ reply_message_id: [INQUIRY_TEXTS.replyMissing] });
        }
        if (file) uploads.taken(uploadKind, file.uploadKey);
        const info = db
          .prepare(
            `INSERT INTO inquiry_messages (room_id, sender_id, sender_role, sender_name, content, reply_message_id,
               file_object, file_name, file_size, file_type, file_extension, created_at, updated_at)
             VALUES (@room, @sender, @role, @name, @content, @reply, @object, @fileName, @size, @type, @extension, @at, @at)`,
          )
          .run({
            room: room.id, sender: user.id, role: user.role, name: user.name, content: body.content, reply: body.reply_message_id ?? null,
            object: file?.key ?? null, fileName: file?.name ?? null, size: file?.size ?? null, type: file?.type ?? null, extension: file?.extension ?? null, at,
          });
        const messageId = Number(info.lastInsertRowid);
        // Staff words make a room replied; a pharmacy's make it unreplied (a new room stays new until staff answer).
        const status = user.role === 'admin' ? 'replied' : room.status === 'new' ? 'new' : 'unreplied';
        db.prepare('UPDATE inquiry_rooms SET status = @status WHERE id = @id').run({ status, id: room.id });
        refreshLastMessage(db, room.id, at);
        // The sender has seen what they wrote.
        markRead(db, user.id, room.id);
        return messageId;
      }));
    } catch (e) {
      // Nothing half-saved: the copy of a message that was not written goes too.
      if (file) storage.delete(INQUIRY_FILE_BUCKET, file.key);
      throw e;
    }
    if (file) storage.delete(INQUIRY_FILE_BUCKET, file.uploadKey);
    publishMessage(id);
    await publishRoom(room.id);
    return serialiseMessage(findMessage(db, id)!, storage);
  };

  const ownMessage = (user: InquiryUser, id: number) => {
    const message = findMessage(db, id);
    if (!message) throw notFoundError();
    const room = findRoom(db, message.room_id, user.id);
    if (!room || !canReadRoom(user, room)) throw notFoundError();
    if (message.sender_id !== user.id) throw new ApiError(403, [INQUIRY_TEXTS.ownMessagesOnly]);
    return message;
  };

  const presignUpload = async (c: Context<AuthEnv>, side: 'admin' | 'pharmacy', contentType = 'image/png') => {
    const user = userOf(c, side);
    // An upload is only ever attached to a message: a user who may write in no pharmacy's room gets no upload link.
    if (side === 'pharmacy' && ![...c.get('principal').pharmacyRights.values()].includes('write')) throw new ApiError(403, [WRITE_FORBIDDEN]);
    if (!(INQUIRY_FILE_TYPES as readonly string[]).includes(contentType)) throw validationError({ content_type: [INQUIRY_TEXTS.fileRefused] });
    const objectName = `${UPLOAD_PREFIX}${user.id}/${randomUUID()}`;
    await uploads.issue(uploadKind, user.id, objectName);
    const presignedUrl = storage.presignPut(INQUIRY_FILE_BUCKET, objectName, { contentType, maxBytes: INQUIRY_FILE_MAX_BYTES, expiresIn: UPLOAD_LINK_SECONDS });
    return { presigned_url: presignedUrl, object_name: objectName };
  };

  app.openapi(adminRoomsRoute, (c) => {
    const user = userOf(c, 'admin');
    const q = c.req.valid('query');
    const filter = {
      roomId: q.room_id ? Number(q.room_id) : undefined,
      pharmacyId: q.pharmacy_id ? Number(q.pharmacy_id) : undefined,
      statuses: parseStatuses(q.status),
    };
    return c.json(roomsPage(c, user, filter, q.page), 200);
  });

  app.openapi(patchRoomRoute, async (c) => {
    const user = userOf(c, 'admin');
    const room = readableRoom(user, Number(c.req.valid('param').id));
    assertRowCurrent(c, db, 'inquiry_rooms', room.id);
    const body = c.req.valid('json');
    if ((body.name === undefined) === (body.status === undefined)) throw new ApiError(422, [INQUIRY_TEXTS.roomChangeMissing]);
    if (body.status !== undefined && !isInquiryStatus(body.status)) throw validationError({ status: [INQUIRY_TEXTS.statusInvalid] });
    // The one field named (the other is undefined, so not written); the same subject or status again is no write and no broadcast.
    const changed = updateColumns(db, 'inquiry_rooms', room.id, { name: body.name, status: body.status }, { updated_at: ctx.now().toISOString() });
    if (changed.length > 0) await publishRoom(room.id);
    return c.json(serialiseRoom(findRoom(db, room.id, user.id)!), 200);
  });

  app.openapi(adminMessagesRoute, async (c) => c.json(await messagesPage(c, 'admin', Number(c.req.valid('param').id), c.req.valid('query').page), 200));
  app.openapi(adminPostMessageRoute, async (c) => c.json(await postMessage(c, 'admin', Number(c.req.valid('param').id), c.req.valid('json')), 201));
  app.openapi(adminPresignRoute, async (c) => c.json(await presignUpload(c, 'admin', c.req.valid('query').content_type), 200));

  app.openapi(editMessageRoute, async (c) => {
    const user = userOf(c, 'admin');
    const message = ownMessage(user, Number(c.req.valid('param').id));
    assertRowCurrent(c, db, 'inquiry_messages', message.id);
    const { content } = c.req.valid('json');
    const at = ctx.now().toISOString();
    // The same content again is no edit: nothing is stamped or broadcast.
    const changed = db.transaction(() => {
      const written = updateColumns(db, 'inquiry_messages', message.id, { content }, { updated_at: at });
      if (written.length > 0) refreshLastMessage(db, message.room_id, at);
      return written.length > 0;
    })();
    if (changed) {
      publishMessage(message.id);
      await publishRoom(message.room_id);
    }
    return c.json(serialiseMessage(findMessage(db, message.id)!, storage), 200);
  });

  app.openapi(deleteMessageRoute, async (c) => {
    const user = userOf(c, 'admin');
    const message = ownMessage(user, Number(c.req.valid('param').id));
    assertRowCurrent(c, db, 'inquiry_messages', message.id);
    const at = ctx.now().toISOString();
    const quoting = db.prepare('SELECT id FROM inquiry_messages WHERE reply_message_id = @id').all({ id: message.id }) as { id: number }[];
    db.transaction(() => {
      db.prepare('DELETE FROM inquiry_messages WHERE id = @id').run({ id: message.id });
      refreshLastMessage(db, message.room_id, at);
    })();
    if (message.file_object && (message.file_object.startsWith(ATTACHED_PREFIX) || message.file_object.startsWith(UPLOAD_PREFIX))) storage.delete(INQUIRY_FILE_BUCKET, message.file_object);
    cable.broadcast(messagesStream(message.room_id), { id: message.id, room_id: message.room_id, deleted: true });
    // Replies that quoted it lost their quote (the foreign key cleared it).
    for (const { id } of quoting) publishMessage(id);
    await publishRoom(message.room_id);
    return c.json({ id: message.id, room_id: message.room_id, deleted: true }, 200);
  });

  // The pharmacy side (demos, tests, `npm run simulate:pharmacy`): only the token's own pharmacies.
  app.openapi(pharmacyRoomsRoute, (c) => {
    const user = userOf(c, 'pharmacy');
    const q = c.req.valid('query');
    return c.json(roomsPage(c, user, { statuses: parseStatuses(q.status), pharmacyIds: user.pharmacyIds }, q.page), 200);
  });
  app.openapi(openRoomRoute, async (c) => {
    const user = userOf(c, 'pharmacy');
    const body = c.req.valid('json');
    if (!user.pharmacyIds.includes(body.pharmacy_id)) throw new ApiError(403, [INQUIRY_TEXTS.roomForbidden]);
    assertPharmacyRight(c.get('principal'), body.pharmacy_id, 'write');
    if (!db.prepare('SELECT 1 FROM pharmacies WHERE id = @id').get({ id: body.pharmacy_id })) throw notFoundError();
    const at = ctx.now().toISOString();
    const roomId = db.transaction(() => {
      const info = db
        .prepare(`INSERT INTO inquiry_rooms (pharmacy_id, name, status, active_at, created_at, updated_at) VALUES (@pharmacy, @name, 'new', @at, @at, @at)`)
        .run({ pharmacy: body.pharmacy_id, name: body.name, at });
      const id = Number(info.lastInsertRowid);
      db.prepare(
        `INSERT INTO inquiry_messages (room_id, sender_id, sender_role, sender_name, content, created_at, updated_at) VALUES (@room, @sender, 'pharmacy', @name, @content, @at, @at)`,
      ).run({ room: id, sender: user.id, name: user.name, content: body.content, at });
      refreshLastMessage(db, id, at);
      markRead(db, user.id, id);
      return id;
    })();
    await publishRoom(roomId);
    return c.json(serialiseRoom(findRoom(db, roomId, user.id)!), 201);
  });
  app.openapi(pharmacyMessagesRoute, async (c) => c.json(await messagesPage(c, 'pharmacy', Number(c.req.valid('param').id), c.req.valid('query').page), 200));
  app.openapi(pharmacyPostMessageRoute, async (c) => c.json(await postMessage(c, 'pharmacy', Number(c.req.valid('param').id), c.req.valid('json')), 201));
  app.openapi(pharmacyPresignRoute, async (c) => c.json(await presignUpload(c, 'pharmacy', c.req.valid('query').content_type), 200));
}
