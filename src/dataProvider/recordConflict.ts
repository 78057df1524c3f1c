import { HttpError, type RaRecord } from 'ra-core';
import type { ApiErrorBody } from './httpError';

/** What the user reads when someone else saved the record since the form opened. */
export const RECORD_CONFLICT_MESSAGE = 'このデータは、編集を始めたあとに他のユーザーが更新しました。相手の変更を確認してから保存してください。';

/** A save of a record someone else deleted since the form opened; what was typed stays in the form. */
export const RECORD_DELETED_MESSAGE = 'このデータは、編集を始めたあとに他のユーザーが削除しました。入力した内容は画面に残っています。必要ならコピーしてから画面を離れてください。';

/** The status react-admin's callers see: HTTP's "Conflict". */
export const RECORD_CONFLICT_STATUS = 409;

/**
 * A save refused because the record changed on the server since the form opened (its updatedAt
 * moved). The platform has no ETag: the provider reads the record before writing, and the
 * reference API also honours If-Unmodified-Since (412). `current` is the record as it is now,
 * `base` the one the form opened with, `mine` what the form tried to save.
 */
export class RecordConflictError extends HttpError {
  declare body: ApiErrorBody;

  constructor(
    readonly current: RaRecord,
    readonly base: Record<string, unknown>,
    readonly mine: Record<string, unknown>,
  ) {
    super(RECORD_CONFLICT_MESSAGE, RECORD_CONFLICT_STATUS, { messages: [RECORD_CONFLICT_MESSAGE], errors: {} } satisfies ApiErrorBody);
    // react-admin's HttpError sets its own prototype, which would make this a plain HttpError.
    Object.setPrototypeOf(this, RecordConflictError.prototype);
    this.name = 'RecordConflictError';
  }
}

export const isRecordConflict = (error: unknown): error is RecordConflictError => error instanceof RecordConflictError;

/**
 * The version a record carries: its updatedAt as an instant in milliseconds (the client decodes
 * `*At` values to Dates; a form may hold the ISO string), or undefined when it carries none.
 */
export const versionOf = (record: unknown): number | undefined => {
  const value = (record as { updatedAt?: unknown } | null | undefined)?.updatedAt;
  const instant = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(instant) ? undefined : instant;
};

/** RFC 9110's HTTP-date for If-Unmodified-Since (whole seconds). */
export const unmodifiedSinceHeader = (version: number): Record<string, string> => ({ 'If-Unmodified-Since': new Date(version).toUTCString() });
