import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { AutocompleteInput, LinkBase, ReferenceInput, SelectInput, TextInput, useListContext, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { formatDateTime } from '../../contract/dates';
import { ALL_VERSIONED_RESOURCES, VERSION_EVENTS, isVersionedResource } from '../../contract/versions';
import { CORE_VERSIONS, versionsResourceOf } from './versionLists';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../schema/shared/serverErrors';
import type { Version } from './versionState';
import { specPath } from '../../lib/specPaths';
import { manualPaths } from '../manuals/useManualCategories';
import SchemaList from '../schema/list/SchemaList';
import { TokyoDateInput } from '../../app/inputs/TokyoDateInput';

const MASTER_CHOICES = Object.entries(ALL_VERSIONED_RESOURCES).map(([id, name]) => ({ id, name }));

/**
 * マスター, which also picks the service whose versions are listed: each service keeps its own
 * (the ordering service its fixtures'), so a master of the other one opens that service's list
 * with the same filter, and no master at all is core's (its masters are nearly all).
 */
const MasterInput = (props: { source: string; label: string; alwaysOn: boolean }) => {
  const { resource, filterValues } = useListContext();
  const navigate = useNavigate();
  const itemType = typeof filterValues.itemType === 'string' && filterValues.itemType !== '' ? filterValues.itemType : undefined;
  const wanted = itemType === undefined ? CORE_VERSIONS : versionsResourceOf(itemType);
  useEffect(() => {
    if (wanted !== resource) navigate(`${specPath.list(wanted)}?${new URLSearchParams({ filter: JSON.stringify(filterValues) }).toString()}`, { replace: true });
  }, [wanted, resource, filterValues, navigate]);
  return <SelectInput {...props} choices={MASTER_CHOICES} />;
};

/** 最近の変更's filters beyond the declaration's kinds: who, which master, which record, which days (Japan). */
const FILTERS = [
  <ReferenceInput key="whodunnit" source="whodunnit" reference="v2/core/users" alwaysOn>
    <AutocompleteInput label="変更者" optionText="name" filterToQuery={(text: string) => (text.trim() === '' ? {} : { query: text.trim() })} />
  </ReferenceInput>,
  <MasterInput key="itemType" source="itemType" label="マスター" alwaysOn />,
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
  const master = isVersionedResource(record.itemType) ? ALL_VERSIONED_RESOURCES[record.itemType] : record.itemType;
  const restore = async () => {
    setRunning(true);
    try {
      await dataProvider.reifyVersion(record.id, record.itemType);
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

/** Where a versioned record with no detail page of its own is shown: a manual category, as its folder of the manuals. */
const PAGES_OF_RECORDS_WITHOUT_SCREEN: Readonly<Record<string, (id: number) => string>> = { 'v2/core/manual_categories': (id) => manualPaths.list(id) };

/** The changed record's id, linked to its detail (a deleted one's page says it is gone). */
export const ChangedRecordLink = () => {
  const record = useRecordContext<{ id: number; itemType?: string; itemId?: number }>();
  if (!record?.itemType || record.itemId === undefined) return null;
  const page = PAGES_OF_RECORDS_WITHOUT_SCREEN[record.itemType]?.(record.itemId) ?? specPath.show(record.itemType, record.itemId);
  return (
    <Link component={LinkBase} to={page}>
      #{record.itemId}
    </Link>
  );
};

/** 最近の変更: the generated list of every master's versions, newest first, with its filters and export. */
const RecentChangesList = () => <SchemaList filters={FILTERS} cells={{ itemId: <ChangedRecordLink />, restore: <RestoreCell /> }} />;

export default RecentChangesList;
