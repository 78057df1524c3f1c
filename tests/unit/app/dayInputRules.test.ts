import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayRangeError, dayToInput, inputToDay, inputToInstant, instantError, instantToInput } from '../../../src/app/inputs/dayInputRules';

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const days = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);

describe('day input rules', () => {
  it('keeps a day string as it is both ways, and clears to null', () => {
    fc.assert(fc.property(days, (day) => dayToInput(day) === day && inputToDay(dayToInput(day)) === day));
    expect(dayToInput(null)).toBe('');
    expect(dayToInput('2026-02-30')).toBe('');
    expect(dayToInput(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
    expect(inputToDay('')).toBeNull();
  });

  it('checks bounds as days', () => {
    expect(dayRangeError('2026-11-21', '2026-11-22')).toBe('2026年11月22日以降の日付を入力してください');
    expect(dayRangeError('2026-11-22', '2026-11-22')).toBeUndefined();
    expect(dayRangeError('10000-01-01')).toBe('日付を正しく入力してください');
    expect(dayRangeError('2026-12-01', undefined, '2026-11-30')).toBe('2026年11月30日以前の日付を入力してください');
    expect(dayRangeError(null, '2026-11-22')).toBeUndefined();
  });
});

describe('date-time input rules', () => {
  it('shows Japan wall time and stores the ISO instant', () => {
    expect(instantToInput('2026-11-21T16:05:00Z')).toBe('2026-11-22T01:05');
    expect(instantToInput(new Date('2026-11-21T16:05:00Z'))).toBe('2026-11-22T01:05');
    expect(instantToInput('garbage')).toBe('');
    expect(inputToInstant('2026-11-22T01:05')).toBe('2026-11-21T16:05:00.000Z');
    expect(inputToInstant('')).toBeNull();
    expect(instantError(inputToInstant('2026-11-22T25:00'))).toBe('日時を正しく入力してください');
    expect(instantError('2026-11-21T16:05:00.000Z')).toBeUndefined();
  });
});
