/**
 * Dates are shown in Japan time whatever the machine's zone (spec section 9: yyyy年M月d日,
 * date-times in Japan time). Intl does the zone arithmetic, so no date library is needed.
 */

export const TOKYO_TIME_ZONE = 'Asia/Tokyo';

const tokyoFormatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TOKYO_TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

interface TokyoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const tokyoParts = (date: Date): TokyoParts => {
  const parts: Record<string, number> = {};
  for (const part of tokyoFormatter.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  // Some ICU versions print midnight as 24 even with h23.
  return { year: parts.year, month: parts.month, day: parts.day, hour: parts.hour % 24, minute: parts.minute };
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const ISO_LIKE = /^\d{4}-\d{2}-\d{2}/;

/**
 * Parses the API's date strings. A date without a time (`ended_on: 2026-11-22`) or a date-time
 * without a zone means Japan time, so the result does not depend on the machine's zone. Anything
 * that does not start like an ISO date is rejected: `new Date('12')` would otherwise be 2001.
 */
export const parseApiDate = (value: string): Date | undefined => {
  let text = value.trim();
  if (!ISO_LIKE.test(text)) return undefined;
  if (DATE_ONLY.test(text)) text = `${text}T00:00:00+09:00`;
  else if (DATE_TIME_WITHOUT_ZONE.test(text)) text = `${text.replace(' ', 'T')}+09:00`;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date;
};

export type DateInput = Date | string | number | null | undefined;

export const toDate = (value: DateInput): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : typeof value === 'number' ? new Date(value) : parseApiDate(value);
  return date && !Number.isNaN(date.getTime()) ? date : undefined;
};

const pad2 = (value: number) => String(value).padStart(2, '0');

/** `2026年11月22日`; empty string for a missing or invalid value. */
export const formatDate = (value: DateInput): string => {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day } = tokyoParts(date);
  return `${year}年${month}月${day}日`;
};

/** `2026年11月22日 1:00` (24-hour clock, Japan time); empty string for a missing or invalid value. */
export const formatDateTime = (value: DateInput): string => {
  const date = toDate(value);
  if (!date) return '';
  const { year, month, day, hour, minute } = tokyoParts(date);
  return `${year}年${month}月${day}日 ${hour}:${pad2(minute)}`;
};

/** The Japan calendar day of an instant as `yyyy-MM-dd`, the form the API takes for `*_on` fields. */
export const toTokyoDateString = (date: Date): string => {
  const { year, month, day } = tokyoParts(date);
  return `${year}-${pad2(month)}-${pad2(day)}`;
};

/** Today in Japan as `yyyy-MM-dd` (e.g. whether a pharmacy's `ended_on` has passed). */
export const todayInTokyo = (now: Date = new Date()): string => toTokyoDateString(now);
