import type { Context, MiddlewareHandler } from 'hono';
import { z } from '@hono/zod-openapi';
import type { DB } from '../db/open';
import { rowVersion, type VersionedRecord } from '../db/versions';
import { ApiError } from './errors';
import { ErrorSchema } from './openapi';
import { labelled } from './validation';

/*
 * Conditional writes. A record's version (a counter raised by every write, db/versions.ts) is its
 * ETag, answered on its detail GET and on every write answer; a client that sends it back as
 * If-Match (RFC 9110 §13.1.1) saves only over that version: any other answers 412 with
 * STALE_RECORD and changes nothing, however close together the writes came (issue 36 item 10).
 *
 * Older clients send If-Unmodified-Since (§13.1.4) with the record's updated_at as they loaded
 * it (`new Date(updatedAt).toUTCString()`): when the stored updated_at, truncated to whole seconds
 * (an HTTP-date has no fractions), is later than the date, the write answers 412. It cannot tell
 * two writes within one second apart, which is why the ETag exists; it is ignored when If-Match
 * is sent, as §13.2.2 orders. Without either header a write goes ahead as before.
 *
 * Handlers call `assertRowCurrent` inside the transaction that writes, after finding the record,
 * so the check and the write see the same row.
 *
 * The date is read strictly as RFC 9110 defines HTTP-dates (not `Date.parse`, which
 * `freshness.ts` uses for the portal's own If-Updated-Since and which also takes ISO dates): a
 * header in any other form is malformed and, as §13.1.4 says, ignored. A malformed If-Match is a
 * condition that cannot be judged to hold: 412.
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
function unmodifiedSince(c: Context): number | undefined {
  const header = c.req.header('if-unmodified-since');
  return header === undefined ? undefined : parseHttpDate(header);
}

/** Whether the request's If-Unmodified-Since is earlier than `updatedAt` in whole seconds (false when absent or malformed). */
function modifiedSince(c: Context, updatedAt: string | null | undefined): boolean {
  const since = unmodifiedSince(c);
  if (since === undefined || !updatedAt) return false;
  const stored = Date.parse(updatedAt);
  return !Number.isNaN(stored) && Math.floor(stored / 1000) * 1000 > since;
}

/** A record version as its strong entity tag. */
export const etagOf = (version: number) => `"${version}"`;

/** One entity tag of an If-Match list: optional W/, then a quoted string (§8.8.3; a comma may sit inside the quotes). */
const ENTITY_TAG = /^\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(?:,|$)/;

/** §13.1.1: `*` matches any current record; otherwise one of the listed tags, compared strongly (a weak tag never matches). */
export function ifMatchHolds(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  let rest = header;
  let matched = false;
  while (rest.trim() !== '') {
    const tag = ENTITY_TAG.exec(rest);
    if (!tag) return false; // malformed: the condition cannot be judged to hold
    if (!tag[1] && tag[2] === etag) matched = true;
    rest = rest.slice(tag[0].length);
  }
  return matched;
}

/**
 * Throws 412 (STALE_RECORD) when the request's If-Match does not name the current version of
 * the row `table`.`idColumn` = `id` (names from the caller's code, never the client's), or,
 * without If-Match, when its If-Unmodified-Since is older than the row's updated_at. A row that
 * is not there passes (the handler answers its own 404).
 */
export function assertRowCurrent(c: Context, db: DB, table: string, id: number, idColumn = 'id'): void {
  const ifMatch = c.req.header('if-match');
  if (ifMatch === undefined && c.req.header('if-unmodified-since') === undefined) return;
  const current = rowVersion(db, { table, idColumn }, id);
  if (!current) return;
  const stale = ifMatch !== undefined ? !ifMatchHolds(ifMatch, etagOf(current.version)) : modifiedSince(c, current.stamp);
  if (stale) throw new ApiError(412, [STALE_RECORD]);
}

/**
 * Answers each versioned record's ETag (its detail GET and its writes' answers, a 304 too): one
 * middleware per record path, registered in front of the service's routes, reading the version
 * after the handler so a write's answer carries the version it made.
 */
export function registerRecordEtags(app: { use(path: string, handler: MiddlewareHandler): unknown }, db: DB, records: readonly VersionedRecord[]): void {
  for (const record of records) {
    app.use(record.path, async (c, next) => {
      await next();
      if (c.req.method === 'DELETE' || ![200, 201, 304].includes(c.res.status)) return;
      const id = Number(c.req.param('id'));
      const current = Number.isSafeInteger(id) ? rowVersion(db, record, id) : undefined;
      if (current) c.res.headers.set('etag', etagOf(current.version));
    });
  }
}

/** The headers as OpenAPI documents them (request `headers` of a conditional write route). */
export const conditionalHeaders = z.object({
  'if-match': labelled('If-Match', z.string().optional()).openapi({
    description: '任意。読み込んだときの ETag (詳細 GET と更新の応答の etag ヘッダ)。現在の版と違えば 412 で何も変えない。同じ秒の中の更新も区別する。',
    example: '"3"',
  }),
  'if-unmodified-since': labelled('If-Unmodified-Since', z.string().optional()).openapi({
    description: '任意。読み込んだときの updated_at (HTTP-date、例: Sun, 06 Nov 1994 08:49:37 GMT)。それより後に更新されていれば 412 で何も変えない。秒単位のため同じ秒の中の更新は区別できない (If-Match を使う)。If-Match があれば無視する。形式が正しくなければ無視する。',
    example: 'Sat, 21 Nov 2026 10:00:00 GMT',
  }),
});

/** The ETag answer header as OpenAPI documents it (detail GETs and write answers of a versioned record). */
export const etagHeaders = z.object({
  etag: z.string().optional().openapi({ description: 'レコードの版。更新のたびに変わる。If-Match に渡す。', example: '"3"' }),
});

/** The 412 answer as OpenAPI documents it. */
export const conditionalErrors = {
  412: {
    description: `If-Match の版が現在の版でない、または If-Unmodified-Since より後に更新されている (「${STALE_RECORD}」)`,
    content: { 'application/json': { schema: ErrorSchema } },
  },
} as const;
