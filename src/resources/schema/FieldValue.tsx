import { BooleanField, EmailField, NumberField, TextField, UrlField, useRecordContext } from 'react-admin';
import Typography from '@mui/material/Typography';
import type { FieldDeclaration } from '../types';
import { formatDate, formatDateTime } from '../../lib/dates';

const DateValue = ({ source, withTime }: { source: string; withTime: boolean }) => {
  const record = useRecordContext();
  const value = record?.[source];
  if (value == null || value === '') return null;
  return (
    <Typography component="span" variant="body2">
      {withTime ? formatDateTime(value) : formatDate(value)}
    </Typography>
  );
};

/** Renders one declared field of the current record, by its type. */
export const FieldValue = ({ source, field }: { source: string; field: FieldDeclaration }) => {
  switch (field.type) {
    case 'number':
      return <NumberField source={source} locales="ja-JP" />;
    case 'date':
      return <DateValue source={source} withTime={false} />;
    case 'datetime':
      return <DateValue source={source} withTime />;
    case 'boolean':
      return <BooleanField source={source} valueLabelTrue="はい" valueLabelFalse="いいえ" />;
    case 'email':
      return <EmailField source={source} />;
    case 'url':
      return <UrlField source={source} target="_blank" rel="noopener noreferrer" />;
    case 'longText':
      return <TextField source={source} sx={{ whiteSpace: 'pre-wrap' }} />;
    default:
      return <TextField source={source} />;
  }
};
