import type { DB } from '../../../db/open';
import type { Principal } from '../../../shared/auth';
import type { BlobStorage } from '../../../shared/storage';
import { inList, listParam } from '../../../shared/sql';
import { INQUIRY_FILE_BUCKET } from './files';
import type { InquiryMessage, InquiryRoom } from './schema';

export const ROOM_PAGE_SIZE = 25;
export const MESSAGE_PAGE_SIZE = 100;

/** The portal account behind a token (core users, by the token's sub). */
export interface InquiryUser {
  id: number;
  name: string;
  role: 'admin' | 'pharmacy';
  /** Pharmacies whose rooms a pharmacy user may read (looked up for the request); empty for staff. */
  pharmacyIds: number[];
}

export function inquiryUserOf(db: DB, principal: Principal): InquiryUser | undefined {
  const row = db.prepare('SELECT id, name, role FROM users WHERE auth0_user_id = @sub').get({ sub: principal.sub }) as
    | { id: number; name: string; role: 'admin' | 'pharmacy' }
    | undefined;
  if (!row) return undefined;
  const role = principal.isAdmin ? 'admin' : principal.roles.includes('pharmacy') ? 'pharmacy' : undefined;
  if (!role) return undefined;
  return { id: row.id, name: row.name, role, pharmacyIds: role === 'pharmacy' ? principal.pharmacyIds : [] };
}

export const canReadRoom = (user: InquiryUser, room: { pharmacy_id: number }) =>
  user.role === 'admin' || user.pharmacyIds.includes(room.pharmacy_id);

export interface RoomRow {
  id: number;
  pharmacy_id: number;
  name: string;
  status: string;
  last_message_id: number | null;
  last_message_content: string | null;
  last_message_at: string | null;
  last_message_sender_id: number | null;
  active_at: string;
  created_at: string;
  updated_at: string;
  pharmacy_name: string;
  pharmacy_address1: string;
  unread_count: number;
}

export interface MessageRow {
  id: number;
  room_id: number;
  sender_id: number | null;
  sender_role: 'admin' | 'pharmacy';
  sender_name: string;
  content: string;
  reply_message_id: number | null;
  file_object: string | null;
  file_name: string | null;
  file_size: number | null;
  file_type: string | null;
  file_extension: string | null;
  created_at: string;
  updated_at: string;
  reply_content: string | null;
  reply_sender_id: number | null;
  reply_sender_name: string | null;
  reply_created_at: string | null;
}

/** Messages after the user's last seen one that someone else sent. */
const UNREAD_SQL = `(SELECT COUNT(*) FROM inquiry_messages m
  WHERE m.room_id = r.id AND m.id > COALESCE((SELECT last_seen_message_id FROM inquiry_room_reads WHERE user_id = @user AND room_id = r.id), 0)
    AND (m.sender_id IS NULL OR m.sender_id != @user))`;

const ROOM_SELECT = `SELECT r.*, p.name AS pharmacy_name, p.address1 AS pharmacy_address1, ${UNREAD_SQL} AS unread_count
  FROM inquiry_rooms r JOIN pharmacies p ON p.id = r.pharmacy_id`;

export interface RoomFilter {
  roomId?: number;
  pharmacyId?: number;
  statuses?: string[];
  /** A pharmacy user's pharmacies. */
  pharmacyIds?: number[];
}

function whereOf(filter: RoomFilter): { sql: string; params: Record<string, unknown> } {
  const where: string[] = [];
  const params: Record<string, unknown> = {};
  if (filter.roomId !== undefined) {
    where.push('r.id = @roomId');
    params.roomId = filter.roomId;
  }
  if (filter.pharmacyId !== undefined) {
    where.push('r.pharmacy_id = @pharmacyId');
    params.pharmacyId = filter.pharmacyId;
  }
  if (filter.statuses && filter.statuses.length > 0) {
    where.push(`r.status IN ${inList('statuses')}`);
    params.statuses = listParam(filter.statuses);
  }
  if (filter.pharmacyIds) {
    where.push(`r.pharmacy_id IN ${inList('own')}`);
    params.own = listParam(filter.pharmacyIds);
  }
  return { sql: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '', params };
}

/** One page of rooms, most recently active first, with this user's unread counts. */
export function listRooms(db: DB, userId: number, filter: RoomFilter, page: number) {
  const { sql, params } = whereOf(filter);
  const total = (db.prepare(`SELECT COUNT(*) AS n FROM inquiry_rooms r ${sql}`).get(params) as { n: number }).n;
  const rows = db
    .prepare(`${ROOM_SELECT} ${sql} ORDER BY r.active_at DESC, r.id DESC LIMIT @limit OFFSET @offset`)
    .all({ ...params, user: userId, limit: ROOM_PAGE_SIZE, offset: (page - 1) * ROOM_PAGE_SIZE }) as RoomRow[];
  return { rows, total };
}

export function findRoom(db: DB, id: number, userId: number): RoomRow | undefined {
  return db.prepare(`${ROOM_SELECT} WHERE r.id = @id`).get({ id, user: userId }) as RoomRow | undefined;
}

/**
 * Every unread message of the user's readable rooms (the tab title's figure). Staff read every
 * room: their total is three counts the triggers of migration 53 keep (no room is visited). A
 * pharmacy user's is counted over their own rooms.
 */
