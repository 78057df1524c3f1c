import { defineResource } from '../defineResource';

/**
 * Pharmacies (薬局). For now the list the membership tabs search through; the detail tabs and
 * the create/edit form come with the pharmacy issue.
 */
export const pharmacies = defineResource({
  name: 'v2/core/pharmacies',
  label: '薬局',
  recordLabel: '薬局',
  api: '/api/v2/core/admin/pharmacies',
  recordRepresentation: 'name',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    companyId: { type: 'number', label: '会社ID', sortable: true },
    name: { type: 'text', label: '薬局名', sortable: true },
    micode: { type: 'text', label: '薬局コード' },
    address1: { type: 'text', label: '都道府県', sortable: true },
    endedOn: { type: 'date', label: '終了日' },
    createdAt: { type: 'datetime', label: '作成日時', sortable: true },
    updatedAt: { type: 'datetime', label: '更新日時', sortable: true },
  },
  list: {
    columns: ['id', 'companyId', 'name', 'address1', 'updatedAt'],
    filters: [
      { source: 'query', type: 'search', label: '薬局名で検索', alwaysOn: true },
      { source: 'addEnded', type: 'boolean', label: '終了した薬局も表示', alwaysOn: true },
    ],
    actions: [{ kind: 'external', label: '発注アプリ', href: '{orderingAppUrl}/pharmacies/{id}' }],
    badges: [{ column: 'name', label: '終了', color: 'default', when: { field: 'endedOn', onOrBeforeToday: true } }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: '薬局が見つかりません',
  },
});
