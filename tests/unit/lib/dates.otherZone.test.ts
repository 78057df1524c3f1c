import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, parseApiDate, todayInTokyo } from '../../../src/lib/dates';

// Node re-reads TZ when it is assigned, so this file runs on a machine "in" Los Angeles.
const originalZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Los_Angeles';
});
afterAll(() => {
  process.env.TZ = originalZone;
});

describe('dates on a machine outside Japan', () => {
  it('runs in Los Angeles indeed', () => {
    expect(new Date('2026-11-22T00:00:00Z').getTimezoneOffset()).toBe(480);
  });

  it('still formats in Japan time', () => {
    expect(formatDate('2026-11-21T16:00:00Z')).toBe('2026年11月22日');
    expect(formatDateTime('2026-11-21T16:00:00Z')).toBe('2026年11月22日 1:00');
    expect(formatDate('2026-11-22')).toBe('2026年11月22日');
    expect(todayInTokyo(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });

  it('reads calendar days and zone-less date-times as Japan time', () => {
    expect(parseApiDate('2026-11-22')).toEqual(new Date('2026-11-21T15:00:00Z'));
    expect(parseApiDate('2026-11-22T01:00:00')).toEqual(new Date('2026-11-21T16:00:00Z'));
  });
});
