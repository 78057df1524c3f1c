import type { Validator } from 'react-admin';
import { instantError, instantToInput, inputToInstant } from './dayInputRules';
import { NativeDateInput, type NativeDateInputProps } from './NativeDateInput';

export type TokyoDateTimeInputProps = NativeDateInputProps;

const instantRule: Validator = (value) => instantError(value);

/**
 * The form input for an instant (`*At`) edited in Japan time: a native
 * `<input type="datetime-local">` showing the instant's Tokyo wall time (`yyyy-MM-ddTHH:mm`),
 * whatever the browser's zone; the record gets the ISO instant back. react-admin's DateTimeInput
 * is banned by lint: it shows the browser's local time.
 */
export const TokyoDateTimeInput = (props: TokyoDateTimeInputProps) => (
  <NativeDateInput {...props} type="datetime-local" format={instantToInput} parse={inputToInstant} rule={instantRule} />
);

export default TokyoDateTimeInput;
