import { useState } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AutocompleteInput, LinkBase, ReferenceInput, SelectInput, TextInput, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatDateTime } from '../../contract/dates';
import { VERSIONED_RESOURCES, VERSION_EVENTS, isVersionedResource } from '../../contract/versions';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../schema/shared/serverErrors';
import type { Version } from './versionState';
import { specPath } from '../../lib/specPaths';
import SchemaList from '../schema/list/SchemaList';
import { TokyoDateInput } from '../../app/inputs/TokyoDateInput';

const MASTER_CHOICES = Object.entries(VERSIONED_RESOURCES).map(([id, name]) => ({ id, name }));

/** 最近の変更's filters beyond the declaration's kinds: who, which master, which record, which days (Japan). */
const FILTERS = [
  <ReferenceInput key="whodunnit" source="whodunnit" reference="v2/core/users" alwaysOn>
    <AutocompleteInput label="変更者" optionText="name" filterToQuery={(text: string) => (text.trim() === '' ? {} : { query: text.trim() })} />
  </ReferenceInput>,
  <SelectInput key="itemType" source="itemType" label="マスター" choices={MASTER_CHOICES} alwaysOn />,
  <TextInput key="itemId" source="itemId" label="レコードID" alwaysOn />,
  <TokyoDateInput key="createdAtFrom" source="createdAtFrom" label="開始日" alwaysOn />,
  <TokyoDateInput key="createdAtTo" source="createdAtTo" label="終了日" alwaysOn />,
  <SelectInput key="event" source="event" label="操作" choices={VERSION_EVENTS.map(({ value, label }) => ({ id: value, name: label }))} alwaysOn />,
];

/**
 * 復元 on a delete's row (削除済み: 操作 削除 with 最新の版のみ lists the records still deleted, per
 * master): asks first, then brings the record back with its id; a refusal says why.
 */
export const RestoreCell = () => {
  const record = useRecordContext<Version & { id: number }>();
  const dataProvider = usePortalDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [running, setRunning] = useState(false);
  if (!record || record.event !== 'destroy') return null;
  const master = isVersionedResource(record.itemType) ? VERSIONED_RESOURCES[record.itemType] : record.itemType;
  const restore = async () => {
    setRunning(true);
    try {
      await dataProvider.reifyVersion(record.id);
      notify(`${master} #${record.itemId} を復元しました。`, { type: 'success' });
      refresh();
    } catch (error) {
      notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true });
    } finally {
      setRunning(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button size="small" variant="outlined" disabled={running} onClick={() => setAsking(true)} aria-label={`${master} #${record.itemId} を復元`}>
        復元
      </Button>
      <SafeConfirm
        isOpen={asking}
        title={`${master} #${record.itemId} を復元しますか？`}
        content={`削除される前の値で、同じIDのレコードとして戻します（${formatDateTime(record.createdAt)}に削除）。`}
        confirm="復元"
        loading={running}
        onConfirm={() => void restore()}
        onClose={() => setAsking(false)}
      />
    </>
  );
};

/** The changed record's id, linked to its detail (a deleted one's page says it is gone). */
export const ChangedRecordLink = () => {
  const record = useRecordContext<{ id: number; itemType?: string; itemId?: number }>();
  if (!record?.itemType || record.itemId === undefined) return null;
  return (
    <Link component={LinkBase} to={specPath.show(record.itemType, record.itemId)}>
      #{record.itemId}
    </Link>
  );
};

/** 最近の変更: the generated list of every master's versions, newest first, with its filters and export. */
const RecentChangesList = () => <SchemaList filters={FILTERS} cells={{ itemId: <ChangedRecordLink />, restore: <RestoreCell /> }} />;

export default RecentChangesList;
