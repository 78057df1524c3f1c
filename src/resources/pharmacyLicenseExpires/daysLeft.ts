import { isDayString, todayInTokyo } from '../../contract/dates';

const DAY_MS = 86_400_000;

/** Whole days from one calendar day to another (`yyyy-MM-dd`, no zone involved): 2026-11-22 → 2026-11-25 is 3. */
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** Days from today in Japan until a licence expires (0 on its last day, negative once expired); undefined for no day. */
export const daysLeft = (expiresOn: unknown, now: Date = new Date()): number | undefined =>
  isDayString(expiresOn) ? daysBetween(todayInTokyo(now), expiresOn) : undefined;

/** 残り30日 / 本日まで / 期限切れ（3日経過）. */
export const daysLeftText = (days: number | undefined): string | undefined => {
  if (days === undefined) return undefined;
  if (days > 0) return `残り${days.toLocaleString('ja-JP')}日`;
  if (days === 0) return '本日まで';
  return `期限切れ（${(-days).toLocaleString('ja-JP')}日経過）`;
};
