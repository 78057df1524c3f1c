import type { Migration } from '../../../db/open';
import { seedInquiries } from './seed';
import type { SeedScale } from '../../../db/seedCatalogue';

/**
 * Inquiries (spec sections 3, 4 and 7): rooms per pharmacy, their messages (a reply quotes
 * another message of the same room; at most one attachment) and, per user, the last message
 * seen in each room (unread counts). Core migrations 50-59 belong to inquiries.
 */
export function inquiryMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
    {
      version: 50,
      up: `
        CREATE TABLE inquiry_rooms (
          id INTEGER PRIMARY KEY,
          pharmacy_id INTEGER NOT NULL REFERENCES pharmacies(id),
          name TEXT NOT NULL,
          status TEXT NOT NULL,
          -- The newest message, kept by the service on every write, so the list needs no join.
          last_message_id INTEGER,
          last_message_content TEXT,
          last_message_at TEXT,
          last_message_sender_id INTEGER,
          -- Recent activity (the last message, else the room's creation): the list's order.
          active_at TEXT NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX inquiry_rooms_active ON inquiry_rooms(active_at, id);
        CREATE INDEX inquiry_rooms_pharmacy_active ON inquiry_rooms(pharmacy_id, active_at, id);
        CREATE INDEX inquiry_rooms_status_active ON inquiry_rooms(status, active_at, id);
        CREATE TABLE inquiry_messages (
          id INTEGER PRIMARY KEY,
          room_id INTEGER NOT NULL REFERENCES inquiry_rooms(id) ON DELETE CASCADE,
          -- core users.id of the sender; NULL for a pharmacy's staff who has no portal account.
          sender_id INTEGER,
          sender_role TEXT NOT NULL CHECK (sender_role IN ('admin', 'pharmacy')),
          sender_name TEXT NOT NULL,
          content TEXT NOT NULL,
          reply_message_id INTEGER REFERENCES inquiry_messages(id) ON DELETE SET NULL,
          file_object TEXT,
          file_name TEXT,
          file_size INTEGER,
          file_type TEXT,
          file_extension TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX inquiry_messages_room ON inquiry_messages(room_id, id);
        CREATE INDEX inquiry_messages_reply ON inquiry_messages(reply_message_id) WHERE reply_message_id IS NOT NULL;
        CREATE TABLE inquiry_room_reads (
          user_id INTEGER NOT NULL,
          room_id INTEGER NOT NULL REFERENCES inquiry_rooms(id) ON DELETE CASCADE,
          last_seen_message_id INTEGER NOT NULL,
          PRIMARY KEY (user_id, room_id)
        ) WITHOUT ROWID;`,
      seed: (db) => seedInquiries(db, seed, scale),
    },
    {
      version: 51,
      // The attachment upload URLs handed out and not yet attached (issue 22 item 8): a user may
      // hold only so many unexpired ones, and the sweep deletes what an expired one left behind.
      up: `
        CREATE TABLE inquiry_uploads (
          object_name TEXT PRIMARY KEY,
          user_id INTEGER NOT NULL,
          expires_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX inquiry_uploads_user ON inquiry_uploads(user_id, expires_at);
        CREATE INDEX inquiry_uploads_expiry ON inquiry_uploads(expires_at);`,
    },
    {
      version: 52,
      // An unread count reads only this index (issue 36): the sender is in it, so counting a
      // room's messages after the last one seen visits no row. A posted message recounts every
      // reader's unread total (10,000 rooms at national scale), which held the request thread
      // 30-70 ms a reader when each counted message's row was read for its sender.
      up: `
        CREATE INDEX inquiry_messages_room_sender ON inquiry_messages(room_id, id, sender_id);
        DROP INDEX inquiry_messages_room;`,
    },
  ];
}
