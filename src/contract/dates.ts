/**
 * The one place that knows about dates, on the client and the server (server/shared/time.ts uses
 * it). Spec section 9: dates show as yyyy年M月d日 and date-times in Japan time, whatever the
 * machine's zone. Two kinds of value:
 *
 * - a calendar day (`*On`): a `yyyy-MM-dd` string end to end. It is never turned into a Date,
 *   because a Date is an instant and the instant "Japan midnight" is the previous day west of
 *   Japan. Days compare as strings (`endedOn <= todayInTokyo()`); a day only goes through
 *   date-fns to be checked (`parseISO` knows month lengths and leap years).
 * - an instant (`*At`): a Date, shown as its Tokyo wall time.
 *
 * date-fns with @date-fns/tz does the work, as the design card asks, with Asia/Tokyo from the
 * zone database (so Japan's 1948-1951 summer time is right too):
 * - Tokyo's offset: since 1952 Japan keeps UTC+9 all year (the zone database's last change is the
 *   end of summer time in September 1951), so an instant from then on is moved by nine hours with
 *   no look-up; an older one asks `tzOffset('Asia/Tokyo')`. Asking Intl for every value cost 10 µs
 *   a call and ~25 ms of ICU set-up inside a page's first render (issue 38); the fixed offset costs
 *   0.3 µs and no set-up. A property test holds both to the zone database the machine has, up to
 *   2200, so a future change in Japan's law would fail it as soon as the zone data knows it.
 * - formatting: the wall time's fields read with UTC getters, written as the patterns below say
 *   (a property test holds each to date-fns's `lightFormat` of a `TZDate` in Asia/Tokyo);
 * - parsing: `parseISO` for an instant with its own zone; a Tokyo wall time (no zone, or a
 *   datetime-local value) is read as UTC by parseISO and moved back by Tokyo's offset, because
 *   TZDate's wall-clock setters depend on the machine's zone (see fromTokyoWall);
 * - day arithmetic: `subDays` / `subMonths` on a UTC noon, then back to a `yyyy-MM-dd` string.
 * What stays ours is the shape the APIs may write (`API_INSTANT`) and the range checks parseISO is
 * laxer about (24:00, zone hours over 23, year 0000).
 */
import { tz, tzOffset } from '@date-fns/tz';
import { isValid, lightFormat, parseISO, subDays, subMonths } from 'date-fns';

const TOKYO = 'Asia/Tokyo';
const inUtc = tz('UTC');

const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;
const MS_PER_SECOND = 1_000;

const DAY_FORMAT = 'yyyy-MM-dd';

/** From this instant on (1952-01-01 00:00 Japan time) Tokyo is UTC+9 all year. */
const FIXED_OFFSET_SINCE = Date.UTC(1951, 11, 31, 15);
const TOKYO_OFFSET_MS = 9 * MS_PER_HOUR;

/** Tokyo's offset from UTC at an instant, in milliseconds. */
const tokyoOffsetAt = (time: number): number =>
  time >= FIXED_OFFSET_SINCE ? TOKYO_OFFSET_MS : tzOffset(TOKYO, new Date(time)) * MS_PER_MINUTE;

/**
 * The instant whose Tokyo wall time is `wall`, given as that wall time read as UTC (what parseISO
 * gives for the text with a `Z`). Not TZDate's own wall-clock setters: they go through the
 * machine's zone and land 30 minutes off when the Tokyo time falls in Lord Howe Island's DST gap
 * (date-fns/tz#13; tests/unit/lib/dates.otherZone.test.ts). The second look-up settles a wall time
 * next to an offset change.
 */
const fromTokyoWall = (wall: Date): Date => {
  const guess = wall.getTime() - tokyoOffsetAt(wall.getTime());
  return new Date(wall.getTime() - tokyoOffsetAt(guess));
};

/** A `yyyy-MM-dd` (and `THH:mm[:ss]`) text read as UTC: plain arithmetic in parseISO, no zone. */
const asUtc = (text: string): Date => parseISO(text.length === 10 ? `${text}T00:00Z` : `${text}Z`);

const pad2 = (value: number) => String(value).padStart(2, '0');

