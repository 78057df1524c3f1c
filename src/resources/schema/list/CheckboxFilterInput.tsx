import { useInput } from 'react-admin';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/**
 * A list filter as a checkbox (無効になったものも含む): checked sends `true`, unchecked `false`
 * (the API's default).
 */
export const CheckboxFilterInput = ({ source, label }: { source: string; label: string; alwaysOn?: boolean }) => {
  const { field } = useInput({ source });
  return (
    <FormControlLabel
      sx={{ mb: 0.5 }}
      label={label}
      control={<Checkbox checked={field.value === true || field.value === 'true'} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />}
    />
  );
};
