import { z } from '@hono/zod-openapi';
import { listHeaders } from '../../../shared/openapi';
import { prefetchHeaders } from '../../../shared/prefetch';
import { createRecordRoute, readRoute, updateRecordRoute, writeRoute } from '../../../shared/routes';
import {
  DeletedMessageSchema, MessageEditSchema, MessageInputSchema, MessageSchema, MessagesQuerySchema,
  PharmacyRoomQuerySchema, PresignedUploadSchema, roomPageHeaders, RoomOpenSchema, RoomPatchSchema, RoomQuerySchema, RoomSchema,
} from './schema';

/** The room and message calls of spec section 7, both sides: staff under admin, pharmacies under pharmacy. */
const tags = ['core: inquiries'];
const ADMIN_ROOMS = '/api/v2/admin/inquiry_rooms';
const ADMIN_MESSAGES = '/api/v2/admin/inquiry_messages';
const PHARMACY_ROOMS = '/api/v2/pharmacy/inquiry_rooms';
const PHARMACY_MESSAGES = '/api/v2/pharmacy/inquiry_messages';

const roomsRoute = <P extends string, Q extends z.ZodObject>(path: P, query: Q, summary: string) =>
  readRoute(path, { query, response: z.array(RoomSchema), responseDescription: 'ルーム', headers: roomPageHeaders, summary, tags });
const messagesRoute = (path: `${string}/{id}/messages`, summary: string) => {
  const route = readRoute(path, {
    query: MessagesQuerySchema, response: z.array(MessageSchema), responseDescription: 'メッセージ', headers: listHeaders, summary, tags,
    description: '読んだ人にだけ既読になる: ブラウザーの先読み (Sec-Purpose または Purpose が prefetch) では既読にしない。一覧の一括呼び出し (common/lookups) では呼べない。',
  });
  return { ...route, request: { ...route.request, headers: prefetchHeaders } };
};
const postMessageRoute = (path: `${string}/{id}/messages`, summary: string) =>
  createRecordRoute(path, { body: MessageInputSchema, response: MessageSchema, responseDescription: '送信したメッセージ', summary, tags });
const presignRoute = (path: string, summary: string) =>
  readRoute(path, { response: PresignedUploadSchema, responseDescription: 'presigned_url, object_name', summary, tags });

export const adminRoomsRoute = roomsRoute(ADMIN_ROOMS, RoomQuerySchema, '問い合わせルーム一覧 (x-unread-total: 自分の未読合計)');
export const patchRoomRoute = updateRecordRoute(ADMIN_ROOMS, {
  method: 'patch', body: RoomPatchSchema, response: RoomSchema, summary: '件名またはステータスの変更 (クローズ=completed、再開=need_action)', responseDescription: 'ルーム', tags,
});
export const adminMessagesRoute = messagesRoute(`${ADMIN_ROOMS}/{id}/messages`, 'ルームのメッセージ (古い順、1ページ100件; 開くと既読になる)');
export const adminPostMessageRoute = postMessageRoute(`${ADMIN_ROOMS}/{id}/messages`, 'メッセージ送信 (スタッフ)');
export const adminPresignRoute = presignRoute(`${ADMIN_MESSAGES}/file_presigned_url`, '添付ファイルのアップロード先 (PUTのContent-Typeは image/png か image/jpeg で、中身と一致すること)');
export const editMessageRoute = updateRecordRoute(ADMIN_MESSAGES, {
  method: 'patch', body: MessageEditSchema, response: MessageSchema, summary: 'メッセージ編集 (自分のメッセージのみ)', responseDescription: 'メッセージ', tags,
});
export const deleteMessageRoute = writeRoute('delete', `${ADMIN_MESSAGES}/{id}`, {
  response: DeletedMessageSchema, summary: 'メッセージ削除 (自分のメッセージのみ)', responseDescription: '削除したメッセージ', conditional: true, tags,
});
export const pharmacyRoomsRoute = roomsRoute(PHARMACY_ROOMS, PharmacyRoomQuerySchema, '自薬局の問い合わせルーム一覧');
export const openRoomRoute = createRecordRoute(PHARMACY_ROOMS, { body: RoomOpenSchema, response: RoomSchema, summary: '問い合わせを始める (最初のメッセージ付き)', responseDescription: 'ルーム', tags });
export const pharmacyMessagesRoute = messagesRoute(`${PHARMACY_ROOMS}/{id}/messages`, '自薬局ルームのメッセージ');
export const pharmacyPostMessageRoute = postMessageRoute(`${PHARMACY_ROOMS}/{id}/messages`, 'メッセージ送信 (薬局)');
export const pharmacyPresignRoute = presignRoute(`${PHARMACY_MESSAGES}/file_presigned_url`, '添付ファイルのアップロード先 (薬局)');
