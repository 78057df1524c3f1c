import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseApiDate, todayInTokyo, toTokyoDateString } from '../../../src/lib/dates';

// Japan has had no daylight saving since 1951: Tokyo wall time is UTC + 9 h, the reference here.
const tokyoWall = (date: Date) => new Date(date.getTime() + 9 * 3_600_000);

describe('formatDate', () => {
  it('formats in Japan time as yyyy年M月d日', () => {
    expect(formatDate('2026-11-21T16:00:00Z')).toBe('2026年11月22日');
    expect(formatDate(new Date('2026-01-05T00:00:00+09:00'))).toBe('2026年1月5日');
    expect(formatDate(Date.UTC(2026, 0, 4, 15))).toBe('2026年1月5日');
  });

  it('shows a calendar day as that day', () => {
    expect(formatDate('2026-11-22')).toBe('2026年11月22日');
  });

  it('gives an empty string for null, undefined and invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });

  it('matches UTC+9 wall time for any instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const wall = tokyoWall(date);
        return formatDate(date) === `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日`;
      }),
    );
  });
});

describe('formatDateTime', () => {
  it('formats as yyyy年M月d日 H:mm in Japan time', () => {
    expect(formatDateTime('2026-11-21T16:00:00Z')).toBe('2026年11月22日 1:00');
    expect(formatDateTime('2026-11-21T15:00:00Z')).toBe('2026年11月22日 0:00');
    expect(formatDateTime('2026-11-22T14:59:00Z')).toBe('2026年11月22日 23:59');
    expect(formatDateTime(null)).toBe('');
  });

  it('matches UTC+9 wall time for any instant (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const wall = tokyoWall(date);
        const expected = `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日 ${wall.getUTCHours()}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
        return formatDateTime(date) === expected;
      }),
    );
  });
});

describe('todayInTokyo', () => {
  it('is the Japan calendar day as yyyy-MM-dd', () => {
    expect(todayInTokyo(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(todayInTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(todayInTokyo()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('round-trips with parseApiDate for calendar days (property)', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true }), (date) => {
        const day = toTokyoDateString(date);
        return toTokyoDateString(parseApiDate(day)!) === day;
      }),
    );
  });
});
