import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isLockedError } from '../db/writeWhenFree';

export const MESSAGES = {
  unauthenticated: '認証が必要です。',
  expired: '認証の有効期限が切れました。再度ログインしてください。',
  forbidden: 'この操作を行う権限がありません。',
  notFound: '見つかりません。',
  malformed: 'リクエストの形式が正しくありません。',
  tooLarge: 'リクエストが大きすぎます。',
  unsupportedMediaType: 'Content-Type は application/json を指定してください。',
  tooManyRequests: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  internal: 'サーバーでエラーが発生しました。',
  locked: '他の処理 (マスタの取り込みなど) がデータを更新中のため、保存できませんでした。しばらくしてから再度お試しください。',
} as const;

/** Retry-After of a write refused because another connection held the write lock (503). */
export const RETRY_LOCKED_SECONDS = 5;



export type FieldErrors = Record<string, string[]>;

/** An error answered as `{"errors": [...], "field_errors"?: {...}}` with the given status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429,
    readonly messages: string[],
    readonly fieldErrors?: FieldErrors,
  ) {
    super(messages.join(' '));
  }
}

export const notFoundError = () => new ApiError(404, [MESSAGES.notFound]);

/** A 422 built from per-field messages; the flat list keeps field order. */
export function validationError(fieldErrors: FieldErrors): ApiError {
  return new ApiError(422, Object.values(fieldErrors).flat(), fieldErrors);
}

export function errorBody(messages: string[], fieldErrors?: FieldErrors) {
  return fieldErrors && Object.keys(fieldErrors).length > 0
    ? { errors: messages, field_errors: fieldErrors }
    : { errors: messages };
}

export function onError(err: Error, c: Context) {
  if (err instanceof ApiError) return c.json(errorBody(err.messages, err.fieldErrors), err.status);
  if (err instanceof HTTPException) {
    // hono's JSON validator throws 400 "Malformed JSON in request body".
    if (err.status === 400) return c.json(errorBody([MESSAGES.malformed]), 422);
    if (err.status === 401) return c.json(errorBody([MESSAGES.unauthenticated]), 401);
    if (err.status === 404) return c.json(errorBody([MESSAGES.notFound]), 404);
    // The validators' other refusals (e.g. 415 for a body that is not JSON): a client error, never a 500.
    if (err.status === 413) return c.json(errorBody([MESSAGES.tooLarge]), 413);
    if (err.status === 415) return c.json(errorBody([MESSAGES.unsupportedMediaType]), 415);
    if (err.status > 400 && err.status < 500) return c.json(errorBody([MESSAGES.malformed]), err.status);
  }
  // Whatever write still met the lock (server/shared/writeTurns.ts takes turns for every route's):
  // the client may try again, it is no server fault.
  if (isLockedError(err)) {
    c.header('retry-after', String(RETRY_LOCKED_SECONDS));
    return c.json(errorBody([MESSAGES.locked]), 503);
  }
  console.error(`[api] ${c.req.method} ${c.req.path}:`, err);
  return c.json(errorBody([MESSAGES.internal]), 500);
}

export function notFoundJson(c: Context) {
  return c.json(errorBody([MESSAGES.notFound]), 404);
}
