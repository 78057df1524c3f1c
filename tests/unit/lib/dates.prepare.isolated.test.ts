import { afterEach, describe, expect, it } from 'vitest';

const IntlDateTimeFormat = Intl.DateTimeFormat;
let built = 0;
/** Intl.DateTimeFormat, counting what is built. */
class CountingDateTimeFormat extends IntlDateTimeFormat {
  constructor(...args: ConstructorParameters<typeof IntlDateTimeFormat>) {
    super(...args);
    built += 1;
  }
}

/**
 * A file of its own (and a graph of its own, the unit-isolated project): @date-fns/tz keeps its
 * formatter per zone for the life of the module, so only a fresh module shows whether a
 * conversion builds one.
 */
describe('Tokyo time without ICU', () => {
  afterEach(() => {
    Intl.DateTimeFormat = IntlDateTimeFormat;
  });

  it('writes and reads a time since 1952 without building an Intl formatter (issue 38: ~25 ms of ICU set-up inside a list’s first render)', async () => {
    Intl.DateTimeFormat = CountingDateTimeFormat as typeof Intl.DateTimeFormat;
    const dates = await import('../../../src/contract/dates');
    expect(dates.formatDateTime('2026-11-29T01:23:00Z')).toBe('2026年11月29日 10:23');
    expect(dates.formatDate('2026-11-29T15:00:00Z')).toBe('2026年11月30日');
    expect(dates.formatTokyoTime(new Date('2026-11-29T14:59:00Z'))).toBe('23:59');
    expect(dates.parseApiDate('2026-11-29 10:23')).toEqual(new Date('2026-11-29T01:23:00Z'));
    expect(dates.todayInTokyo(new Date('2026-11-29T15:00:00Z'))).toBe('2026-11-30');
    expect(built).toBe(0);
    // Before 1952 the zone database is asked (Japan's summer time of 1948-1951).
    expect(dates.formatDateTime('1948-06-01T03:00:00Z')).toBe('1948年6月1日 13:00');
    expect(built).toBeGreaterThan(0);
  });
});
