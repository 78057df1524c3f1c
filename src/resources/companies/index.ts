import BusinessIcon from '@mui/icons-material/Business';
import { defineResource } from '../defineResource';
import { COMPANY_SHAPE, companyDeleteRefusal } from '../../contract/masters/companies';
import { auditGroup } from '../auditFields';
import { shapeFields, shapeSort } from '../shapeFields';

// The spec's company form has no client rules: the API's errors are listed.
const fields = shapeFields(COMPANY_SHAPE, { checks: 'server' });

/** Pharmacy companies (薬局会社): fields from the contract's shape; generated screens plus the shared pharmacy membership tab. */
export const companies = defineResource({
  name: 'v2/core/companies',
  label: COMPANY_SHAPE.label,
  menu: { section: 'pharmacyMasters', order: 3, icon: BusinessIcon },
  recordLabel: COMPANY_SHAPE.label,
  api: COMPANY_SHAPE.api,
  recordRepresentation: 'name',
  // Delete is an addition (section 7 has none); one with pharmacies is refused, as the API does.
  capabilities: { create: true, edit: true, delete: { requires: 'companyDelete', refusal: (record) => companyDeleteRefusal(Number(record.pharmaciesCount ?? 0)) } },
  update: { method: 'PUT', send: 'form' },
  fields: { ...fields, note: { ...fields.note, rows: 5 } },
  list: {
    columns: ['id', 'name', 'pharmaciesCount', 'updatedAt'],
    actions: ['show', 'edit'],
    filters: [{ source: 'query', type: 'search', label: '会社名で検索', alwaysOn: true }],
    defaultSort: shapeSort(COMPANY_SHAPE),
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
          heldBy: 'companyId',
          searchLabel: '会社に所属していない薬局を検索',
          ownerLabel: '会社',
        },
      },
    ],
  },
  palette: { codes: [{ field: 'id', shape: 'id', filter: 'ids' }] },
  form: { fields: ['id', 'name', 'note'] },
});
