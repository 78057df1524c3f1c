import { HttpError } from 'ra-core';
import { isPlainObject, toCamelKey } from '../contract/caseConversion';

/**
 * Every failed call becomes react-admin's HttpError with `body = { messages, errors }`:
 * - messages: the server's `errors` list (Japanese, shown in the red list of the save screens), or
 *   a Japanese generic message for the status;
 * - errors: the server's `field_errors`, camelized, one string per field; react-admin puts
 *   `body.errors` onto the form's fields and skips its own toast when it is not empty.
 * The status is kept: authProvider.checkError signs out on 401 and sends 403 to /forbidden.
 */
export interface ApiErrorBody {
  messages: string[];
  errors: Record<string, string>;
}

export type ApiHttpError = HttpError & { status: number; body: ApiErrorBody };

/** Status 0 means the request never got an answer (network failure, CORS, server down). */
export const NETWORK_FAILURE_STATUS = 0;

export const genericMessageForStatus = (status: number): string => {
  if (status === NETWORK_FAILURE_STATUS) return 'サーバーに接続できませんでした。';
  if (status === 401) return '認証が必要です。';
  if (status === 403) return 'この操作を行う権限がありません。';
  if (status === 404) return '見つかりません。';
  if (status === 422) return '入力内容を確認してください。';
  if (status >= 500) return 'サーバーでエラーが発生しました。';
  return `リクエストを処理できませんでした。(${status})`;
};

const toMessages = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((item) => (typeof item === 'string' ? item : isPlainObject(item) && typeof item.message === 'string' ? item.message : undefined))
    .filter((item): item is string => item !== undefined && item !== '');
};

// Nested attribute errors come as `pharmacy_invoice.invoice_number`; react-hook-form reads dots as paths.
const toFieldPath = (key: string) => key.split('.').map(toCamelKey).join('.');

const toFieldErrors = (value: unknown): Record<string, string> => {
  if (!isPlainObject(value)) return {};
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(value)) {
    const text = toMessages(messages).join(' ');
    if (text !== '') errors[toFieldPath(key)] = text;
  }
  return errors;
};

export const createHttpError = (status: number, responseBody?: unknown): ApiHttpError => {
  const raw = isPlainObject(responseBody) ? responseBody : {};
  const serverMessages = toMessages(raw.errors);
  const messages = serverMessages.length > 0 ? serverMessages : [genericMessageForStatus(status)];
  const body: ApiErrorBody = { messages, errors: toFieldErrors(raw.field_errors ?? raw.fieldErrors) };
  return new HttpError(messages.join('\n'), status, body) as ApiHttpError;
};
