/** Spec section 2: attachments are png, jpg or jpeg images; the server also checks their bytes and 10 MB. */
export const ATTACHMENT_ACCEPT = '.png,.jpg,.jpeg,image/png,image/jpeg';
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPE_MESSAGE = '添付できるのはPNGまたはJPEG形式の画像（png, jpg, jpeg）のみです。';
export const ATTACHMENT_SIZE_MESSAGE = '添付ファイルは10MB以内にしてください。';
export const SEND_FAILED_MESSAGE = 'メッセージ送信でエラーが発生しました。';

/** Why a chosen file cannot be attached, or undefined when it may be sent. */
export const attachmentProblem = (file: { name: string; size: number }): string | undefined => {
  if (!/\.(png|jpe?g)$/i.test(file.name)) return ATTACHMENT_TYPE_MESSAGE;
  if (file.size > ATTACHMENT_MAX_BYTES) return ATTACHMENT_SIZE_MESSAGE;
  return undefined;
};

/** The content type to upload with: the browser's, else the one the extension names. */
export const attachmentContentType = (file: { name: string; type: string }): string =>
  file.type === 'image/png' || file.type === 'image/jpeg' ? file.type : /\.png$/i.test(file.name) ? 'image/png' : 'image/jpeg';
