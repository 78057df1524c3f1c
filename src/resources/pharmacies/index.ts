import LocalPharmacyIcon from '@mui/icons-material/LocalPharmacy';
import { defineResource } from '../defineResource';
import { auditGroup } from '../auditFields';
import { companies } from '../companies';
import { shapeFields, shapeSort } from '../shapeFields';
import { PHARMACY_SERVICE_CHOICES, PHARMACY_SHAPE } from '../../contract/masters/pharmacies';
import { PHARMACY_LABELS as L } from '../../contract/pharmacy';

/** The chip colour of each contracted service (its value and word are the shape's). */
const SERVICE_COLORS = { share: 'info', medorder: 'primary' } as const;

/** The field map from the pharmacy's shape: types, labels, sorts and the required marks its rules give. */
const PHARMACY = shapeFields(PHARMACY_SHAPE);

/**
 * Pharmacies (薬局): the list, the detail with its tabs (詳細, ライセンス, グループ, ユーザー,
 * 設定), and one create/edit form whose rules are the API's (src/contract/pharmacy.ts, over the
 * shape src/contract/masters/pharmacies.ts).
 */
export const pharmacies = defineResource({
  name: 'v2/core/pharmacies',
  label: PHARMACY_SHAPE.label,
  menu: { section: 'pharmacyMasters', order: 1, icon: LocalPharmacyIcon },
  recordLabel: '薬局',
  api: PHARMACY_SHAPE.api,
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  update: { method: 'PUT', send: 'form' },
  fields: {
    ...PHARMACY,
    // Shown as the company's name, linked, and picked by its name; the value stays the id (checked
    // to exist by the API). Not sortable: the API sorts it by the id (spec section 7), an order of
    // numbers the column does not show; a sort by the company's name would be an addition beyond
    // the spec and, at national scale, a company name kept on every pharmacy row with its index.
    // Sorted by the name it shows, where the services have that sort (issue 40).
    companyId: { type: 'number', label: '会社', parse: 'integer', reference: { resource: companies.name }, sortAs: { key: 'companyName', requires: 'companyNameSort' } },
    'pharmacyInvoice.invoiceNumber': { type: 'text', label: L.invoiceNumber, writeAs: 'pharmacyInvoiceAttributes.invoiceNumber' },
    latitude: { ...PHARMACY.latitude, type: 'decimal', decimals: 6 },
    longitude: { ...PHARMACY.longitude, type: 'decimal', decimals: 6 },
    navigation: { ...PHARMACY.navigation, rows: 2 },
    // Written as the API's list of names (its rules say at least one: the form's rules, src/contract/pharmacy.ts).
    services: { type: 'multiChoice', label: PHARMACY.services.label, required: true, requiredCheck: 'form', choices: PHARMACY_SERVICE_CHOICES.map((choice) => ({ ...choice, color: SERVICE_COLORS[choice.value] })) },
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
    note: { ...PHARMACY.note, rows: 3 },
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
    defaultSort: shapeSort(PHARMACY_SHAPE),
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
    codes: [
      { field: 'id', shape: 'id', filter: 'ids' },
      { field: 'micode', shape: 'micode' },
      { field: 'postalCode', shape: 'postalCode' },
      // A pharmacy that calls in is found by the number on the caller's line (the search holds both).
      { field: 'phone', shape: 'phone', requires: 'phoneSearch' },
      { field: 'fax', shape: 'phone', requires: 'phoneSearch' },
      // The numbers on an invoice and on a licence (the search looks both up by equality); the
      // list row carries neither, so the result names the number typed.
      { shape: 'invoiceNumber', requires: 'codeSearch' },
      { shape: 'licenseNumber', requires: 'codeSearch' },
    ],
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
