import BusinessIcon from '@mui/icons-material/Business';
import { defineResource } from '../defineResource';
import { auditFields, auditGroup } from '../auditFields';

/** Pharmacy companies (薬局会社): generated screens plus the shared pharmacy membership tab. */
export const companies = defineResource({
  name: 'v2/core/companies',
  label: '薬局会社',
  menu: { section: 'pharmacyMasters', order: 3, icon: BusinessIcon },
  recordLabel: '薬局会社',
  api: '/api/v2/core/admin/companies',
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PUT', send: 'form' },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '会社名', sortable: true },
    pharmaciesCount: { type: 'number', label: '薬局数', sortable: true },
    note: { type: 'longText', label: '備考', rows: 5 },
    ...auditFields,
  },
  list: {
    columns: ['id', 'name', 'pharmaciesCount', 'updatedAt'],
    actions: ['show', 'edit'],
    filters: [{ source: 'query', type: 'search', label: '会社名で検索', alwaysOn: true }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: '薬局会社が見つかりません',
  },
  show: {
    tabs: [
      {
        path: '',
        label: '詳細',
        groups: [{ label: '基本情報', fields: ['id', 'name', 'pharmaciesCount', 'note'] }, auditGroup],
      },
      {
        path: 'pharmacies',
        label: '薬局一覧',
        // A pharmacy belongs to at most one company: the search offers only those with none.
        membership: {
          add: 'addCompanyPharmacy',
          remove: 'removeCompanyPharmacy',
          candidateFilter: { withoutCompany: true },
          searchLabel: '会社に所属していない薬局を検索',
          ownerLabel: '会社',
        },
      },
    ],
  },
  palette: { codes: [{ field: 'id', shape: 'id', filter: 'ids' }] },
  form: { fields: ['id', 'name', 'note'] },
});
