import { Labeled, useRecordContext } from 'react-admin';
import Stack from '@mui/material/Stack';
import type { AnyResourceDeclaration } from '../types';
import { FieldValue, NOT_SET } from './FieldValue';
import { fieldValue } from './fieldDisplay';
import { useIsAdmin } from './useIsAdmin';

/**
 * The read-only fields of a detail tab, labelled in Japanese. An empty field reads 未設定, or is
 * left out where the tab shows only non-empty fields; admin-only fields show to admins only.
 */
export const RecordFields = ({
  resource,
  fields,
  nonEmptyOnly = false,
}: {
  resource: AnyResourceDeclaration;
  fields: readonly string[];
  nonEmptyOnly?: boolean;
}) => {
  const record = useRecordContext();
  const isAdmin = useIsAdmin();
  const shown = fields.filter((source) => {
    if (resource.fields[source].adminOnly && !isAdmin) return false;
    if (!nonEmptyOnly) return true;
    const value = fieldValue(resource.fields[source], source, record);
    return value !== null && value !== undefined && value !== '';
  });
  return (
    <Stack spacing={1.5} sx={{ px: 2, pb: 2 }}>
      {shown.map((source) => (
        <Labeled key={source} source={source}>
          <FieldValue source={source} field={resource.fields[source]} emptyText={NOT_SET} />
        </Labeled>
      ))}
    </Stack>
  );
};
