import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';
import { dayRangeError, dayToInput, inputToDay, LAST_DAY } from './dayInputRules';

export interface TokyoDateInputProps extends Omit<InputProps, 'format' | 'parse'> {
  /** Earliest day accepted, `yyyy-MM-dd` (e.g. `todayInTokyo()`). */
  min?: string;
  /** Latest day accepted, `yyyy-MM-dd`; 9999-12-31 unless said otherwise. */
  max?: string;
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
}

/**
 * The form input for a calendar day (`*On`): a native `<input type="date">` whose value is the
 * record's `yyyy-MM-dd` string itself, so it shows and saves the same day in every zone
 * (react-admin's DateInput is banned by lint: with the old Date values it moved a day west of
 * Japan). Clearing the input stores null.
 */
export const TokyoDateInput = ({ min, max = LAST_DAY, label, helperText, fullWidth, disabled, readOnly, validate, ...props }: TokyoDateInputProps) => {
  const rangeRule: Validator = (value) => dayRangeError(value, min, max);
  const { field, fieldState, isRequired, id } = useInput({
    ...props,
    validate: [rangeRule, ...(validate === undefined ? [] : Array.isArray(validate) ? validate : [validate])],
    format: dayToInput,
    parse: inputToDay,
  });
  const { ref, ...fieldProps } = field;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      {...fieldProps}
      inputRef={ref}
      id={id}
      type="date"
      margin="dense"
      size="small"
      fullWidth={fullWidth}
      disabled={disabled}
      error={fieldState.invalid}
      label={label === false ? undefined : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      helperText={helperText === false && !error ? undefined : <InputHelperText error={error} helperText={helperText} />}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min, max, readOnly } }}
    />
  );
};

export default TokyoDateInput;
