import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';

export interface MultiChoiceInputProps extends InputProps {
  choices: readonly { value: string | number | boolean; label: string }[];
}

/**
 * Checkboxes for a field holding any number of values (a pharmacy's services), kept as an array
 * in the order of `choices`. react-admin's CheckboxGroupInput hands MUI 9's Checkbox an `inputRef`
 * it no longer takes, so this one is built on useInput directly.
 */
export const MultiChoiceInput = ({ choices, label, helperText, ...props }: MultiChoiceInputProps) => {
  const { field, fieldState, isRequired } = useInput(props);
  const labelId = useId();
  const selected: unknown[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string | number | boolean, checked: boolean) => {
    const next = new Set(checked ? [...selected, value] : selected.filter((item) => item !== value));
    field.onChange(choices.map((choice) => choice.value).filter((item) => next.has(item)));
    field.onBlur();
  };
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  return (
    <FormControl component="fieldset" error={fieldState.invalid} margin="dense" aria-labelledby={labelId}>
      <FormLabel component="legend" id={labelId}>
        <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
      </FormLabel>
      <FormGroup row>
        {choices.map((choice) => (
          <FormControlLabel
            key={String(choice.value)}
            label={choice.label}
            control={<Checkbox checked={selected.includes(choice.value)} onChange={(event) => toggle(choice.value, event.target.checked)} />}
          />
        ))}
      </FormGroup>
      {(error || helperText) && <InputHelperText error={error} helperText={helperText} />}
    </FormControl>
  );
};
