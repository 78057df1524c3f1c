import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertPharmacyRight, type AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, notFoundError } from '../../../shared/errors';
import { parseStatuses, userOf } from './access';
import type { InquiryAttachments } from './attachments';
import type { InquiryConversation } from './conversation';
import type { InquiryPublisher } from './publish';
import { openRoomRoute, pharmacyMessagesRoute, pharmacyPostMessageRoute, pharmacyPresignRoute, pharmacyRoomsRoute } from './routeDefinitions';
import { findRoom, markRead, refreshLastMessage, serialiseRoom } from './store';
import { INQUIRY_TEXTS } from './texts';

/**
 * The pharmacy side of the inquiry calls (demos, tests, `npm run simulate:pharmacy`): only the
 * token's own pharmacies, and writing only where the user holds write.
 */
export function registerPharmacySideInquiryRoutes(
  app: OpenAPIHono<AuthEnv>,
  ctx: ServiceContext,
  { attachments, publish, conversation }: { attachments: InquiryAttachments; publish: InquiryPublisher; conversation: InquiryConversation },
): void {
  const { db } = ctx;
  app.openapi(pharmacyRoomsRoute, (c) => {
    const user = userOf(db, c, 'pharmacy');
    const q = c.req.valid('query');
    return c.json(conversation.roomsPage(c, user, { statuses: parseStatuses(q.status), pharmacyIds: user.pharmacyIds }, q.page), 200);
  });
  app.openapi(openRoomRoute, async (c) => {
    const user = userOf(db, c, 'pharmacy');
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
    await publish.room(roomId);
    return c.json(serialiseRoom(findRoom(db, roomId, user.id)!), 201);
  });
  app.openapi(pharmacyMessagesRoute, async (c) => c.json(await conversation.messagesPage(c, 'pharmacy', Number(c.req.valid('param').id), c.req.valid('query').page), 200));
  app.openapi(pharmacyPostMessageRoute, async (c) => c.json(await conversation.postMessage(c, 'pharmacy', Number(c.req.valid('param').id), c.req.valid('json')), 201));
  app.openapi(pharmacyPresignRoute, async (c) => c.json(await attachments.presign(c, userOf(db, c, 'pharmacy'), 'pharmacy'), 200));
}
