import { isDayString, monthsBeforeToday, todayInTokyo } from './dates';

/**
 * The import screen's rules (spec sections 5 and 9), shared by the screen and the reference API
 * so both refuse the same start dates and years.
 */
export type DownloadKind = 'hot_code' | 'medhot' | 'iryohoken';

/** The first day each publisher's files exist for (spec section 5). */
export const EARLIEST_START_DATES = { hot_code: '2001-12-28', medhot: '2015-06-30' } as const;

export const INSURANCE_START_YEARS = [2012, 2014, 2016, 2018, 2019, 2020] as const;
export const DEFAULT_INSURANCE_START_YEAR = 2019;

/** Both date pickers start two months before today in Japan. */
export const defaultStartDate = (now: Date = new Date()): string => monthsBeforeToday(2, now);

/** Why a start date is refused, or undefined when it is a real day between the earliest and today (Tokyo). */
export function startDateProblem(kind: keyof typeof EARLIEST_START_DATES, value: unknown, now: Date = new Date()): string | undefined {
  if (!isDayString(value)) return '開始日を正しい日付で指定してください。';
  const earliest = EARLIEST_START_DATES[kind];
  const today = todayInTokyo(now);
  if (value < earliest || value > today) {
    const [y, m, d] = earliest.split('-').map(Number);
    return `開始日は${y}年${m}月${d}日から今日までの日付で指定してください。`;
  }
  return undefined;
}

export const isInsuranceStartYear = (value: unknown): value is (typeof INSURANCE_START_YEARS)[number] =>
  (INSURANCE_START_YEARS as readonly unknown[]).includes(value);
