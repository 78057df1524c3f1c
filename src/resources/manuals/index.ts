import MenuBookIcon from '@mui/icons-material/MenuBook';
import { defineResource } from '../defineResource';
import { auditFields } from '../auditFields';

/**
 * Manuals (spec section 2 "Manuals"): a knowledge base with its own screens, all inside one
 * container (search box and category tree beside the view): the list by category
 * (`?categoryId=`), the search (`/search?query=`), the detail, and the markdown editor.
 */
export const manuals = defineResource({
  name: 'v2/core/manuals',
  label: 'マニュアル',
  menu: { section: 'operations', order: 2, icon: MenuBookIcon },
  recordLabel: 'マニュアル',
  api: '/api/v2/core/admin/manuals',
  recordRepresentation: 'title',
  capabilities: { create: true, edit: true, delete: true },
  update: { method: 'PATCH', send: 'changed' },
  fields: {
    id: { type: 'id', label: 'ID', sortable: true, readOnly: true },
    title: { type: 'text', label: 'タイトル', sortable: true },
    content: { type: 'longText', label: '本文', rows: 12 },
    manualCategoryId: { type: 'number', label: 'カテゴリ', parse: 'integer' },
    impressionsCount: { type: 'number', label: '閲覧数', sortable: true, readOnly: true },
    ...auditFields,
  },
  list: {
    columns: ['id', 'title', 'impressionsCount', 'updatedAt'],
    filters: [{ source: 'query', type: 'search', label: 'タイトルまたは本文で検索', alwaysOn: true }],
    defaultSort: { field: 'updatedAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: 'マニュアルが見つかりません',
  },
  show: {
    tabs: [{ path: '', label: '詳細', fields: ['id', 'title', 'impressionsCount', 'createdAt', 'updatedAt'] }],
  },
  form: { fields: ['title', 'content', 'manualCategoryId'] },
  palette: { codes: [{ field: 'id', shape: 'id', filter: 'ids' }], searchRoute: 'search?query={query}' },
  routes: [{ path: 'search', label: '検索結果', view: () => import('./ManualSearchPage') }],
  views: {
    list: () => import('./ManualListPage'),
    show: () => import('./ManualShowPage'),
    create: () => import('./ManualCreatePage'),
    edit: () => import('./ManualEditPage'),
  },
});
