import { formatDate, fromTokyoDateTimeLocal, isDayString, toTokyoDateTimeLocal, toTokyoDay } from '../../contract/dates';

/**
 * The pure rules of the Tokyo date inputs (src/app/inputs), kept out of the components so they
 * are tested without a browser.
 *
 * A calendar day (`*On`) is a `yyyy-MM-dd` string in the record, in the form and in the native
 * `<input type="date">`: no Date, so no zone can move it. An instant (`*At`) is shown as its
 * Japan wall time in `<input type="datetime-local">` and stored as an ISO instant.
 */

/** The latest day a day input takes: a native date input would otherwise take 6-digit years. */
export const LAST_DAY = '9999-12-31';

/** Record value → input value. A Date (an instant, should one arrive) shows as its Japan day. */
export const dayToInput = (value: unknown): string => {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : toTokyoDay(value);
  return isDayString(value) ? value : '';
};

/** Input value → record value: the day string itself, or null when the input is cleared. */
export const inputToDay = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Record value (ISO string or Date) → `yyyy-MM-ddTHH:mm` in Japan time; '' when empty or invalid. */
export const instantToInput = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? toTokyoDateTimeLocal(date) : '';
};

/** `yyyy-MM-ddTHH:mm` read as Japan time → ISO instant; null when cleared; kept as typed when not a time, for validation to report. */
export const inputToInstant = (value: unknown): string | null => {
  if (typeof value !== 'string' || value === '') return null;
  return fromTokyoDateTimeLocal(value)?.toISOString() ?? value;
};

/** Validation of a day against its bounds (days compare as strings); undefined when valid or empty. */
export const dayRangeError = (raw: unknown, min?: string, max: string = LAST_DAY, minMessage?: string): string | undefined => {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const value = raw instanceof Date ? dayToInput(raw) : raw;
  if (!isDayString(value)) return '日付を正しく入力してください';
  if (min !== undefined && value < min) return minMessage ?? `${formatDate(min)}以降の日付を入力してください`;
  if (value > max) return `${formatDate(max)}以前の日付を入力してください`;
  return undefined;
};

/** Validation of an instant input's stored value; undefined when valid or empty. */
export const instantError = (value: unknown): string | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  return typeof value === 'string' && !Number.isNaN(new Date(value).getTime()) && /^\d{4}-\d{2}-\d{2}T/.test(value) ? undefined : '日時を正しく入力してください';
};
