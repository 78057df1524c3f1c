import { TZDate } from '@date-fns/tz';
import { lightFormat } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysBeforeToday,
  formatDate,
  formatDateTime,
  formatDuration,
  formatSlashDate,
  formatSlashDateTime,
  formatTokyoTime,
  fromTokyoDateTimeLocal,
  isDayString,
  isOnOrBeforeToday,
  monthsBeforeToday,
  parseApiDate,
  startOfTodayInTokyo,
  todayInTokyo,
  toTokyoDateTimeLocal,
  toTokyoDay,
} from '../../../src/contract/dates';

// Japan has had no daylight saving since 1951: Tokyo wall time is UTC + 9 h, the reference here.
const tokyoWall = (date: Date) => new Date(date.getTime() + 9 * 3_600_000);
const instants = fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true });
const pad = (value: number, length = 2) => String(value).padStart(length, '0');
/** Any existing calendar day, years 1 to 9999, written yyyy-MM-dd. */
const days = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);

describe('isDayString', () => {
  it('accepts existing days only', () => {
    expect(isDayString('2026-11-22')).toBe(true);
    expect(isDayString('2028-02-29')).toBe(true);
    expect(isDayString('2026-02-29')).toBe(false);
    expect(isDayString('2100-02-29')).toBe(false);
    expect(isDayString('2000-02-29')).toBe(true);
    expect(isDayString('2026-13-01')).toBe(false);
    expect(isDayString('2026-11-31')).toBe(false);
    expect(isDayString('0000-01-01')).toBe(false);
    expect(isDayString('2026-11-22T00:00:00Z')).toBe(false);
    expect(isDayString(new Date())).toBe(false);
  });
});

describe('formatDate', () => {
  it('formats an instant as its Japan day, yyyy年M月d日', () => {
    expect(formatDate('2026-11-21T16:00:00Z')).toBe('2026年11月22日');
    expect(formatDate(new Date('2026-01-05T00:00:00+09:00'))).toBe('2026年1月5日');
    expect(formatDate(Date.UTC(2026, 0, 4, 15))).toBe('2026年1月5日');
  });

  it('shows a calendar day as that very day', () => {
    expect(formatDate('2026-11-22')).toBe('2026年11月22日');
    expect(formatDate('0099-01-01')).toBe('99年1月1日');
  });

  it('gives an empty string for null, undefined and invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2026-02-30')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('matches UTC+9 wall time for any instant (property)', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const wall = tokyoWall(date);
        return formatDate(date) === `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日`;
      }),
    );
  });

  it('round-trips any calendar day (property)', () => {
    fc.assert(
      fc.property(days, (day) => {
        const [year, month, date] = day.split('-').map(Number);
        return formatDate(day) === `${year}年${month}月${date}日`;
      }),
    );
  });
});

