import type { DB } from '../../../db/open';
import type { Cable, CableParams } from '../../../shared/cable';
import { canReadRoom, inquiryUserOf } from './store';

/** Each reader has their own rooms stream: a room's unread count is theirs alone. */
export const roomsStream = (userId: number) => `inquiry_rooms:user_${userId}`;
export const messagesStream = (roomId: number) => `inquiry_room_${roomId}`;

const roomIdOf = (params: CableParams): number | undefined => {
  const value = params.room_id;
  const id = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The two live channels of spec section 7: `InquiryRoomsChannel` (every room the user may read)
 * and `InquiryMessagesChannel` with `room_id`. A user without a portal account, an unknown room
 * or another pharmacy's room is rejected.
 */
export function registerInquiryChannels(cable: Cable, db: DB): void {
  cable.registerChannel('InquiryRoomsChannel', {
    subscribe: (_params, principal) => {
      const user = inquiryUserOf(db, principal);
      return user ? [roomsStream(user.id)] : null;
    },
  });
  cable.registerChannel('InquiryMessagesChannel', {
    subscribe: (params, principal) => {
      const user = inquiryUserOf(db, principal);
      const roomId = roomIdOf(params);
      if (!user || roomId === undefined) return null;
      const room = db.prepare('SELECT pharmacy_id FROM inquiry_rooms WHERE id = @roomId').get({ roomId }) as { pharmacy_id: number } | undefined;
      return room && canReadRoom(user, room) ? [messagesStream(roomId)] : null;
    },
  });
}
