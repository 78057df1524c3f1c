import { formatDate, formatDateTime, formatTokyoTime } from '../../contract/dates';

/** Spec section 9: a message younger than about 23 hours shows its time, an older one its date. */
export const RECENT_TIME_MS = 82_800_000;

const isRecent = (at: Date, now: Date) => now.getTime() - at.getTime() < RECENT_TIME_MS;

/**
 * A room's or message's time: `HH:mm` (Japan time) within RECENT_TIME_MS of now, else
 * `yyyy年M月d日`. A time slightly in the future (clock skew) counts as recent.
 */
export const formatInquiryTime = (at: Date | undefined | null, now: Date): string => {
  if (!at || Number.isNaN(at.getTime())) return '';
  return isRecent(at, now) ? formatTokyoTime(at) : formatDate(at);
};

/** A message's time in the chat: `HH:mm` when recent, else the date with its time (Japan time). */
export const formatMessageTime = (at: Date | undefined | null, now: Date): string => {
  if (!at || Number.isNaN(at.getTime())) return '';
  return isRecent(at, now) ? formatTokyoTime(at) : formatDateTime(at);
};
