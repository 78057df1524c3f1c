import type { Context } from 'hono';
import type { DB } from '../../../db/open';
import type { AuthEnv } from '../../../shared/auth';
import { ApiError, notFoundError, validationError } from '../../../shared/errors';
import { isInquiryStatus } from './schema';
import { canReadRoom, findMessage, findRoom, inquiryUserOf, type InquiryUser, type RoomRow } from './store';
import { INQUIRY_TEXTS } from './texts';

/** Who may use which side: any signed-in account with a core user on admin, only pharmacy users on pharmacy. */
export type InquirySide = 'admin' | 'pharmacy';

export const userOf = (db: DB, c: Context<AuthEnv>, side: InquirySide): InquiryUser => {
  const user = inquiryUserOf(db, c.get('principal'));
  if (!user) throw new ApiError(403, [INQUIRY_TEXTS.noAccount]);
  if (side === 'pharmacy' && user.role !== 'pharmacy') throw new ApiError(403, [INQUIRY_TEXTS.pharmacyOnly]);
  return user;
};

export const readableRoom = (db: DB, user: InquiryUser, id: number): RoomRow => {
  const room = findRoom(db, id, user.id);
  // Another pharmacy's room answers as a missing one does: its existence is not told (issue 36).
  if (!room || !canReadRoom(user, room)) throw notFoundError();
  return room;
};

/** A message the user may edit or delete: one of their own, in a room they can read. */
export const ownMessage = (db: DB, user: InquiryUser, id: number) => {
  const message = findMessage(db, id);
  if (!message) throw notFoundError();
  const room = findRoom(db, message.room_id, user.id);
  if (!room || !canReadRoom(user, room)) throw notFoundError();
  if (message.sender_id !== user.id) throw new ApiError(403, [INQUIRY_TEXTS.ownMessagesOnly]);
  return message;
};

/** `status=a,b` as a list of statuses; an unknown one is a 422. */
export const parseStatuses = (status: string | undefined): string[] | undefined => {
  const list = status?.split(',').map((s) => s.trim()).filter(Boolean);
  if (list?.some((s) => !isInquiryStatus(s))) throw validationError({ status: [INQUIRY_TEXTS.statusInvalid] });
  return list;
};
