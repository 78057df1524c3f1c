import type { ResourceDeclaration } from '../types';

/** Pharmacy companies (薬局会社): generated screens plus the pharmacy membership tab. */
export const companies: ResourceDeclaration = {
  name: 'v2/core/companies',
  label: '薬局会社',
  recordLabel: '薬局会社',
  api: '/api/v2/core/admin/companies',
  recordRepresentation: 'name',
  capabilities: { create: true, edit: true },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    name: { type: 'text', label: '会社名', sortable: true },
    pharmaciesCount: { type: 'number', label: '薬局数', sortable: true },
    note: { type: 'longText', label: '備考', rows: 5 },
    createdAt: { type: 'datetime', label: '作成日時' },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
    createdBy: { type: 'text', label: '作成者' },
    updatedBy: { type: 'text', label: '更新者' },
  },
  list: {
    columns: ['id', 'name', 'pharmaciesCount', 'updatedAt'],
    actions: ['show', 'edit'],
    filters: [{ source: 'query', type: 'search', label: '会社名で検索', alwaysOn: true }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
  },
  show: {
    tabs: [
      {
        path: '',
        label: '詳細',
        fields: ['id', 'name', 'pharmaciesCount', 'note', 'createdAt', 'updatedAt', 'createdBy', 'updatedBy'],
      },
      { path: 'pharmacies', label: '薬局一覧', view: () => import('./CompanyPharmaciesTab') },
    ],
  },
  form: { fields: ['id', 'name', 'note'] },
};
