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
 * Japan Standard Time is UTC+9 all year and has been since 1951 (no daylight saving), so Tokyo
 * wall time is the instant moved by nine hours and read with the UTC getters: exact for every
 * date this portal handles, the same in every browser zone, and no zone database or date library
 * in the first load (date-fns with @date-fns/tz was about 7 KB of a list's first visit, and its
 * zone lookup showed in the profile of a list's rendering).
 */

const TOKYO_OFFSET_MS = 9 * 3_600_000;
const MS_PER_HOUR = 3_600_000;
const MS_PER_MINUTE = 60_000;
const MS_PER_SECOND = 1_000;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The Tokyo wall clock of an instant. */
const tokyoWall = (instant: Date): WallTime => {
  const shifted = new Date(instant.getTime() + TOKYO_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
};

/**
 * A wall time read as UTC, in ms. setUTCFullYear keeps years below 100 (Date.UTC would read them
 * as 1900-1999) and carries an out-of-range day or month into the next (day 0 is the last day of
 * the month before).
 */
const wallAsUtc = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): number => {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
};

/** The instant of a Tokyo wall time. */
const fromTokyoWall = (year: number, month: number, day: number, hour = 0, minute = 0, second = 0, ms = 0): Date =>
  new Date(wallAsUtc(year, month, day, hour, minute, second, ms) - TOKYO_OFFSET_MS);

const dayText = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
const japaneseDay = ({ year, month, day }: Pick<WallTime, 'year' | 'month' | 'day'>) => `${pad(year, 4)}年${month}月${day}日`;
const clockText = ({ hour, minute }: Pick<WallTime, 'hour' | 'minute'>) => `${pad(hour)}:${pad(minute)}`;

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

/** An ISO 8601 day or date-time as the APIs write them: optional seconds and fraction, optional zone. */
const API_INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A zone designator's offset from UTC in ms: `Z`, `+09:00`, `+0900`, `-05`. */
const zoneOffset = (zone: string): number => {
  if (zone === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * MS_PER_HOUR + Number(digits.slice(2) || 0) * MS_PER_MINUTE);
};

/**
 * Parses the API's instants. A date-time without a zone means Japan time, so the result does not
 * depend on the machine's zone; a bare day is Japan midnight (only for instants: calendar days
 * stay strings). Anything that does not start like an ISO date is rejected: `new Date('12')`
 * would otherwise be 2001.
 */
export const parseApiDate = (value: string): Date | undefined => {
  const match = API_INSTANT.exec(value.trim().replace(' ', 'T'));
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
  if (!isDayString(`${year}-${month}-${day}`) || Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return undefined;
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 23 || Number(zone.slice(-2)) > 59)) return undefined;
  const ms = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const wall = wallAsUtc(Number(year), Number(month), Number(day), Number(hour), Number(minute), Number(second), ms);
  return new Date(wall - (zone ? zoneOffset(zone) : TOKYO_OFFSET_MS));
};

export type DateValue = Date | string | number | null | undefined;

const toInstant = (value: DateValue): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseApiDate(value);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
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
  return date ? japaneseDay(tokyoWall(date)) : '';
};

/** `2026年11月22日 09:05` (24-hour clock, Japan time); empty string for a missing or invalid value. */
export const formatDateTime = (value: DateValue): string => {
  const date = toInstant(value);
  if (!date) return '';
  const wall = tokyoWall(date);
  return `${japaneseDay(wall)} ${clockText(wall)}`;
};

/**
 * `2026/11/22`, the way Excel reads a day (exports): a calendar day as that very day, an instant as
 * its Japan day. Empty string for a missing or invalid value.
 */
export const formatSlashDate = (value: DateValue): string => {
  if (isDayString(value)) return value.replaceAll('-', '/');
  const date = toInstant(value);
  return date ? dayText(tokyoWall(date)).replaceAll('-', '/') : '';
};

/** `2026/11/22 09:05`: an instant's Japan wall time to the minute (exports). Empty for a missing or invalid value. */
export const formatSlashDateTime = (value: DateValue): string => {
  const date = toInstant(value);
  if (!date) return '';
  const wall = tokyoWall(date);
  return `${dayText(wall).replaceAll('-', '/')} ${clockText(wall)}`;
};

/** The Japan calendar day of an instant as `yyyy-MM-dd`. */
export const toTokyoDay = (instant: Date): string => dayText(tokyoWall(instant));

/** An instant's Japan time of day, `HH:mm` (24-hour clock). */
export const formatTokyoTime = (instant: Date): string => clockText(tokyoWall(instant));

/** Today in Japan as `yyyy-MM-dd` (e.g. whether a pharmacy's `endedOn` has passed). */
export const todayInTokyo = (now: Date = new Date()): string => toTokyoDay(now);

/** The instant today began in Japan (00:00 Asia/Tokyo). */
export const startOfTodayInTokyo = (now: Date = new Date()): Date => {
  const { year, month, day } = tokyoWall(now);
  return fromTokyoWall(year, month, day);
};

/** A calendar day read from the UTC getters of a wall time made by wallAsUtc. */
const dayOfWall = (ms: number): string => {
  const date = new Date(ms);
  return dayText({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
};

/** The Japan day `days` days before today, as `yyyy-MM-dd`. */
export const daysBeforeToday = (days: number, now: Date = new Date()): string => {
  const { year, month, day } = tokyoWall(now);
  return dayOfWall(wallAsUtc(year, month, day - days));
};

/** The Japan day `months` months before today (clamped to the month's end: 3/31 → 2/28), as `yyyy-MM-dd`. */
export const monthsBeforeToday = (months: number, now: Date = new Date()): string => {
  const { year, month, day } = tokyoWall(now);
  // Day 0 of the month after the target is the target's last day.
  const lastDay = new Date(wallAsUtc(year, month - months + 1, 0)).getUTCDate();
  return dayOfWall(wallAsUtc(year, month - months, Math.min(day, lastDay)));
};

/** Whether a calendar day is today or earlier in Japan (the 'ended' pharmacy). Days compare as strings. */
export const isOnOrBeforeToday = (day: unknown, now: Date = new Date()): boolean => isDayString(day) && day <= todayInTokyo(now);

/**
 * A run time as `1時間2分3秒` (job list): hours only when there are any, minutes when there are
 * hours or minutes, seconds always; whole seconds, rounded down. Empty for a negative or invalid value.
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
  const wall = tokyoWall(instant);
  return `${dayText(wall)}T${clockText(wall)}`;
};

/** A `yyyy-MM-ddTHH:mm` Japan wall time back to its instant; undefined when it is not one. */
export const fromTokyoDateTimeLocal = (value: string): Date | undefined => {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value) || !isDayString(value.slice(0, 10))) return undefined;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  const [hour, minute, second = 0] = value.slice(11).split(':').map(Number);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  return fromTokyoWall(year, month, day, hour, minute, second);
};
