import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, fromTokyoDateTimeLocal, isOnOrBeforeToday, parseApiDate, startOfTodayInTokyo, todayInTokyo, toTokyoDateTimeLocal } from '../../../src/contract/dates';

// Node re-reads TZ when it is assigned, so each block runs on a machine "in" another zone.
const originalZone = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalZone;
});

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const days = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);

describe.each([
  ['America/Los_Angeles', 480],
  ['America/New_York', 300],
  ['Pacific/Kiritimati', -840],
  ['Pacific/Pago_Pago', 660],
])('dates on a machine in %s', (zone, offset) => {
  beforeAll(() => {
    process.env.TZ = zone;
  });

  it('runs in that zone indeed', () => {
    expect(new Date('2026-11-22T00:00:00Z').getTimezoneOffset()).toBe(offset);
  });

  it('still formats in Japan time', () => {
    expect(formatDate('2026-11-21T16:00:00Z')).toBe('2026年11月22日');
    expect(formatDateTime('2026-11-21T16:00:00Z')).toBe('2026年11月22日 01:00');
    expect(formatDate('2026-11-22')).toBe('2026年11月22日');
    expect(todayInTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(startOfTodayInTokyo(new Date('2026-11-21T15:00:00Z'))).toEqual(new Date('2026-11-21T15:00:00Z'));
    expect(isOnOrBeforeToday('2026-11-22', new Date('2026-11-21T15:00:00Z'))).toBe(true);
  });

  it('reads zone-less date-times as Japan time', () => {
    expect(parseApiDate('2026-11-22T01:00:00')).toEqual(new Date('2026-11-21T16:00:00Z'));
    expect(fromTokyoDateTimeLocal('2026-11-22T01:00')).toEqual(new Date('2026-11-21T16:00:00Z'));
    expect(toTokyoDateTimeLocal(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22T01:00');
  });

  it('formats any calendar day as that very day (property)', () => {
    fc.assert(
      fc.property(days, (day) => {
        const [year, month, date] = day.split('-').map(Number);
        return formatDate(day) === `${year}年${month}月${date}日`;
      }),
    );
  });
});

describe('dates in any zone', () => {
  const zones = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'America/New_York', 'America/St_Johns', 'Europe/London', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham', 'Pacific/Kiritimati', 'Pacific/Pago_Pago'];
  const instants = fc.date({ min: new Date('1960-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z'), noInvalidDate: true });

  it('formats any day as that day and any instant as its Japan day, whatever the machine zone (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...zones), days, instants, (zone, day, instant) => {
        process.env.TZ = zone;
        const [year, month, date] = day.split('-').map(Number);
        const wall = new Date(instant.getTime() + 9 * 3_600_000);
        return (
          formatDate(day) === `${year}年${month}月${date}日` &&
          formatDate(instant) === `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日` &&
          todayInTokyo(instant) === wall.toISOString().slice(0, 10)
        );
      }),
    );
  });
});

describe('a machine whose zone has a half-hour DST gap (Australia/Lord_Howe)', () => {
  beforeAll(() => {
    process.env.TZ = 'Australia/Lord_Howe';
  });

  // Lord Howe's clocks skip 02:00-02:30 on 2024-10-06. TZDate's wall-clock setters go through
  // the machine's zone and put a Tokyo 02:15 there 30 minutes late (date-fns/tz#13); dates.ts
  // reads Tokyo wall times as UTC and subtracts the zone database's offset instead.
  it('reads a Tokyo wall time inside that gap as Japan time', () => {
    expect(parseApiDate('2024-10-06T02:15')).toEqual(new Date('2024-10-05T17:15:00Z'));
    expect(fromTokyoDateTimeLocal('2024-10-06T02:00')).toEqual(new Date('2024-10-05T17:00:00Z'));
    expect(toTokyoDateTimeLocal(new Date('2024-10-05T17:15:00Z'))).toBe('2024-10-06T02:15');
    expect(startOfTodayInTokyo(new Date('2024-10-05T17:15:00Z'))).toEqual(new Date('2024-10-05T15:00:00Z'));
  });
});
