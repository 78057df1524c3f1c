import HubIcon from '@mui/icons-material/Hub';
import { defineResource } from '../defineResource';
import { GROUP_SHAPE } from '../../contract/masters/groups';
import { auditGroup } from '../auditFields';
import { shapeFields, shapeSort } from '../shapeFields';
import { TEXTS } from '../../i18n/texts';

/** Neighbour groups (近隣グループ): the companies pattern, fields from the contract's shape plus the shared membership tab. */
export const groups = defineResource({
  name: 'v2/core/groups',
  label: GROUP_SHAPE.label,
  menu: { section: 'pharmacyMasters', order: 4, icon: HubIcon },
  recordLabel: GROUP_SHAPE.label,
  api: GROUP_SHAPE.api,
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PUT', send: 'form' },
  // The spec's group form has no client rules: the API's errors are listed.
  fields: shapeFields(GROUP_SHAPE, { checks: 'server' }),
  list: {
    columns: ['id', 'name', 'pharmaciesCount', 'updatedAt'],
    actions: ['show', 'edit'],
    filters: [{ source: 'query', type: 'search', label: 'グループ名で検索', alwaysOn: true }],
    defaultSort: shapeSort(GROUP_SHAPE),
    paging: { mode: 'pages' },
    empty: TEXTS.noGroups,
  },
  show: {
    tabs: [
      { path: '', label: '詳細', groups: [{ label: '基本情報', fields: ['id', 'name', 'pharmaciesCount'] }, auditGroup] },
      {
        path: 'pharmacies',
        label: '薬局一覧',
        // A pharmacy may be in several groups: the search offers those not in this one.
        membership: {
          add: 'addGroupPharmacy',
          remove: 'removeGroupPharmacy',
          candidateFilter: { withoutGroupId: '{id}' },
          searchLabel: 'このグループに所属していない薬局を検索',
          ownerLabel: 'グループ',
        },
      },
    ],
  },
  palette: { codes: [{ field: 'id', shape: 'id', filter: 'ids' }] },
  form: { fields: ['id', 'name'] },
});