/** An instant's Tokyo wall time, to be read with the UTC getters. */
const tokyoWallOf = (instant: Date): Date => new Date(instant.getTime() + tokyoOffsetAt(instant.getTime()));

/** date-fns's `yyyy`: the era's year (1 BC is 1), at least four digits. */
const yearOf = (wall: Date) => {
  const year = wall.getUTCFullYear();
  return String(year > 0 ? year : 1 - year).padStart(4, '0');
};

/**
 * The patterns times are written in, each as date-fns would write it (`TOKYO_PATTERNS` in the
 * tests pairs each with its date-fns pattern).
 */
const writeJapaneseDay = (w: Date) => `${yearOf(w)}年${w.getUTCMonth() + 1}月${w.getUTCDate()}日`;
const writeClock = (w: Date) => `${pad2(w.getUTCHours())}:${pad2(w.getUTCMinutes())}`;
const writeIsoDay = (w: Date) => `${yearOf(w)}-${pad2(w.getUTCMonth() + 1)}-${pad2(w.getUTCDate())}`;
const writeSlashDay = (w: Date) => `${yearOf(w)}/${pad2(w.getUTCMonth() + 1)}/${pad2(w.getUTCDate())}`;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `yyyy-MM-dd` that exists (no 2026-02-30), years 0001 to 9999. */
export const isDayString = (value: unknown): value is string =>
  typeof value === 'string' && DAY.test(value) && !value.startsWith('0000') && isValid(parseISO(value));

