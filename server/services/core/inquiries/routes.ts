import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import { assertRowCurrent } from '../../../shared/conditionalWrite';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, validationError } from '../../../shared/errors';
import { updateColumns } from '../../../shared/partialUpdate';
import type { UploadLinks } from '../../../shared/uploadLinks';
import { ownMessage, parseStatuses, readableRoom, userOf } from './access';
import { setUpInquiryAttachments } from './attachments';
import { messagesStream, registerInquiryChannels } from './channels';
import { inquiryConversation } from './conversation';
import { registerPharmacySideInquiryRoutes } from './pharmacySideRoutes';
import { inquiryPublisher } from './publish';
import {
  adminMessagesRoute, adminPostMessageRoute, adminPresignRoute, adminRoomsRoute, deleteMessageRoute, editMessageRoute, patchRoomRoute,
} from './routeDefinitions';
import { isInquiryStatus } from './schema';
import { findMessage, findRoom, refreshLastMessage, serialiseMessage, serialiseRoom } from './store';
import { INQUIRY_TEXTS } from './texts';

/**
 * Room and message calls of spec section 7: the staff side here, the pharmacy side in
 * pharmacySideRoutes.ts; what both do alike (paging, posting) in conversation.ts, attachments in
 * attachments.ts, the cable broadcasts in publish.ts, who may read what in access.ts.
 */
export function registerInquiryRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, uploads: UploadLinks): void {
  const { db, storage, cable } = ctx;
  registerInquiryChannels(cable, db);
  const attachments = setUpInquiryAttachments(ctx, uploads);
  const publish = inquiryPublisher(db, cable, storage);
  const conversation = inquiryConversation(ctx, attachments, uploads, publish);

  app.openapi(adminRoomsRoute, (c) => {
    const user = userOf(db, c, 'admin');
    const q = c.req.valid('query');
    const filter = {
      roomId: q.room_id ? Number(q.room_id) : undefined,
      pharmacyId: q.pharmacy_id ? Number(q.pharmacy_id) : undefined,
      statuses: parseStatuses(q.status),
    };
    return c.json(conversation.roomsPage(c, user, filter, q.page), 200);
  });

  app.openapi(patchRoomRoute, async (c) => {
    const user = userOf(db, c, 'admin');
    const room = readableRoom(db, user, Number(c.req.valid('param').id));
    assertRowCurrent(c, db, 'inquiry_rooms', room.id);
    const body = c.req.valid('json');
    if ((body.name === undefined) === (body.status === undefined)) throw new ApiError(422, [INQUIRY_TEXTS.roomChangeMissing]);
    if (body.status !== undefined && !isInquiryStatus(body.status)) throw validationError({ status: [INQUIRY_TEXTS.statusInvalid] });
    // The one field named (the other is undefined, so not written); the same subject or status again is no write and no broadcast.
    const changed = updateColumns(db, 'inquiry_rooms', room.id, { name: body.name, status: body.status }, { updated_at: ctx.now().toISOString() });
    if (changed.length > 0) await publish.room(room.id);
    return c.json(serialiseRoom(findRoom(db, room.id, user.id)!), 200);
  });

  app.openapi(adminMessagesRoute, async (c) => c.json(await conversation.messagesPage(c, 'admin', Number(c.req.valid('param').id), c.req.valid('query').page), 200));
  app.openapi(adminPostMessageRoute, async (c) => c.json(await conversation.postMessage(c, 'admin', Number(c.req.valid('param').id), c.req.valid('json')), 201));
  app.openapi(adminPresignRoute, async (c) => c.json(await attachments.presign(c, userOf(db, c, 'admin'), 'admin'), 200));

  app.openapi(editMessageRoute, async (c) => {
    const user = userOf(db, c, 'admin');
    const message = ownMessage(db, user, Number(c.req.valid('param').id));
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
      publish.message(message.id);
      await publish.room(message.room_id);
    }
    return c.json(serialiseMessage(findMessage(db, message.id)!, storage), 200);
  });

  app.openapi(deleteMessageRoute, async (c) => {
    const user = userOf(db, c, 'admin');
    const message = ownMessage(db, user, Number(c.req.valid('param').id));
    assertRowCurrent(c, db, 'inquiry_messages', message.id);
    const at = ctx.now().toISOString();
    const quoting = db.prepare('SELECT id FROM inquiry_messages WHERE reply_message_id = @id').all({ id: message.id }) as { id: number }[];
    db.transaction(() => {
      db.prepare('DELETE FROM inquiry_messages WHERE id = @id').run({ id: message.id });
      refreshLastMessage(db, message.room_id, at);
    })();
    attachments.removeOf(message.file_object);
    cable.broadcast(messagesStream(message.room_id), { id: message.id, room_id: message.room_id, deleted: true });
    // Replies that quoted it lost their quote (the foreign key cleared it).
    for (const { id } of quoting) publish.message(id);
    await publish.room(message.room_id);
    return c.json({ id: message.id, room_id: message.room_id, deleted: true }, 200);
  });

  registerPharmacySideInquiryRoutes(app, ctx, { attachments, publish, conversation });
}
