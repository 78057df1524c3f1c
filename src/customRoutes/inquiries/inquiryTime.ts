/** Spec section 9: a message younger than about 23 hours shows its time, an older one its date. */
export const RECENT_TIME_MS = 82_800_000;

/**
 * Japan has kept UTC+9 all year since 1951 (no summer time), so a room's or message's time is
 * read off the instant moved by nine hours. Each room and message formats its time as it draws:
 * through the time-zone library (ICU's formatter per call) that was 27 ms of a cold visit's
 * render of 25 rooms (issue 38). A property test holds these to src/contract/dates.ts.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const twoDigits = (value: number) => String(value).padStart(2, '0');
const tokyoWall = (at: Date) => new Date(at.getTime() + TOKYO_OFFSET_MS);
const tokyoTime = (wall: Date) => `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}`;
const tokyoDate = (wall: Date) => `${wall.getUTCFullYear()}年${wall.getUTCMonth() + 1}月${wall.getUTCDate()}日`;

const isRecent = (at: Date, now: Date) => now.getTime() - at.getTime() < RECENT_TIME_MS;

/**
 * A room's or message's time: `HH:mm` (Japan time) within RECENT_TIME_MS of now, else
 * `yyyy年M月d日`. A time slightly in the future (clock skew) counts as recent.
 */
export const formatInquiryTime = (at: Date | undefined | null, now: Date): string => {
  if (!at || Number.isNaN(at.getTime())) return '';
  const wall = tokyoWall(at);
  return isRecent(at, now) ? tokyoTime(wall) : tokyoDate(wall);
};

/** A message's time in the chat: `HH:mm` when recent, else the date with its time (Japan time). */
export const formatMessageTime = (at: Date | undefined | null, now: Date): string => {
  if (!at || Number.isNaN(at.getTime())) return '';
  const wall = tokyoWall(at);
  return isRecent(at, now) ? tokyoTime(wall) : `${tokyoDate(wall)} ${tokyoTime(wall)}`;
};
