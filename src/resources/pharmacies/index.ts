import type { ResourceDeclaration } from '../types';

/**
 * Pharmacies (薬局). For now the list the company screens search through; the detail tabs and
 * the create/edit form come with the pharmacy issue.
 */
export const pharmacies: ResourceDeclaration = {
  name: 'v2/core/pharmacies',
  label: '薬局',
  recordLabel: '薬局',
  api: '/api/v2/core/admin/pharmacies',
  recordRepresentation: 'name',
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    companyId: { type: 'number', label: '会社ID', sortable: true },
    name: { type: 'text', label: '薬局名', sortable: true },
    micode: { type: 'text', label: '薬局コード' },
    address1: { type: 'text', label: '都道府県', sortable: true },
    createdAt: { type: 'datetime', label: '作成日時', sortable: true },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
  },
  list: {
    columns: ['id', 'companyId', 'name', 'address1', 'updatedAt'],
    filters: [
      { source: 'query', type: 'search', label: '薬局名で検索', alwaysOn: true },
      { source: 'addEnded', type: 'boolean', label: '終了した薬局も表示', alwaysOn: true },
    ],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
  },
};
