import MenuBookIcon from '@mui/icons-material/MenuBook';
import { defineResource } from '../defineResource';
import { MANUAL_SHAPE } from '../../contract/masters/manuals';
import { shapeFields, shapeSort } from '../shapeFields';

// The manual's form is its own (ManualForm: a save needs a title and content), so the field map
// marks nothing required.
const fields = shapeFields(MANUAL_SHAPE, { checks: 'server' });

/**
 * Manuals (spec section 2 "Manuals"): a knowledge base with its own screens, all inside one
 * container (search box and category tree beside the view): the list by category
 * (`?categoryId=`), the search (`/search?query=`), the detail, and the markdown editor.
 */
export const manuals = defineResource({
  name: 'v2/core/manuals',
  label: MANUAL_SHAPE.label,
  menu: { section: 'operations', order: 2, icon: MenuBookIcon },
  recordLabel: MANUAL_SHAPE.label,
  api: MANUAL_SHAPE.api,
  recordRepresentation: 'title',
  capabilities: { create: true, edit: true, delete: true },
  update: { method: 'PATCH', send: 'changed' },
  fields: {
    ...fields,
    content: { ...fields.content, rows: 12 },
    // Written, though the shape has no rule for it: the category is an id the API checks against
    // its tree (the feature's code), so the SPA sends it as the form holds it.
    manualCategoryId: { type: 'number', label: fields.manualCategoryId.label, parse: 'integer' },
  },
  list: {
    columns: ['id', 'title', 'impressionsCount', 'updatedAt'],
    filters: [{ source: 'query', type: 'search', label: 'タイトルまたは本文で検索', alwaysOn: true }],
    defaultSort: shapeSort(MANUAL_SHAPE),
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
