import { useId } from 'react';
import { Labeled, useRecordContext } from 'react-admin';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AnyResourceDeclaration, FieldGroupDeclaration } from '../../types';
import { FieldValue, NOT_SET } from '../shared/FieldValue';
import { fieldValue } from '../shared/fieldDisplay';
import { useIsAdmin } from '../shared/useIsAdmin';
import { FieldGrid, cellPlacements, isWideField, type GridColumns } from '../shared/FieldGrid';

/** The fields a reader sees: admin-only ones to admins only, and only those with a value where the tab says so. */
const useShownFields = (resource: AnyResourceDeclaration, fields: readonly string[], nonEmptyOnly: boolean) => {
  const record = useRecordContext();
  const isAdmin = useIsAdmin();
  return fields.filter((source) => {
    if (resource.fields[source].adminOnly && !isAdmin) return false;
    if (!nonEmptyOnly) return true;
    const value = fieldValue(resource.fields[source], source, record);
    return value !== null && value !== undefined && value !== '';
  });
};

const FieldCells = ({ resource, shown, rowLength }: { resource: AnyResourceDeclaration; shown: readonly string[]; rowLength?: GridColumns }) => {
  const placements = cellPlacements(shown.map((source) => isWideField(resource.fields[source])), rowLength);
  return (
    <FieldGrid>
      {shown.map((source, index) => {
        const field = resource.fields[source];
        const value = <FieldValue source={source} field={field} emptyText={NOT_SET} />;
        return (
          <Labeled key={source} source={source} sx={{ minWidth: 0, ...placements[index] }}>
            {field.type === 'multiChoice' ? (
              // Chips side by side, wrapping when they run out of room, not one per line.
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                {value}
              </Stack>
            ) : (
              value
            )}
          </Labeled>
        );
      })}
    </FieldGrid>
  );
};

/**
 * The read-only fields of a detail tab, labelled in Japanese, in a grid: one column below md,
 * two from md, three from lg; long values take a whole row. An empty field reads 未設定, or is
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
  const shown = useShownFields(resource, fields, nonEmptyOnly);
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <FieldCells resource={resource} shown={shown} />
    </Box>
  );
};

/** One group: a region named by its h2 (under the page's h1), or nothing when none of its fields shows. */
const RecordFieldGroup = ({ resource, group, nonEmptyOnly }: { resource: AnyResourceDeclaration; group: FieldGroupDeclaration; nonEmptyOnly: boolean }) => {
  const headingId = useId();
  const shown = useShownFields(resource, group.fields, nonEmptyOnly);
  if (shown.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ px: 2, pb: 1.5 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ pb: 0.5, mb: 1, fontSize: '1rem', borderBottom: 1, borderColor: 'divider' }}>
        {group.label}
      </Typography>
      <FieldCells resource={resource} shown={shown} rowLength={group.columns} />
    </Box>
  );
};

/** A detail tab's fields: those without a group first, then each group under its heading, in declaration order. */
export const GroupedRecordFields = ({
  resource,
  fields,
  groups = [],
  nonEmptyOnly = false,
}: {
  resource: AnyResourceDeclaration;
  fields?: readonly string[];
  groups?: readonly FieldGroupDeclaration[];
  nonEmptyOnly?: boolean;
}) => (
  <>
    {fields && fields.length > 0 && <RecordFields resource={resource} fields={fields} nonEmptyOnly={nonEmptyOnly} />}
    {groups.map((group) => (
      <RecordFieldGroup key={group.label} resource={resource} group={group} nonEmptyOnly={nonEmptyOnly} />
    ))}
  </>
);
