import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacy';
import { defineResource } from '../defineResource';
import { auditFields, auditGroup } from '../auditFields';
import { companies } from '../companies';
import { PHARMACY_LABELS as L } from '../../contract/pharmacy';

/**
 * Pharmacies (薬局): the list, the detail with its tabs (詳細, ライセンス, グループ, ユーザー,
 * 設定), and one create/edit form whose rules are the API's (src/contract/pharmacy.ts).
 */
export const pharmacies = defineResource({
  name: 'v2/core/pharmacies',
  label: '薬局',
  menu: { section: 'pharmacyMasters', order: 1, icon: LocalPharmacyIcon },
  recordLabel: '薬局',
  api: '/api/v2/core/admin/pharmacies',
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PUT', send: 'form' },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    // Shown as the company's name, linked; sorted and edited as the id.
    companyId: { type: 'number', label: '会社ID', sortable: true, parse: 'integer', reference: { resource: companies.name } },
    name: { type: 'text', label: L.name, sortable: true, required: true },
    micode: { type: 'text', label: L.micode, required: true },
    'pharmacyInvoice.invoiceNumber': { type: 'text', label: L.invoiceNumber, writeAs: 'pharmacyInvoiceAttributes.invoiceNumber' },
    postalCode: { type: 'text', label: L.postalCode, required: true },
    address1: { type: 'text', label: L.address1, sortable: true, required: true },
    address2: { type: 'text', label: L.address2, required: true },
    address3: { type: 'text', label: L.address3, required: true },
    address4: { type: 'text', label: L.address4 },
    latitude: { type: 'decimal', label: '緯度（自動）', decimals: 6, readOnly: true },
    longitude: { type: 'decimal', label: '経度（自動）', decimals: 6, readOnly: true },
    phone: { type: 'text', label: L.phone, required: true },
    fax: { type: 'text', label: L.fax },
    email: { type: 'email', label: L.email, required: true },
    webUrl: { type: 'url', label: L.webUrl },
    navigation: { type: 'longText', label: L.navigation, rows: 2 },
    services: {
      type: 'multiChoice',
      label: L.services,
      choices: [
        { value: 'share', label: '在庫シェア', color: 'info' },
        { value: 'medorder', label: '発注', color: 'primary' },
      ],
    },
    startedOn: { type: 'date', label: L.startedOn },
    endedOn: { type: 'date', label: L.endedOn },
    deletedOn: { type: 'date', label: L.deletedOn },
    subdivisionTransferorName: { type: 'text', label: L.subdivisionTransferorName },
    subdivisionTransfereeName: { type: 'text', label: L.subdivisionTransfereeName },
    v4InstId: { type: 'text', label: L.v4InstId },
    v1Id: { type: 'number', label: 'V1 ID', readOnly: true },
    'predictConfig.predictor': {
      type: 'choice',
      label: '予測ロジック',
      adminOnly: true,
      writeAs: 'predictConfigAttributes.predictor',
      parse: 'emptyToNull',
      choices: [
        { value: 'optimized_orders', label: 'v1 最適化ロジック', color: 'info' },
        { value: 'statistic', label: 'v2 統計ロジック', color: 'success' },
      ],
      unknownLabel: '未設定',
    },
    note: { type: 'longText', label: L.note, rows: 3 },
    ...auditFields,
  },
  list: {
    columns: ['id', 'companyId', 'name', 'address1', 'updatedAt'],
    filters: [
      { source: 'query', type: 'search', label: '薬局名で検索', alwaysOn: true },
      { source: 'addEnded', type: 'boolean', label: '終了した薬局も表示', alwaysOn: true },
    ],
    actions: [
      'show',
      'edit',
      { kind: 'external', label: '発注アプリ', href: '{orderingAppUrl}/pharmacies/{id}' },
      { kind: 'link', label: 'NSIPS', to: '/v2/core/nsipses/{id}' },
    ],
    badges: [{ column: 'name', label: '終了', color: 'default', when: { field: 'endedOn', onOrBeforeToday: true } }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: '薬局が見つかりません',
  },
  show: {
    tabs: [
      {
        path: '',
        label: '詳細',
        // Grouped as the form reads: who the pharmacy is, where and how to reach it, what it has
        // signed up for and since when, then who created and changed the record.
        groups: [
          { label: '基本情報', fields: ['id', 'name', 'micode', 'companyId', 'pharmacyInvoice.invoiceNumber', 'v4InstId', 'v1Id', 'note'] },
          {
            label: '住所・連絡先',
            fields: ['postalCode', 'address1', 'address2', 'address3', 'address4', 'navigation', 'latitude', 'longitude', 'phone', 'fax', 'email', 'webUrl'],
          },
          {
            label: '契約',
            fields: ['services', 'startedOn', 'endedOn', 'deletedOn', 'predictConfig.predictor', 'subdivisionTransferorName', 'subdivisionTransfereeName'],
          },
          auditGroup,
        ],
      },
      { path: 'licenses', label: 'ライセンス', view: () => import('./PharmacyLicensesTab') },
      {
        path: 'groups',
        label: 'グループ',
        // A pharmacy may be in several groups: the search offers those it is not in.
        membership: {
          add: 'joinPharmacyGroup',
          remove: 'leavePharmacyGroup',
          candidateFilter: { withoutPharmacyId: '{id}' },
          searchLabel: 'この薬局が所属していない近隣グループを検索',
          ownerLabel: '薬局',
          members: {
            resource: 'v2/core/groups',
            key: 'groups',
            columns: ['id', 'name', 'pharmaciesCount', 'updatedAt'],
            noun: '近隣グループ',
            placeholder: 'グループ名',
            ownerJoins: true,
          },
        },
      },
      { path: 'users', label: 'ユーザー', view: () => import('../pharmacyUsers/PharmacyUsersTab') },
      { path: 'configs', label: '設定', view: () => import('./PharmacyConfigsTab') },
    ],
  },
  // Ended pharmacies too: a micode or an id finds the record whatever its state.
  palette: {
    codes: [{ field: 'id', shape: 'id', filter: 'ids' }, { field: 'micode', shape: 'micode' }, { field: 'postalCode', shape: 'postalCode' }],
    filter: { addEnded: true },
    detail: ['micode', 'address1', 'address2', 'address3'],
  },
  form: {
    fields: [
      'id', 'name', 'micode', 'companyId', 'pharmacyInvoice.invoiceNumber', 'postalCode', 'address1', 'address2', 'address3', 'address4',
      'phone', 'fax', 'email', 'webUrl', 'navigation', 'services', 'startedOn', 'endedOn', 'deletedOn', 'subdivisionTransferorName',
      'subdivisionTransfereeName', 'v4InstId', 'predictConfig.predictor', 'note',
    ],
  },
  views: {
    create: () => import('./PharmacyCreate'),
    edit: () => import('./PharmacyEdit'),
  },
});
