import type { Validator } from 'react-admin';
import { dayRangeError, dayToInput, inputToDay, LAST_DAY } from './dayInputRules';
import { NativeDateInput, type NativeDateInputProps } from './NativeDateInput';

export interface TokyoDateInputProps extends NativeDateInputProps {
  /** Earliest day accepted, `yyyy-MM-dd` (e.g. `todayInTokyo()`). */
  min?: string;
  /** Latest day accepted, `yyyy-MM-dd`; 9999-12-31 unless said otherwise. */
  max?: string;
  /** The message of a day before `min`, where the spec words it (a licence's 本日以降で指定). */
  minMessage?: string;
}

/**
 * The form input for a calendar day (`*On`): a native `<input type="date">` whose value is the
 * record's `yyyy-MM-dd` string itself, so it shows and saves the same day in every zone
 * (react-admin's DateInput is banned by lint: with the old Date values it moved a day west of
 * Japan). Clearing the input stores null.
 */
export const TokyoDateInput = ({ min, max = LAST_DAY, minMessage, ...props }: TokyoDateInputProps) => {
  const rangeRule: Validator = (value) => dayRangeError(value, min, max, minMessage);
  return <NativeDateInput {...props} type="date" format={dayToInput} parse={inputToDay} rule={rangeRule} min={min} max={max} />;
};

export default TokyoDateInput;
