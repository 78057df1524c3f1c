import { TZDate, tz } from '@date-fns/tz';
import { format, isValid, parseISO, startOfDay, subDays, subMonths } from 'date-fns';
import { millisecondsInHour, millisecondsInMinute, millisecondsInSecond } from 'date-fns/constants';

/**
 * The one place that knows about dates, on the client and the server (server/shared/time.ts uses
 * it). Spec section 9: dates show as yyyy年M月d日 and date-times in Japan time, whatever the
 * machine's zone. Two kinds of value:
 *
 * - a calendar day (`*On`): a `yyyy-MM-dd` string end to end. It is never turned into a Date,
 *   because a Date is an instant and the instant "Japan midnight" is the previous day west of
 *   Japan. Days compare as strings (`endedOn <= todayInTokyo()`).
 * - an instant (`*At`): a Date, shown as its Tokyo wall time.
 *
 * date-fns 4 with @date-fns/tz does the zone arithmetic (`in: inTokyo`).
 */

export const TOKYO_TIME_ZONE = 'Asia/Tokyo';

const inTokyo = tz(TOKYO_TIME_ZONE);

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `yyyy-MM-dd` that exists (no 2026-02-30), years 0001 to 9999. */
export const isDayString = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one; setUTCFullYear keeps years below 100 and no zone is involved.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return day <= lastDay.getUTCDate();
};

const ISO_LIKE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Parses the API's instants. A date-time without a zone means Japan time, so the result does not
 * depend on the machine's zone; a bare day is Japan midnight (only for instants: calendar days
 * stay strings). Anything that does not start like an ISO date is rejected: `new Date('12')`
 * would otherwise be 2001.
 */
export const parseApiDate = (value: string): Date | undefined => {
  const text = value.trim().replace(' ', 'T');
  if (!ISO_LIKE.test(text)) return undefined;
  const parsed = parseISO(text, { in: inTokyo });
  // A plain Date: callers compare with toEqual and must not see the TZDate class.
  return isValid(parsed) ? new Date(parsed.getTime()) : undefined;
};

export type DateValue = Date | string | number | null | undefined;

const toInstant = (value: DateValue): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseApiDate(value);
  return date && isValid(date) ? date : undefined;
};

/**
 * `2026年11月22日`. A calendar day formats as that very day; an instant as its Japan day. Empty
 * string for a missing or invalid value.
 */
export const formatDate = (value: DateValue): string => {
  if (isDayString(value)) {
    const [year, month, day] = value.split('-').map(Number);
    return `${year}年${month}月${day}日`;
  }
  const date = toInstant(value);
  return date ? format(date, 'yyyy年M月d日', { in: inTokyo }) : '';
};

/** `2026年11月22日 09:05` (24-hour clock, Japan time); empty string for a missing or invalid value. */
export const formatDateTime = (value: DateValue): string => {
  const date = toInstant(value);
  return date ? format(date, 'yyyy年M月d日 HH:mm', { in: inTokyo }) : '';
};

/** The Japan calendar day of an instant as `yyyy-MM-dd`. */
export const toTokyoDay = (instant: Date): string => format(instant, 'yyyy-MM-dd', { in: inTokyo });

/** Today in Japan as `yyyy-MM-dd` (e.g. whether a pharmacy's `endedOn` has passed). */
export const todayInTokyo = (now: Date = new Date()): string => toTokyoDay(now);

/** The instant today began in Japan (00:00 Asia/Tokyo). */
export const startOfTodayInTokyo = (now: Date = new Date()): Date => new Date(startOfDay(now, { in: inTokyo }).getTime());

/** The Japan day `days` days before today, as `yyyy-MM-dd`. */
export const daysBeforeToday = (days: number, now: Date = new Date()): string => toTokyoDay(subDays(startOfDay(now, { in: inTokyo }), days, { in: inTokyo }));

/** The Japan day `months` months before today (clamped to the month's end: 3/31 → 2/28), as `yyyy-MM-dd`. */
export const monthsBeforeToday = (months: number, now: Date = new Date()): string =>
  toTokyoDay(subMonths(startOfDay(now, { in: inTokyo }), months, { in: inTokyo }));

/** Whether a calendar day is today or earlier in Japan (the 'ended' pharmacy). Days compare as strings. */
export const isOnOrBeforeToday = (day: unknown, now: Date = new Date()): boolean => isDayString(day) && day <= todayInTokyo(now);

/**
 * A run time as `1時間2分3秒` (job list): hours only when there are any, minutes when there are
 * hours or minutes, seconds always; whole seconds, rounded down. Empty for a negative or invalid value.
 */
export const formatDuration = (milliseconds: number): string => {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return '';
  const hours = Math.floor(milliseconds / millisecondsInHour);
  const minutes = Math.floor((milliseconds % millisecondsInHour) / millisecondsInMinute);
  const seconds = Math.floor((milliseconds % millisecondsInMinute) / millisecondsInSecond);
  if (hours > 0) return `${hours}時間${minutes}分${seconds}秒`;
  if (minutes > 0) return `${minutes}分${seconds}秒`;
  return `${seconds}秒`;
};

/** An instant as Japan wall time `yyyy-MM-ddTHH:mm`, the value of an `<input type="datetime-local">`. */
export const toTokyoDateTimeLocal = (instant: Date): string => format(instant, "yyyy-MM-dd'T'HH:mm", { in: inTokyo });

/** A `yyyy-MM-ddTHH:mm` Japan wall time back to its instant; undefined when it is not one. */
export const fromTokyoDateTimeLocal = (value: string): Date | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || !isDayString(value.slice(0, 10))) return undefined;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const [hour, minute, second = 0] = value.slice(11).split(':').map(Number);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new TZDate(year, month - 1, day, hour, minute, second, TOKYO_TIME_ZONE);
  // Years 0-99 would be read as 1900-1999 by the Date constructor.
  date.setFullYear(year, month - 1, day);
  return isValid(date) ? new Date(date.getTime()) : undefined;
};
