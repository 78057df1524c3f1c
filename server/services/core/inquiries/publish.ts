import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { DB } from '../../../db/open';
import type { BlobStorage } from '../../../shared/storage';
import type { Cable } from '../../../shared/cable';
import { messagesStream, roomsStream } from './channels';
import { findMessage, findRoom, roomAudience, serialiseMessage, serialiseRoom, unreadTotal, type InquiryUser } from './store';

export interface InquiryPublisher {
  /** The room, as each of its readers sees it (own unread count and total), on their rooms stream; resolves once all are sent. */
  room(roomId: number, only?: InquiryUser): Promise<void>;
  /** The message as it now stands, on its room's messages stream. */
  message(id: number): void;
}

/**
 * Room frames wait in one queue and go out one per turn of the event loop, across every publish.
 * Each reader's frame carries their unread total, a count over every room (about 10 ms at national
 * scale), and each message sent to a room costs staff and the pharmacy's users one each: sent all
 * at once, a burst of attachments held the request thread for all of them (issue 36). One queue,
 * not a pause per publish: pauses of concurrent publishes end in the same turn and would run back
 * to back. Every frame is read from the database when sent, so a reader's last is the newest state.
 */
export const inquiryPublisher = (db: DB, cable: Cable, storage: BlobStorage): InquiryPublisher => {
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
  return {
  async room(roomId, only) {
    const room = db.prepare('SELECT pharmacy_id FROM inquiry_rooms WHERE id = @roomId').get({ roomId }) as { pharmacy_id: number } | undefined;
    if (!room) return;
    // Only readers online now (a subscription on their rooms stream): each frame costs an unread
    // total, and the national audience is every staff user, almost none of them connected.
    const readers = (only ? [only] : roomAudience(db, room.pharmacy_id).map((r) => ({ ...r, name: '' }))).filter((reader) =>
      cable.listening(roomsStream(reader.id)),
    );
    const sent = readers.map(
      (reader) =>
        new Promise<void>((resolve, reject) => {
          frames.push(() => {
            try {
              // Gone meanwhile: nobody to build it for.
              const row = cable.listening(roomsStream(reader.id)) ? findRoom(db, roomId, reader.id) : undefined;
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
  },
  message(id) {
    const row = findMessage(db, id);
    if (row) cable.broadcast(messagesStream(row.room_id), serialiseMessage(row, storage));
  },
  };
};