describe('formatDateTime', () => {
  it('formats as yyyy年M月d日 HH:mm in Japan time', () => {
    expect(formatDateTime('2026-11-22T00:05:00Z')).toBe('2026年11月22日 09:05');
    expect(formatDateTime('2026-11-21T16:00:00Z')).toBe('2026年11月22日 01:00');
    expect(formatDateTime('2026-11-21T15:00:00Z')).toBe('2026年11月22日 00:00');
    expect(formatDateTime('2026-11-22T14:59:00Z')).toBe('2026年11月22日 23:59');
    expect(formatDateTime(null)).toBe('');
  });

  it('matches UTC+9 wall time for any instant (property)', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const wall = tokyoWall(date);
        const expected = `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日 ${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
        return formatDateTime(date) === expected;
      }),
    );
  });
});

describe('parseApiDate', () => {
  it('reads zone-less date-times as Japan time and keeps explicit zones', () => {
    expect(parseApiDate('2026-11-22T01:00:00')).toEqual(new Date('2026-11-21T16:00:00Z'));
    expect(parseApiDate('2026-11-22 01:00:00')).toEqual(new Date('2026-11-21T16:00:00Z'));
    expect(parseApiDate('2026-11-22T01:00:00Z')).toEqual(new Date('2026-11-22T01:00:00Z'));
    expect(parseApiDate('12')).toBeUndefined();
  });

  it('reads the zone designators ISO 8601 allows, and fractions of a second to the millisecond', () => {
    const instant = new Date('2026-11-21T16:00:00Z');
    for (const text of ['2026-11-22T01:00:00+09:00', '2026-11-22T01:00:00+0900', '2026-11-22T01:00:00+09', '2026-11-21T11:00:00-05:00', '2026-11-22T01:00']) {
      expect(parseApiDate(text), text).toEqual(instant);
    }
    expect(parseApiDate('2026-11-22T01:00:00.123456Z')).toEqual(new Date('2026-11-22T01:00:00.123Z'));
    expect(parseApiDate('2026-11-22')).toEqual(new Date('2026-11-21T15:00:00Z'));
  });

  it('rejects days and times that do not exist, and text around a date', () => {
    for (const text of ['2026-02-30T00:00:00', '2026-13-01', '2026-11-22T24:00:00', '2026-11-22T10:60:00', '2026-11-22T10:00:00+25:00', '2026-11-22Tfoo', 'x2026-11-22', '2026-11-22T10:00:00Zjunk']) {
      expect(parseApiDate(text), text).toBeUndefined();
    }
  });

  it('reads back any instant written as UTC or as Japan wall time (property)', () => {
    fc.assert(
      fc.property(instants, (date) => {
        expect(parseApiDate(date.toISOString())).toEqual(date);
        const wholeMinute = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
        expect(parseApiDate(toTokyoDateTimeLocal(date))).toEqual(wholeMinute);
      }),
    );
  });
});

/** Each way a time is written, with the date-fns pattern it must equal. */
const TOKYO_PATTERNS: [string, (instant: Date) => string][] = [
  ['yyyy年M月d日', formatDate],
  ['yyyy年M月d日 HH:mm', formatDateTime],
  ['yyyy/MM/dd', formatSlashDate],
  ['yyyy/MM/dd HH:mm', formatSlashDateTime],
  ['yyyy-MM-dd', toTokyoDay],
  ['HH:mm', formatTokyoTime],
  ["yyyy-MM-dd'T'HH:mm", toTokyoDateTimeLocal],
];

describe('the same text as date-fns with the zone database', () => {
  it('writes every pattern as lightFormat of a TZDate in Asia/Tokyo, for any instant from year 1 to 2200 (property)', () => {
    // Up to 2200: a change in Japan's offset that the machine's zone data knows of fails this.
    const anyInstant = fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true });
    const aroundTheChanges = fc.date({ min: new Date('1945-01-01T00:00:00Z'), max: new Date('1953-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(fc.oneof(anyInstant, aroundTheChanges), (instant) => {
        for (const [pattern, write] of TOKYO_PATTERNS) {
          expect(write(instant)).toBe(lightFormat(new TZDate(instant.getTime(), 'Asia/Tokyo'), pattern));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees at the last change of Japan’s offset (summer time ended 1951-09-08) and the first instant of the fixed offset', () => {
    for (const text of ['1951-09-08T14:59:59Z', '1951-09-08T15:00:00Z', '1951-12-31T14:59:59Z', '1951-12-31T15:00:00Z']) {
      const instant = new Date(text);
      for (const [pattern, write] of TOKYO_PATTERNS) {
        expect(write(instant)).toBe(lightFormat(new TZDate(instant.getTime(), 'Asia/Tokyo'), pattern));
      }
    }
  });
});

describe('Japan time before 1951, from the zone database', () => {
  it('keeps the summer time of 1948-1951 (UTC+10) and standard time out of it', () => {
    expect(formatDateTime('1948-06-01T03:00:00Z')).toBe('1948年6月1日 13:00');
    expect(formatDateTime('1948-12-01T03:00:00Z')).toBe('1948年12月1日 12:00');
    expect(parseApiDate('1948-06-01T12:00')).toEqual(new Date('1948-06-01T02:00:00Z'));
  });
});

describe('today in Tokyo', () => {
  it('is the Japan calendar day where the UTC day differs', () => {
    expect(todayInTokyo(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(todayInTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInTokyo(new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
  });

  it('starts at 00:00 in Japan, 15:00 UTC the day before', () => {
    expect(startOfTodayInTokyo(new Date('2026-11-21T16:30:00Z'))).toEqual(new Date('2026-11-21T15:00:00Z'));
    expect(startOfTodayInTokyo(new Date('2026-11-21T14:30:00Z'))).toEqual(new Date('2026-11-20T15:00:00Z'));
  });

  it('counts days and months back from the Japan day', () => {
    const now = new Date('2026-03-30T16:00:00Z'); // 2026-03-31 01:00 in Japan
    expect(daysBeforeToday(0, now)).toBe('2026-03-31');
    expect(daysBeforeToday(31, now)).toBe('2026-02-28');
    expect(monthsBeforeToday(1, now)).toBe('2026-02-28');
    expect(monthsBeforeToday(12, now)).toBe('2025-03-31');
  });

  it('tells whether a day is today or earlier, as Japan sees it', () => {
    const now = new Date('2026-11-21T15:00:00Z'); // 2026-11-22 00:00 in Japan, still the 21st in UTC
    expect(isOnOrBeforeToday('2026-11-22', now)).toBe(true);
    expect(isOnOrBeforeToday('2026-11-23', now)).toBe(false);
    expect(isOnOrBeforeToday('2025-01-01', now)).toBe(true);
    expect(isOnOrBeforeToday(null, now)).toBe(false);
    expect(isOnOrBeforeToday('', now)).toBe(false);
  });

  it('today is the UTC+9 day for any instant (property)', () => {
    fc.assert(fc.property(instants, (date) => todayInTokyo(date) === tokyoWall(date).toISOString().slice(0, 10)));
  });

  it('daysBeforeToday(n) is n days before toTokyoDay (property)', () => {
    fc.assert(
      fc.property(instants, fc.integer({ min: 0, max: 3650 }), (date, n) => daysBeforeToday(n, date) === toTokyoDay(new Date(date.getTime() - n * 86_400_000))),
    );
  });
});

describe('formatDuration', () => {
  it('writes a run time in hours, minutes and seconds', () => {
    expect(formatDuration(3_723_000)).toBe('1時間2分3秒');
    expect(formatDuration(3_600_000)).toBe('1時間0分0秒');
    expect(formatDuration(125_999)).toBe('2分5秒');
    expect(formatDuration(999)).toBe('0秒');
    expect(formatDuration(90_000_000)).toBe('25時間0分0秒');
    expect(formatDuration(-1)).toBe('');
    expect(formatDuration(Number.NaN)).toBe('');
  });

  it('adds back up to the whole seconds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 10 }), (ms) => {
        const [, h = '0', m = '0', s] = /^(?:(\d+)時間)?(?:(\d+)分)?(\d+)秒$/.exec(formatDuration(ms))!;
        return Number(h) * 3600 + Number(m) * 60 + Number(s) === Math.floor(ms / 1000);
      }),
    );
  });
});

describe('datetime-local values in Japan time', () => {
  it('shows an instant as Tokyo wall time and reads it back', () => {
    expect(toTokyoDateTimeLocal(new Date('2026-11-21T16:05:00Z'))).toBe('2026-11-22T01:05');
    expect(fromTokyoDateTimeLocal('2026-11-22T01:05')).toEqual(new Date('2026-11-21T16:05:00Z'));
    expect(fromTokyoDateTimeLocal('2026-02-30T01:05')).toBeUndefined();
    expect(fromTokyoDateTimeLocal('2026-11-22T24:00')).toBeUndefined();
    expect(fromTokyoDateTimeLocal('')).toBeUndefined();
  });

  it('round-trips any whole-minute instant (property)', () => {
    fc.assert(
      fc.property(instants, (date) => {
        const minute = new Date(Math.floor(date.getTime() / 60_000) * 60_000);
        return fromTokyoDateTimeLocal(toTokyoDateTimeLocal(minute))?.getTime() === minute.getTime();
      }),
    );
  });
});
