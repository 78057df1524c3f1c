import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';
import { instantError, instantToInput, inputToInstant } from './dayInputRules';

export interface TokyoDateTimeInputProps extends Omit<InputProps, 'format' | 'parse'> {
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
}

/**
 * The form input for an instant (`*At`) edited in Japan time: a native
 * `<input type="datetime-local">` showing the instant's Tokyo wall time (`yyyy-MM-ddTHH:mm`),
 * whatever the browser's zone; the record gets the ISO instant back. react-admin's DateTimeInput
 * is banned by lint: it shows the browser's local time.
 */
export const TokyoDateTimeInput = ({ label, helperText, fullWidth, disabled, readOnly, validate, ...props }: TokyoDateTimeInputProps) => {
  const instantRule: Validator = (value) => instantError(value);
  const { field, fieldState, isRequired, id } = useInput({
    ...props,
    validate: [instantRule, ...(validate === undefined ? [] : Array.isArray(validate) ? validate : [validate])],
    format: instantToInput,
    parse: inputToInstant,
  });
  const { ref, ...fieldProps } = field;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      {...fieldProps}
      inputRef={ref}
      id={id}
      type="datetime-local"
      margin="dense"
      size="small"
      fullWidth={fullWidth}
      disabled={disabled}
      error={fieldState.invalid}
      label={label === false ? undefined : <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />}
      helperText={helperText === false && !error ? undefined : <InputHelperText error={error} helperText={helperText} />}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly } }}
    />
  );
};

export default TokyoDateTimeInput;
