import { useId } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';

export interface MultiChoiceInputProps extends InputProps {
  choices: readonly { value: string | number | boolean; label: string }[];
}

/**
 * Checkboxes for a field holding any number of values (a pharmacy's services), kept as an array
 * in the order of `choices`. react-admin's CheckboxGroupInput hands MUI 9's Checkbox an `inputRef`
 * it no longer takes, so this one is built on useInput directly.
 *
 * Its error reads as any other input's: red helper text under the group (MUI's FormHelperText,
 * coloured by the FormControl's error state), named by the group's aria-describedby, so a screen
 * reader hears it with the group; a failed save focuses the first checkbox, as it does a text input.
 */
export const MultiChoiceInput = ({ choices, label, helperText, ...props }: MultiChoiceInputProps) => {
  const { field, fieldState, isRequired } = useInput(props);
  const labelId = useId();
  const helperId = useId();
  const selected: unknown[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: string | number | boolean, checked: boolean) => {
    const next = new Set(checked ? [...selected, value] : selected.filter((item) => item !== value));
    field.onChange(choices.map((choice) => choice.value).filter((item) => next.has(item)));
    field.onBlur();
  };
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  const described = Boolean(error || helperText);
  return (
    <FormControl
      component="fieldset"
      error={fieldState.invalid}
      margin="dense"
      aria-labelledby={labelId}
      aria-describedby={described ? helperId : undefined}
    >
      <FormLabel component="legend" id={labelId}>
        <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
      </FormLabel>
      <FormGroup row>
        {choices.map((choice, index) => (
          <FormControlLabel
            key={String(choice.value)}
            label={choice.label}
            control={
              <Checkbox
                checked={selected.includes(choice.value)}
                onChange={(event) => toggle(choice.value, event.target.checked)}
                slotProps={{ input: index === 0 ? { ref: field.ref } : {} }}
              />
            }
          />
        ))}
      </FormGroup>
      {described && (
        <FormHelperText id={helperId}>
          <InputHelperText error={error} helperText={helperText} />
        </FormHelperText>
      )}
    </FormControl>
  );
};
