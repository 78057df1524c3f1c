import { MAX_OUTSTANDING_UPLOADS, UPLOAD_LINK_SECONDS } from '../../../shared/uploadLinks';
import { INQUIRY_STATUSES } from './schema';

export const INQUIRY_TEXTS = {
  fileRefused: '添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。',
  fileTooLarge: '添付ファイルは10MB以内にしてください。',
  fileMissing: '添付ファイルがアップロードされていません。もう一度添付してください。',
  replyMissing: '返信先のメッセージが見つかりません。',
  statusInvalid: `ステータスは ${INQUIRY_STATUSES.join(', ')} のいずれかを指定してください。`,
  roomChangeMissing: '件名またはステータスを指定してください。',
  roomForbidden: 'この問い合わせを閲覧する権限がありません。',
  ownMessagesOnly: '自分のメッセージのみ編集・削除できます。',
  pharmacyOnly: '薬局ユーザーのみ利用できます。',
  noAccount: 'ユーザーが登録されていません。',
  tooManyUploads: `添付ファイルのアップロード先を使い切りました（送信していないアップロードは${UPLOAD_LINK_SECONDS / 60}分間で${MAX_OUTSTANDING_UPLOADS}件まで）。送信するか、しばらく待ってからもう一度添付してください。`,
} as const;