export function unreadTotal(db: DB, user: InquiryUser): number {
  if (user.role === 'admin') {
    const row = db
      .prepare(
        `SELECT (SELECT COALESCE(SUM(messages), 0) FROM inquiry_sender_counts)
           - COALESCE((SELECT messages FROM inquiry_sender_counts WHERE sender_key = @user), 0)
           - COALESCE((SELECT seen_from_others FROM inquiry_reader_counts WHERE user_id = @user), 0) AS n`,
      )
      .get({ user: user.id }) as { n: number };
    return row.n;
  }
  const own = whereOf({ pharmacyIds: user.pharmacyIds });
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(${UNREAD_SQL}), 0) AS n FROM inquiry_rooms r ${own.sql} AND
       r.last_message_id > COALESCE((SELECT last_seen_message_id FROM inquiry_room_reads WHERE user_id = @user AND room_id = r.id), 0)`,
    )
    .get({ ...own.params, user: user.id }) as { n: number };
  return row.n;
}

export function serialiseRoom(row: RoomRow): InquiryRoom {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    completed: row.status === 'completed',
    unread_count: row.unread_count,
    last_message:
      row.last_message_id === null
        ? null
        : { id: row.last_message_id, content: row.last_message_content, created_at: row.last_message_at, sender_id: row.last_message_sender_id },
    pharmacy_id: row.pharmacy_id,
    pharmacy: { id: row.pharmacy_id, name: row.pharmacy_name, address1: row.pharmacy_address1 },
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const MESSAGE_SELECT = `SELECT m.*, q.content AS reply_content, q.sender_id AS reply_sender_id, q.sender_name AS reply_sender_name,
    q.created_at AS reply_created_at
  FROM inquiry_messages m LEFT JOIN inquiry_messages q ON q.id = m.reply_message_id`;

export function listMessages(db: DB, roomId: number, page: number) {
  const total = (db.prepare('SELECT COUNT(*) AS n FROM inquiry_messages WHERE room_id = @roomId').get({ roomId }) as { n: number }).n;
  const rows = db
    .prepare(`${MESSAGE_SELECT} WHERE m.room_id = @roomId ORDER BY m.id LIMIT @limit OFFSET @offset`)
    .all({ roomId, limit: MESSAGE_PAGE_SIZE, offset: (page - 1) * MESSAGE_PAGE_SIZE }) as MessageRow[];
  return { rows, total };
}

export function findMessage(db: DB, id: number): MessageRow | undefined {
  return db.prepare(`${MESSAGE_SELECT} WHERE m.id = @id`).get({ id }) as MessageRow | undefined;
}

/** A message as the API answers it; the attachment's url is a signed link valid for an hour. */
export function serialiseMessage(row: MessageRow, storage: BlobStorage): InquiryMessage {
  return {
    id: row.id,
    room_id: row.room_id,
    sender_id: row.sender_id,
    sender_role: row.sender_role,
    sender_name: row.sender_name,
    content: row.content,
    reply_message_id: row.reply_message_id,
    reply_message:
      row.reply_message_id === null
        ? null
        : { id: row.reply_message_id, content: row.reply_content, sender_id: row.reply_sender_id, sender_name: row.reply_sender_name, created_at: row.reply_created_at },
    files:
      row.file_object === null
        ? []
        : [
            {
              name: row.file_name,
              extension: row.file_extension,
              type: row.file_type,
              size: row.file_size,
              url: storage.presignGet(INQUIRY_FILE_BUCKET, row.file_object, { expiresIn: 3600, filename: row.file_name ?? undefined }),
            },
          ],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Opening a room: everything in it up to now counts as seen by this user. */
export function markRead(db: DB, userId: number, roomId: number): boolean {
  const newest = (db.prepare('SELECT MAX(id) AS id FROM inquiry_messages WHERE room_id = @roomId').get({ roomId }) as { id: number | null }).id;
  if (newest === null) return false;
  const info = db
    .prepare(
      `INSERT INTO inquiry_room_reads (user_id, room_id, last_seen_message_id) VALUES (@userId, @roomId, @newest)
       ON CONFLICT(user_id, room_id) DO UPDATE SET last_seen_message_id = excluded.last_seen_message_id
       WHERE excluded.last_seen_message_id > last_seen_message_id`,
    )
    .run({ userId, roomId, newest });
  return info.changes > 0;
}

/** Keeps the room's newest-message columns true after a message is added, edited or deleted. */
export function refreshLastMessage(db: DB, roomId: number, at: string): void {
  const newest = db.prepare('SELECT id, content, created_at, sender_id FROM inquiry_messages WHERE room_id = @roomId ORDER BY id DESC LIMIT 1').get({ roomId }) as
    | { id: number; content: string; created_at: string; sender_id: number | null }
    | undefined;
  db.prepare(
    `UPDATE inquiry_rooms SET last_message_id = @id, last_message_content = @content, last_message_at = @created_at,
       last_message_sender_id = @sender_id, active_at = COALESCE(@created_at, created_at), updated_at = @at WHERE id = @room`,
  ).run({ id: newest?.id ?? null, content: newest?.content ?? null, created_at: newest?.created_at ?? null, sender_id: newest?.sender_id ?? null, at, room: roomId });
}

/** Who is shown a room's changes: every staff member and the pharmacy's own accounts. */
export function roomAudience(db: DB, pharmacyId: number): { id: number; role: 'admin' | 'pharmacy'; pharmacyIds: number[] }[] {
  const rows = db
    .prepare(
      `SELECT id, role, pharmacy_ids FROM users WHERE role = 'admin'
         OR (role = 'pharmacy' AND EXISTS (SELECT 1 FROM json_each(users.pharmacy_ids) WHERE value = @pharmacyId))`,
    )
    .all({ pharmacyId }) as { id: number; role: 'admin' | 'pharmacy'; pharmacy_ids: string }[];
  return rows.map((r) => ({ id: r.id, role: r.role, pharmacyIds: r.role === 'pharmacy' ? (JSON.parse(r.pharmacy_ids) as number[]) : [] }));
}
