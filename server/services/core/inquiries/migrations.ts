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
    {
      version: 53,
      // A staff member's unread total read from three maintained counts instead of counting over
      // every room (issue 38: 7-85 ms of the request thread for 38,000 unread in 10,000 rooms,
      // on every rooms call, which delayed the chunks the same thread serves). For a reader u:
      //   unread(u) = messages − messages sent by u − Σ over u's rooms of the messages up to the
      //   last one u saw that others sent (a NULL sender is someone else).
      // Triggers keep each count in the same transaction as every write to the messages or the
      // read marks, whichever code writes them, so the total is never wrong; a change of a
      // message's room or sender, or of a read mark's keys, which no code makes, is refused rather
      // than counted wrong. A pharmacy user's total still counts over their own rooms (a few).
      up: `
        -- Messages by sender; 0 stands for no sender (users' ids start at 1).
        CREATE TABLE inquiry_sender_counts (
          sender_key INTEGER PRIMARY KEY,
          messages INTEGER NOT NULL
        );
        INSERT INTO inquiry_sender_counts (sender_key, messages)
          SELECT COALESCE(sender_id, 0), COUNT(*) FROM inquiry_messages GROUP BY COALESCE(sender_id, 0);
        -- Per read mark: the room's messages up to the last one seen that others sent.
        ALTER TABLE inquiry_room_reads ADD COLUMN seen_from_others INTEGER NOT NULL DEFAULT 0;
        UPDATE inquiry_room_reads SET seen_from_others = (SELECT COUNT(*) FROM inquiry_messages m
          WHERE m.room_id = inquiry_room_reads.room_id AND m.id <= inquiry_room_reads.last_seen_message_id
            AND m.sender_id IS NOT inquiry_room_reads.user_id);
        -- Per reader: the sum of their read marks' seen_from_others.
        CREATE TABLE inquiry_reader_counts (
          user_id INTEGER PRIMARY KEY,
          seen_from_others INTEGER NOT NULL
        );
        INSERT INTO inquiry_reader_counts (user_id, seen_from_others)
          SELECT user_id, SUM(seen_from_others) FROM inquiry_room_reads GROUP BY user_id;
        -- A message's insert or delete finds the read marks at or past it by room.
        CREATE INDEX inquiry_room_reads_room_seen ON inquiry_room_reads(room_id, last_seen_message_id);

        CREATE TRIGGER inquiry_message_counted AFTER INSERT ON inquiry_messages BEGIN
          INSERT INTO inquiry_sender_counts (sender_key, messages) VALUES (COALESCE(NEW.sender_id, 0), 1)
            ON CONFLICT (sender_key) DO UPDATE SET messages = messages + 1;
          UPDATE inquiry_room_reads SET seen_from_others = seen_from_others + 1
            WHERE room_id = NEW.room_id AND last_seen_message_id >= NEW.id AND user_id IS NOT NEW.sender_id;
        END;
        CREATE TRIGGER inquiry_message_uncounted AFTER DELETE ON inquiry_messages BEGIN
          UPDATE inquiry_sender_counts SET messages = messages - 1 WHERE sender_key = COALESCE(OLD.sender_id, 0);
          UPDATE inquiry_room_reads SET seen_from_others = seen_from_others - 1
            WHERE room_id = OLD.room_id AND last_seen_message_id >= OLD.id AND user_id IS NOT OLD.sender_id;
        END;
        CREATE TRIGGER inquiry_message_keys_kept BEFORE UPDATE OF id, room_id, sender_id ON inquiry_messages
          WHEN NEW.id IS NOT OLD.id OR NEW.room_id IS NOT OLD.room_id OR NEW.sender_id IS NOT OLD.sender_id BEGIN
          SELECT RAISE(ABORT, 'an inquiry message keeps its id, room and sender (the unread counts depend on them)');
        END;

        CREATE TRIGGER inquiry_read_counted AFTER INSERT ON inquiry_room_reads BEGIN
          -- The row as inserted, then its true count (the update below adds the difference).
          INSERT INTO inquiry_reader_counts (user_id, seen_from_others) VALUES (NEW.user_id, NEW.seen_from_others)
            ON CONFLICT (user_id) DO UPDATE SET seen_from_others = seen_from_others + excluded.seen_from_others;
          UPDATE inquiry_room_reads SET seen_from_others = (SELECT COUNT(*) FROM inquiry_messages m
              WHERE m.room_id = NEW.room_id AND m.id <= NEW.last_seen_message_id AND m.sender_id IS NOT NEW.user_id)
            WHERE user_id = NEW.user_id AND room_id = NEW.room_id;
        END;
        CREATE TRIGGER inquiry_read_moved AFTER UPDATE OF last_seen_message_id ON inquiry_room_reads BEGIN
          UPDATE inquiry_room_reads SET seen_from_others = (SELECT COUNT(*) FROM inquiry_messages m
              WHERE m.room_id = NEW.room_id AND m.id <= NEW.last_seen_message_id AND m.sender_id IS NOT NEW.user_id)
            WHERE user_id = NEW.user_id AND room_id = NEW.room_id;
        END;
        CREATE TRIGGER inquiry_read_seen_changed AFTER UPDATE OF seen_from_others ON inquiry_room_reads BEGIN
          INSERT INTO inquiry_reader_counts (user_id, seen_from_others) VALUES (NEW.user_id, NEW.seen_from_others - OLD.seen_from_others)
            ON CONFLICT (user_id) DO UPDATE SET seen_from_others = seen_from_others + excluded.seen_from_others;
        END;
        CREATE TRIGGER inquiry_read_uncounted AFTER DELETE ON inquiry_room_reads BEGIN
          UPDATE inquiry_reader_counts SET seen_from_others = seen_from_others - OLD.seen_from_others WHERE user_id = OLD.user_id;
        END;
        CREATE TRIGGER inquiry_read_keys_kept BEFORE UPDATE OF user_id, room_id ON inquiry_room_reads
          WHEN NEW.user_id IS NOT OLD.user_id OR NEW.room_id IS NOT OLD.room_id BEGIN
          SELECT RAISE(ABORT, 'an inquiry read mark keeps its user and room (the unread counts depend on them)');
        END;`,
    },
  ];
}
