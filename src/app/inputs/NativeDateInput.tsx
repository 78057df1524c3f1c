import TextField from '@mui/material/TextField';
import { FieldTitle, InputHelperText, useInput, type InputProps, type Validator } from 'react-admin';

export interface NativeDateInputProps extends Omit<InputProps, 'format' | 'parse'> {
  fullWidth?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
}

interface NativeDateInputSetup {
  type: 'date' | 'datetime-local';
  /** Record value → the native input's string. */
  format: (value: unknown) => string;
  /** The native input's string → record value. */
  parse: (value: string) => unknown;
  /** The type's own rule (range, well-formedness), run before the caller's validators. */
  rule: Validator;
  min?: string;
  max?: string;
}

/**
 * What the Tokyo day and instant inputs share: a native date/datetime-local field bound to
 * react-admin's form with a conversion of its own, so no browser-zone Date is ever involved.
 */
export const NativeDateInput = ({
  type,
  format,
  parse,
  rule,
  min,
  max,
  label,
  helperText,
  fullWidth,
  disabled,
  readOnly,
  validate,
  ...props
}: NativeDateInputProps & NativeDateInputSetup) => {
  const { field, fieldState, isRequired, id } = useInput({
    ...props,
    validate: [rule, ...(validate === undefined ? [] : Array.isArray(validate) ? validate : [validate])],
    format,
    parse,
  });
  const { ref, ...fieldProps } = field;
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <TextField
      {...fieldProps}
      inputRef={ref}
      id={id}
      type={type}
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
