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
 * A file of its own (and a graph of its own, the unit-isolated project): @date-fns/tz keeps its formatter per zone for the life of the module, so
 * only a fresh module shows whether a conversion still has it to build.
 */
describe('prepareTokyoTime', () => {
  afterEach(() => {
    Intl.DateTimeFormat = IntlDateTimeFormat;
  });

  it('builds the Tokyo offset formatter, so the first time shown afterwards builds none (issue 38: ICU set-up inside the list’s render)', async () => {
    Intl.DateTimeFormat = CountingDateTimeFormat as typeof Intl.DateTimeFormat;
    const { prepareTokyoTime, formatDateTime } = await import('../../../src/contract/dates');
    prepareTokyoTime();
    const afterPrepare = built;
    expect(afterPrepare).toBeGreaterThan(0);
    expect(formatDateTime('2026-11-29T01:23:00Z')).toBe('2026年11月29日 10:23');
    expect(built).toBe(afterPrepare);
  });
});
