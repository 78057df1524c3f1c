import type { DB } from '../../../db/open';
import type { BlobStorage } from '../../../shared/storage';
import type { Cable } from '../../../shared/cable';
import { messagesStream, roomsStream } from './channels';
import { findMessage, findRoom, roomAudience, serialiseMessage, serialiseRoom, unreadTotal, type InquiryUser } from './store';

export interface InquiryPublisher {
  /** The room, as each of its readers sees it (own unread count and total), on their rooms stream. */
  room(roomId: number, only?: InquiryUser): void;
  /** The message as it now stands, on its room's messages stream. */
  message(id: number): void;
}

export const inquiryPublisher = (db: DB, cable: Cable, storage: BlobStorage): InquiryPublisher => ({
  room(roomId, only) {
    const room = db.prepare('SELECT pharmacy_id FROM inquiry_rooms WHERE id = @roomId').get({ roomId }) as { pharmacy_id: number } | undefined;
    if (!room) return;
    const readers = only ? [only] : roomAudience(db, room.pharmacy_id).map((r) => ({ ...r, name: '' }));
    for (const reader of readers) {
      const row = findRoom(db, roomId, reader.id);
      if (row) cable.broadcast(roomsStream(reader.id), { ...serialiseRoom(row), unread_total: unreadTotal(db, reader) });
    }
  },
  message(id) {
    const row = findMessage(db, id);
    if (row) cable.broadcast(messagesStream(row.room_id), serialiseMessage(row, storage));
  },
});
