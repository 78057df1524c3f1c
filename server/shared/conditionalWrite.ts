import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import type { DB } from '../db/open';
import { ApiError } from './errors';
import { ErrorSchema } from './openapi';
import { labelled } from './validation';

/*
 * Conditional writes (RFC 9110 §13.1.4 If-Unmodified-Since). A client that sends the header with
 * the record's updated_at as it loaded it (`new Date(updatedAt).toUTCString()`) saves only over
 * that version: when the stored updated_at, truncated to whole seconds (an HTTP-date has no
 * fractions), is later than the date, the write answers 412 with STALE_RECORD and changes
 * nothing. Without the header, or with one that is no HTTP-date, a write goes ahead as before.
 *
 * Handlers call `assertUnmodifiedSince` inside the transaction that writes, after finding the
 * record, so the check and the write see the same row.
 *
 * The date is read strictly as RFC 9110 defines HTTP-dates (not `Date.parse`, which
 * `freshness.ts` uses for the portal's own If-Updated-Since and which also takes ISO dates): a
 * header in any other form is malformed and, as §13.1.4 says, ignored.
 */

export const STALE_RECORD = 'このデータは他のユーザーによって更新されています。画面を再読み込みしてから、もう一度保存してください。';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const DAY = 'Mon|Tue|Wed|Thu|Fri|Sat|Sun';
const DAY_LONG = 'Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday';
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
// Sun, 06 Nov 1994 08:49:37 GMT
const IMF_FIXDATE = new RegExp(`^(?:${DAY}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
// Sunday, 06-Nov-94 08:49:37 GMT
const RFC850 = new RegExp(`^(?:${DAY_LONG}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
// Sun Nov  6 08:49:37 1994
const ASCTIME = new RegExp(`^(?:${DAY}) (${MONTH}) ( \\d|\\d{2}) ${TIME} (\\d{4})$`);

function instant(year: number, month: string, day: number, hour: number, minute: number, second: number): number | undefined {
  const m = MONTHS.indexOf(month);
  if (hour > 23 || minute > 59 || second > 60) return undefined;
  const ms = Date.UTC(year, m, day, hour, minute, Math.min(second, 59));
  const date = new Date(ms);
  // 31 Feb and the like are no dates.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== m || date.getUTCDate() !== day) return undefined;
  return ms;
}

/** The instant (ms) an HTTP-date names (RFC 9110 §5.6.7: IMF-fixdate, or the obsolete RFC 850 and asctime forms), else undefined. */
export function parseHttpDate(text: string): number | undefined {
  const value = text.trim();
  let match = IMF_FIXDATE.exec(value);
  if (match) return instant(Number(match[3]), match[2], Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]));
  match = RFC850.exec(value);
  if (match) {
    // A two-digit year more than 50 years ahead is the latest past year with those digits (§5.6.7).
    const yy = Number(match[3]);
    const thisYear = new Date().getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + yy;
    if (year > thisYear + 50) year -= 100;
    return instant(year, match[2], Number(match[1]), Number(match[4]), Number(match[5]), Number(match[6]));
  }
  match = ASCTIME.exec(value);
  if (match) return instant(Number(match[6]), match[1], Number(match[2].trim()), Number(match[3]), Number(match[4]), Number(match[5]));
  return undefined;
}

/** The request's If-Unmodified-Since as an instant; undefined when absent or malformed (then it is ignored). */
export function unmodifiedSince(c: Context): number | undefined {
  const header = c.req.header('if-unmodified-since');
  return header === undefined ? undefined : parseHttpDate(header);
}

/** Throws 412 (STALE_RECORD) when the request's If-Unmodified-Since is earlier than `updatedAt` in whole seconds. */
export function assertUnmodifiedSince(c: Context, updatedAt: string | null | undefined): void {
  const since = unmodifiedSince(c);
  if (since === undefined || !updatedAt) return;
  const stored = Date.parse(updatedAt);
  if (Number.isNaN(stored)) return;
  if (Math.floor(stored / 1000) * 1000 > since) throw new ApiError(412, [STALE_RECORD]);
}

/**
 * The same for the row `table`.`idColumn` = `id` (names from the caller's code, never the
 * client's); a row that is not there passes (the handler answers its own 404).
 */
export function assertRowUnmodifiedSince(c: Context, db: DB, table: string, id: number, idColumn = 'id'): void {
  if (c.req.header('if-unmodified-since') === undefined) return;
  const row = db.prepare(`SELECT updated_at FROM ${table} WHERE ${idColumn} = @id`).get({ id }) as { updated_at: string | null } | undefined;
  assertUnmodifiedSince(c, row?.updated_at);
}

/** The header as OpenAPI documents it (request `headers` of a conditional write route). */
export const conditionalHeaders = z.object({
  'if-unmodified-since': labelled('If-Unmodified-Since', z.string().optional()).openapi({
    description: '任意。読み込んだときの updated_at (HTTP-date、例: Sun, 06 Nov 1994 08:49:37 GMT)。それより後に更新されていれば 412 で何も変えない。形式が正しくなければ無視する。',
    example: 'Sat, 21 Nov 2026 10:00:00 GMT',
  }),
});

/** The 412 answer as OpenAPI documents it. */
export const conditionalErrors = {
  412: {
    description: `If-Unmodified-Since より後に更新されている (「${STALE_RECORD}」)`,
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;
