import { toTokyoDay } from '../../src/lib/dates';

/**
 * `yyyy-MM-dd` of the given instant in Asia/Tokyo. The server and the SPA share one Tokyo-day
 * implementation (src/lib/dates.ts), so "ended today" means the same day on both sides.
 */
export const tokyoDate = (at: Date): string => toTokyoDay(at);
