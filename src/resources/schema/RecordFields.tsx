import { Labeled } from 'react-admin';
import Stack from '@mui/material/Stack';
import type { ResourceDeclaration } from '../types';
import { FieldValue } from './FieldValue';

/** The read-only fields of a detail tab, labelled in Japanese. */
export const RecordFields = ({ resource, fields }: { resource: ResourceDeclaration; fields: string[] }) => (
  <Stack spacing={1.5} sx={{ px: 2, pb: 2 }}>
    {fields.map((source) => (
      <Labeled key={source} label={resource.fields[source].label} source={source}>
        <FieldValue source={source} field={resource.fields[source]} />
      </Labeled>
    ))}
  </Stack>
);
