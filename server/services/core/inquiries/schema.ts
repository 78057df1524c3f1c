import { z } from '@hono/zod-openapi';
import { listHeaders } from '../../../shared/openapi';
import { labelled } from '../../../shared/validation';

/** Spec section 4: the room statuses (new 新規 … completed 完了). */
export const INQUIRY_STATUSES = ['new', 'replied', 'unreplied', 'need_action', 'closed', 'completed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const isInquiryStatus = (value: string): value is InquiryStatus => (INQUIRY_STATUSES as readonly string[]).includes(value);

/*
 * What the inquiry calls take: queries, a message (with at most one uploaded attachment), an
 * edit, a room's change, a room opened by a pharmacy.
 */
const pageParam = labelled('ページ', z.string().regex(/^[1-9]\d{0,8}$/).optional());
const idText = (label: string) => labelled(label, z.string().regex(/^\d{1,12}$/).optional());
const statusParam = labelled('ステータス', z.string().max(200).optional().openapi({ description: 'カンマ区切りのステータス', example: 'new,unreplied' }));

export const RoomQuerySchema = z.object({ page: pageParam, room_id: idText('ルームID'), pharmacy_id: idText('薬局ID'), status: statusParam });
export const PharmacyRoomQuerySchema = z.object({ page: pageParam, status: statusParam });
export const MessagesQuerySchema = z.object({ page: pageParam });

export const FileSchema = labelled(
  '添付ファイル',
  z.object({
    file_name_s3: labelled('アップロード先', z.string().min(1).max(300)),
    name: labelled('ファイル名', z.string().min(1).max(255)),
    size: labelled('ファイルサイズ', z.number().int().nonnegative().optional()),
    file_type: labelled('ファイル形式', z.string().max(100).optional()),
    extension: labelled('拡張子', z.string().max(10).optional()),
  }),
);

const content = labelled('メッセージ', z.string().trim().min(1).max(5000));
export const MessageInputSchema = z
  .object({
    content,
    reply_message_id: labelled('返信先メッセージID', z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional()),
    file: FileSchema.nullable().optional(),
  })
  .openapi('InquiryMessageInput');
export const MessageEditSchema = z.object({ content }).openapi('InquiryMessageEdit');
const subject = labelled('件名', z.string().trim().min(1).max(100));
export const RoomPatchSchema = z
  .object({ name: subject.optional(), status: labelled('ステータス', z.string().max(50).optional()) })
  .openapi('InquiryRoomPatch');
export const RoomOpenSchema = z
  .object({ pharmacy_id: labelled('薬局ID', z.number().int().positive().max(Number.MAX_SAFE_INTEGER)), name: subject, content })
  .openapi('InquiryRoomOpen');

/*
 * What the calls answer (spec section 7 and its data shapes): a room with its last message and
 * pharmacy, a message with its quoted reply and attachment (a signed link valid for an hour).
 * serialiseRoom and serialiseMessage (store.ts) build them; the cable sends the same.
 */
const iso = z.string().openapi({ example: '2026-11-20T01:23:45.000Z' });
export const RoomSchema = z
  .object({
    id: z.number().int(),
    name: z.string().openapi({ description: '件名' }),
    status: z.string().openapi({ description: `ステータス (${INQUIRY_STATUSES.join(', ')})`, example: 'new' }),
    completed: z.boolean().openapi({ description: 'status が completed' }),
    unread_count: z.number().int().openapi({ description: '自分の未読メッセージ数' }),
    last_message: z
      .object({ id: z.number().int(), content: z.string().nullable(), created_at: iso.nullable(), sender_id: z.number().int().nullable() })
      .nullable(),
    pharmacy_id: z.number().int(),
    pharmacy: z.object({ id: z.number().int(), name: z.string(), address1: z.string() }),
    created_at: iso,
    updated_at: iso,
  })
  .openapi('InquiryRoom');
export const MessageSchema = z
  .object({
    id: z.number().int(),
    room_id: z.number().int(),
    sender_id: z.number().int().nullable(),
    sender_role: z.enum(['admin', 'pharmacy']),
    sender_name: z.string(),
    content: z.string(),
    reply_message_id: z.number().int().nullable(),
    reply_message: z
      .object({
        id: z.number().int(),
        content: z.string().nullable(),
        sender_id: z.number().int().nullable(),
        sender_name: z.string().nullable(),
        created_at: iso.nullable(),
      })
      .nullable()
      .openapi({ description: '返信先 (削除されていれば null)' }),
    files: z
      .array(
        z.object({
          name: z.string().nullable(),
          extension: z.string().nullable(),
          type: z.string().nullable(),
          size: z.number().int().nullable(),
          url: z.string().openapi({ description: '署名付きURL (1時間有効)' }),
        }),
      )
      .openapi({ description: '添付ファイル (0件または1件)' }),
    created_at: iso,
    updated_at: iso,
  })
  .openapi('InquiryMessage');
export const DeletedMessageSchema = z
  .object({ id: z.number().int(), room_id: z.number().int(), deleted: z.literal(true) })
  .openapi('InquiryMessageDeleted');
export const PresignedUploadSchema = z
  .object({ presigned_url: z.string().openapi({ description: 'PUT 先 (15分有効、Content-Type は image/png か image/jpeg で中身と一致すること)' }), object_name: z.string() })
  .openapi('InquiryUpload');
/** The answers' schemas, for tests that hold real answers against them. */
export const INQUIRY_ANSWER_SCHEMAS = { room: RoomSchema, message: MessageSchema, deletedMessage: DeletedMessageSchema, presignedUpload: PresignedUploadSchema };
export const roomPageHeaders = listHeaders.extend({ 'x-unread-total': z.string().openapi({ description: '自分の未読合計' }) });

export type InquiryRoom = z.infer<typeof RoomSchema>;
export type InquiryMessage = z.infer<typeof MessageSchema>;
