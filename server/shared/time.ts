import { toTokyoDay } from '../../src/contract/dates';

/**
 * `yyyy-MM-dd` of the given instant in Asia/Tokyo. The server and the SPA share one Tokyo-day
 * implementation (src/contract/dates.ts), so "ended today" means the same day on both sides.
 */
export const tokyoDate = (at: Date): string => toTokyoDay(at);
