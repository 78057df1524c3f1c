import { useInput } from 'react-admin';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';

/*
 * Yes/no list filters (issue 37's trap: an unchecked box sent `false`, so 公開中のみ unchecked
 * showed only the unpublished rows). A filter that is off sends nothing: react-admin drops an
 * empty value from the list's filter, so the API applies its own default.
 */

/** Nothing, for react-admin's filter: the filter is left out of the request. */
const NOT_SENT = '';

/**
 * A list filter as a checkbox (無効になったものも含む): checked sends `true`; unchecked sends
 * nothing (the API's default), never `false`.
 */
export const CheckboxFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      sx={{ mb: 0.5 }}
      label={label}
      control={<Checkbox checked={field.value === true || field.value === 'true'} onChange={(event) => field.onChange(event.target.checked ? true : NOT_SENT)} onBlur={field.onBlur} />}
    />
  );
};

/** The three states of a yes/no filter, as the select offers them. */
const YES_NO_CHOICES = [
  { value: NOT_SENT, label: 'すべて' },
  { value: 'true', label: 'はい' },
  { value: 'false', label: 'いいえ' },
] as const;

/**
 * A yes/no field's list filter (公開): すべて sends nothing, はい `true`, いいえ `false`. A native
 * select, so every state is one keyboard choice and screen readers name it by its label.
 */
export const YesNoFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { field, id } = useInput({ source });
  const value = field.value === true || field.value === 'true' ? 'true' : field.value === false || field.value === 'false' ? 'false' : NOT_SENT;
  return (
    <TextField
      select
      id={id}
      size="small"
      label={label}
      value={value}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 120, mb: 0.5 }}
    >
      {YES_NO_CHOICES.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
};
