import { DataTable, ListBase, Loading, Title, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useState } from 'react';
import Card from '@mui/material/Card';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { useResourceDeclaration } from '../schema/useResourceDeclaration';
import { FieldValue } from '../schema/FieldValue';
import { PageLinks } from '../schema/PageLinks';
import { serverMessages } from '../schema/serverErrors';

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

/** The spec shows an empty name as null. */
const NameOrNull = () => {
  const record = useRecordContext();
  const name = record?.name;
  return <Typography variant="body2">{typeof name === 'string' && name !== '' ? name : 'null'}</Typography>;
};

/** Unknown deliveries (spec section 2): id, matching item, code type, item code, name, time judged not found, ignore toggle; page links. */
const UnknownDeliveryList = () => {
  const resource = useResourceDeclaration();
  const { fields } = resource;
  return (
    <ListBase sort={resource.list.defaultSort} perPage={SERVER_PAGE_SIZE} storeKey={false} authLoading={<Loading />}>
      <Title title={`${resource.label}一覧`} />
      <Card sx={{ mt: 2 }}>
        <DataTable rowClick={false} bulkActionButtons={false} aria-label={`${resource.label}一覧`} empty={<Typography sx={{ p: 2 }}>{resource.list.empty}</Typography>}>
          {(['id', 'matchingItemName', 'itemCodeType', 'itemCode'] as const).map((source) => (
            <DataTable.Col key={source} source={source} label={fields[source].label} disableSort={!fields[source].sortable}>
              <FieldValue source={source} field={fields[source]} truncate />
            </DataTable.Col>
          ))}
          <DataTable.Col source="name" label={fields.name.label} disableSort>
            <NameOrNull />
          </DataTable.Col>
          <DataTable.Col source="notFoundAt" label={fields.notFoundAt.label}>
            <FieldValue source="notFoundAt" field={fields.notFoundAt} />
          </DataTable.Col>
          <DataTable.Col source="ignored" label={fields.ignored.label} disableSort>
            <IgnoreToggle />
          </DataTable.Col>
        </DataTable>
      </Card>
      <PageLinks />
    </ListBase>
  );
};

export default UnknownDeliveryList;
