/** `yyyy-MM-dd` of the given instant in Asia/Tokyo (UTC+9, no DST). */
export function tokyoDate(at: Date): string {
  return new Date(at.getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}
