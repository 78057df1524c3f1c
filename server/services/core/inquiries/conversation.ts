import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { writeWhenFree } from '../../../db/writeWhenFree';
import { assertPharmacyRight, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { validationError } from '../../../shared/errors';
import { setPagingHeaders } from '../../../shared/paging';
import { shownToPerson } from '../../../shared/prefetch';
import type { UploadLinks } from '../../../shared/uploadLinks';
import { readableRoom, userOf, type InquirySide } from './access';
import type { Attachment, InquiryAttachments } from './attachments';
import { INQUIRY_FILE_BUCKET } from './files';
import type { InquiryPublisher } from './publish';
import type { MessageInputSchema } from './schema';
import {
  findMessage, listMessages, listRooms, markRead, MESSAGE_PAGE_SIZE, refreshLastMessage, ROOM_PAGE_SIZE, serialiseMessage, serialiseRoom, unreadTotal,
  type InquiryUser, type RoomFilter,
} from './store';
import { INQUIRY_TEXTS } from './texts';

/** What both sides do alike: page rooms, page a room's messages, post a message. */
export interface InquiryConversation {
  roomsPage(c: Context<AuthEnv>, user: InquiryUser, filter: RoomFilter, pageText: string | undefined): ReturnType<typeof serialiseRoom>[];
  messagesPage(c: Context<AuthEnv>, side: InquirySide, roomId: number, pageText: string | undefined): Promise<ReturnType<typeof serialiseMessage>[]>;
  postMessage(c: Context<AuthEnv>, side: InquirySide, roomId: number, body: z.infer<typeof MessageInputSchema>): Promise<ReturnType<typeof serialiseMessage>>;
}

export function inquiryConversation(ctx: ServiceContext, attachments: InquiryAttachments, uploads: UploadLinks, publish: InquiryPublisher): InquiryConversation {
  const { db, storage } = ctx;
  return {
    /** A page of rooms (25, by last activity) with the paging headers and the reader's unread total. */
    roomsPage(c, user, filter, pageText) {
      const page = pageText ? Number(pageText) : 1;
      const { rows, total } = listRooms(db, user.id, filter, page);
      setPagingHeaders(c, { total, page }, ROOM_PAGE_SIZE);
      c.header('x-unread-total', String(unreadTotal(db, user)));
      return rows.map(serialiseRoom);
    },

    /** A page of a room's messages (100, oldest first); a person reading them marks the room read (a prefetch does not). */
    async messagesPage(c, side, roomId, pageText) {
      const user = userOf(db, c, side);
      const room = readableRoom(db, user, roomId);
      const page = pageText ? Number(pageText) : 1;
      const { rows, total } = listMessages(db, room.id, page);
      // A read (GET) that writes: no write turn of its own (server/shared/writeTurns.ts), so it waits here.
      if (shownToPerson(c.req.raw) && (await writeWhenFree(db, () => markRead(db, user.id, room.id)))) await publish.room(room.id, user);
      setPagingHeaders(c, { total, page }, MESSAGE_PAGE_SIZE);
      return rows.map((row) => serialiseMessage(row, storage));
    },

    async postMessage(c, side, roomId, body) {
      const user = userOf(db, c, side);
      const room = readableRoom(db, user, roomId);
      // Writing in a pharmacy's room needs write on that pharmacy (read lets a user only read it).
      if (side === 'pharmacy') assertPharmacyRight(c.get('principal'), room.pharmacy_id, 'write');
      const at = ctx.now().toISOString();
      // The file work is asynchronous, so it comes before the (synchronous) transaction.
      const file: Attachment | undefined = body.file ? await attachments.attach(user, room.id, body.file) : undefined;
      let id: number;
      try {
        // A master import may hold the write lock for seconds: the thread serves others meanwhile.
        id = await writeWhenFree(db, db.transaction(() => {
          if (body.reply_message_id != null) {
            const quoted = db.prepare('SELECT room_id FROM inquiry_messages WHERE id = @id').get({ id: body.reply_message_id }) as { room_id: number } | undefined;
            if (quoted?.room_id !== room.id) throw validationError({ reply_message_id: [INQUIRY_TEXTS.replyMissing] });
          }
          if (file) uploads.taken(attachments.kind, file.uploadKey);
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
      publish.message(id);
      await publish.room(room.id);
      return serialiseMessage(findMessage(db, id)!, storage);
    },
  };
}