/** An ISO 8601 day or date-time as the APIs write them: optional seconds and fraction, optional zone. */
const API_INSTANT = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):\d{2}(?::\d{2}(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/**
 * Parses the API's instants. A date-time without a zone means Japan time, so the result does not
 * depend on the machine's zone; a bare day is Japan midnight (only for instants: calendar days
 * stay strings). Anything that does not start like an ISO date is rejected: `new Date('12')`
 * would otherwise be 2001, and parseISO alone would take week dates and `24:00`.
 */
export const parseApiDate = (value: string): Date | undefined => {
  const text = value.trim().replace(' ', 'T');
  const match = API_INSTANT.exec(text);
  if (!match) return undefined;
  const [, day, hour = '0', fraction, zone] = match;
  // parseISO below checks the day exists; year 0000 and 24:00 it would take.
  if (day.startsWith('0000') || Number(hour) > 23) return undefined;
  if (zone && zone !== 'Z' && Number(zone.slice(1, 3)) > 23) return undefined;
  // parseISO reads a fraction as float seconds (1.001 s is 1000.99… ms, a millisecond short near
  // 1970), so the fraction is cut to whole milliseconds and added apart.
  const ms = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
  const whole = fraction ? text.replace(/[.,]\d+/, '') : text;
  const parsed = zone ? parseISO(whole) : asUtc(whole);
  if (!isValid(parsed)) return undefined;
  return new Date((zone ? parsed : fromTokyoWall(parsed)).getTime() + ms);
};

export type DateValue = Date | string | number | null | undefined;

const toInstant = (value: DateValue): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseApiDate(value);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

/** `2026-11-22` → `2026年11月22日`: the day's own digits, no Date in between. */
const japaneseDayOf = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
};

/**
 * `2026年11月22日`. A calendar day formats as that very day; an instant as its Japan day. Empty
 * string for a missing or invalid value.
 */
export const formatDate = (value: DateValue): string => {
  if (isDayString(value)) return japaneseDayOf(value);
  const date = toInstant(value);
  return date ? writeJapaneseDay(tokyoWallOf(date)) : '';
};

/** `2026年11月22日 09:05` (24-hour clock, Japan time); empty string for a missing or invalid value. */
export const formatDateTime = (value: DateValue): string => {
  const date = toInstant(value);
  if (!date) return '';
  const wall = tokyoWallOf(date);
  return `${writeJapaneseDay(wall)} ${writeClock(wall)}`;
};

/**
 * `2026/11/22`, the way Excel reads a day (exports): a calendar day as that very day, an instant as
 * its Japan day. Empty string for a missing or invalid value.
 */
export const formatSlashDate = (value: DateValue): string => {
  if (isDayString(value)) return value.replaceAll('-', '/');
  const date = toInstant(value);
  return date ? writeSlashDay(tokyoWallOf(date)) : '';
};

/** `2026/11/22 09:05`: an instant's Japan wall time to the minute (exports). Empty for a missing or invalid value. */
export const formatSlashDateTime = (value: DateValue): string => {
  const date = toInstant(value);
  if (!date) return '';
  const wall = tokyoWallOf(date);
  return `${writeSlashDay(wall)} ${writeClock(wall)}`;
};

/** The Japan calendar day of an instant as `yyyy-MM-dd`. */
export const toTokyoDay = (instant: Date): string => writeIsoDay(tokyoWallOf(instant));

/** An instant's Japan time of day, `HH:mm` (24-hour clock). */
export const formatTokyoTime = (instant: Date): string => writeClock(tokyoWallOf(instant));

/** Today in Japan as `yyyy-MM-dd` (e.g. whether a pharmacy's `endedOn` has passed). */
export const todayInTokyo = (now: Date = new Date()): string => toTokyoDay(now);

/** The instant today began in Japan (00:00 Asia/Tokyo). */
export const startOfTodayInTokyo = (now: Date = new Date()): Date => fromTokyoWall(asUtc(todayInTokyo(now)));

/**
 * Today in Japan as a UTC noon, for day arithmetic. Days are counted in UTC, where no day is
 * longer or shorter, and at noon, where no machine zone has a DST gap for TZDate's setters to trip on.
 */
const todayAtUtcNoon = (now: Date) => parseISO(`${todayInTokyo(now)}T12:00Z`);

/** The Japan day `days` days before today, as `yyyy-MM-dd`. */
export const daysBeforeToday = (days: number, now: Date = new Date()): string => lightFormat(subDays(todayAtUtcNoon(now), days, { in: inUtc }), DAY_FORMAT);

/** The Japan day `months` months before today (clamped to the month's end: 3/31 → 2/28), as `yyyy-MM-dd`. */
export const monthsBeforeToday = (months: number, now: Date = new Date()): string =>
  lightFormat(subMonths(todayAtUtcNoon(now), months, { in: inUtc }), DAY_FORMAT);

/** Whether a calendar day is today or earlier in Japan (the 'ended' pharmacy). Days compare as strings. */
export const isOnOrBeforeToday = (day: unknown, now: Date = new Date()): boolean => isDayString(day) && day <= todayInTokyo(now);

/**
 * A run time as `1時間2分3秒` (job list): hours only when there are any, minutes when there are
 * hours or minutes, seconds always; whole seconds, rounded down. Empty for a negative or invalid
 * value. A length of time, not a date: date-fns's formatDuration would fold 25 hours into a day.
 */
export const formatDuration = (milliseconds: number): string => {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return '';
  const hours = Math.floor(milliseconds / MS_PER_HOUR);
  const minutes = Math.floor((milliseconds % MS_PER_HOUR) / MS_PER_MINUTE);
  const seconds = Math.floor((milliseconds % MS_PER_MINUTE) / MS_PER_SECOND);
  if (hours > 0) return `${hours}時間${minutes}分${seconds}秒`;
  if (minutes > 0) return `${minutes}分${seconds}秒`;
  return `${seconds}秒`;
};

/** An instant as Japan wall time `yyyy-MM-ddTHH:mm`, the value of an `<input type="datetime-local">`. */
export const toTokyoDateTimeLocal = (instant: Date): string => {
  const wall = tokyoWallOf(instant);
  return `${writeIsoDay(wall)}T${writeClock(wall)}`;
};

const DATE_TIME_LOCAL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):\d{2}(:\d{2})?$/;

/** A `yyyy-MM-ddTHH:mm` Japan wall time back to its instant; undefined when it is not one. */
export const fromTokyoDateTimeLocal = (value: string): Date | undefined => {
  const match = DATE_TIME_LOCAL.exec(value);
  // parseISO takes 24:00 as the next midnight; an input never means that.
  if (!match || !isDayString(match[1]) || Number(match[2]) > 23) return undefined;
  const wall = asUtc(value);
  return isValid(wall) ? fromTokyoWall(wall) : undefined;
};
