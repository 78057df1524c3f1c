import { useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useState } from 'react';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import { CELL_TEXT_CLASS } from '../../layout/theme';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../schema/shared/serverErrors';
import SchemaList from '../schema/list/SchemaList';
import { FieldValue } from '../schema/shared/FieldValue';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';

/** The ignore switch of one record: flips `ignored` on the server, then the list shows the server's state. */
const IgnoreToggle = () => {
  const record = useRecordContext();
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [saving, setSaving] = useState(false);
  if (!record) return null;
  const toggle = async () => {
    setSaving(true);
    try {
      await dataProvider.setUnknownDeliveryIgnored(Number(record.id), !record.ignored);
      notify(record.ignored ? '無視を解除しました。' : '無視にしました。', { type: 'success' });
      refresh();
    } catch (error) {
      notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      checked={record.ignored === true}
      onChange={toggle}
      disabled={saving}
      slotProps={{ input: { 'aria-label': `ID ${String(record.id)} を無視する` } }}
    />
  );
};

/**
 * Unknown deliveries (spec section 2): the generated list (header count, errors, 10 page links,
 * dates on one line) with 未設定 for an empty name and the ignore switch.
 */
/** Two item names share the row with codes and a date: each gets 14em, so at 1440 px every column fits the window (issue 40). */
const NARROW = { [`& .${CELL_TEXT_CLASS}`]: { maxWidth: '14em' } };

const UnknownDeliveryList = () => {
  const unknownDeliveries = useResourceDeclaration();
  return (
    <SchemaList
      cells={{
        matchingItemName: (
          <Box component="span" sx={NARROW}>
            <FieldValue source="matchingItemName" field={unknownDeliveries.fields.matchingItemName} truncate />
          </Box>
        ),
        // The spec's screen printed "null" for an empty name; a word agents read instead (issue 40).
        name: (
          <Box component="span" sx={NARROW}>
            <FieldValue source="name" field={unknownDeliveries.fields.name} truncate emptyText="未設定" />
          </Box>
        ),
        ignored: <IgnoreToggle />,
      }}
    />
  );
};

export default UnknownDeliveryList;
