import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { defineResource } from '../defineResource';

/** Wholesalers (卸): a read-only master declared by schema alone. */
export const dealers = defineResource({
  name: 'v2/core/dealers',
  label: '卸',
  menu: { section: 'otherMasters', order: 1, icon: LocalShippingIcon },
  recordLabel: '卸',
  api: '/api/v2/core/master/dealers',
  recordRepresentation: 'name',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    code: { type: 'text', label: '卸コード', sortable: true },
    name: { type: 'text', label: '卸名', sortable: true },
    prefectureId: { type: 'number', label: '都道府県ID', sortable: true },
    prefectureName: { type: 'text', label: '都道府県名' },
  },
  list: {
    columns: ['id', 'code', 'name', 'prefectureId', 'prefectureName'],
    actions: ['show'],
    filters: [{ source: 'query', type: 'search', label: '卸名で検索', alwaysOn: true }],
    defaultSort: { field: 'id', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '卸が見つかりません',
  },
  show: {
    tabs: [{ path: '', label: '詳細', fields: ['id', 'code', 'name', 'prefectureId', 'prefectureName'] }],
  },
});
