import type { InquiryRoom } from '../../dataProvider/methods/inquiries';

/** What a desktop notification says about a room, and its tag (one per room: a newer one replaces it). */
export interface RoomNotification {
  title: string;
  body: string;
  tag: string;
}

export interface NotificationContext {
  /** The room open on screen, if any. */
  selectedRoomId: number | undefined;
  /** The portal's tab is the one the agent is looking at. */
  pageVisible: boolean;
  /** The signed-in staff member: their own messages never notify. */
  myUserId: string | number | undefined;
  /** The id of the room's last message as the agent last saw it in the list. */
  previousLastMessageId: number | undefined;
}

const BODY_LENGTH = 120;

/**
 * Whether a live room update deserves a desktop notification (issue 25): a new message from
 * someone else, unread, in a room that is not on screen (another room, or the tab is hidden).
 * A status change or a read receipt carries the same last message and says nothing.
 */
export function roomNotification(room: InquiryRoom, context: NotificationContext): RoomNotification | undefined {
  const last = room.lastMessage;
  if (!last || room.unreadCount === 0) return undefined;
  if (last.id === context.previousLastMessageId) return undefined;
  if (context.myUserId !== undefined && String(last.senderId) === String(context.myUserId)) return undefined;
  if (room.id === context.selectedRoomId && context.pageVisible) return undefined;
  const text = last.content.replace(/\s+/g, ' ').trim();
  return {
    title: `${room.pharmacy.name}：${room.name}`,
    body: text === '' ? '画像が届きました。' : text.length > BODY_LENGTH ? `${text.slice(0, BODY_LENGTH)}…` : text,
    tag: `inquiry-room-${room.id}`,
  };
}
