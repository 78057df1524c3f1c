import Link from '@mui/material/Link';
import { AutocompleteInput, LinkBase, ReferenceInput, SelectInput, TextInput, useRecordContext } from 'react-admin';
import { VERSIONED_RESOURCES } from '../../contract/versions';
import { specPath } from '../../lib/specPaths';
import SchemaList from '../schema/SchemaList';
import { TokyoDateInput } from '../../app/inputs/TokyoDateInput';
import { useFindDeclaration } from '../schema/DeclarationsContext';

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
];

/** The changed fields by the Japanese labels of the record's own master. */
export const ChangedFields = () => {
  const record = useRecordContext<{ id: number; itemType?: string; objectChanges?: Record<string, unknown> }>();
  const fields = useFindDeclaration()(record?.itemType ?? '')?.fields ?? {};
  return <span>{Object.keys(record?.objectChanges ?? {}).map((key) => fields[key]?.label ?? key).join('、')}</span>;
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
const RecentChangesList = () => <SchemaList filters={FILTERS} cells={{ changedFields: <ChangedFields />, itemId: <ChangedRecordLink /> }} />;

export default RecentChangesList;
