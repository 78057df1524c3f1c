import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { DEALER_SHAPE } from '../../contract/masters/dealers';
import { defineResource } from '../defineResource';
import { shapeFields } from '../shapeFields';

/** Wholesalers (卸): a read-only master; its fields come from the contract's shape, the screens from here. */
export const dealers = defineResource({
  name: 'v2/core/dealers',
  label: DEALER_SHAPE.label,
  menu: { section: 'otherMasters', order: 1, icon: LocalShippingIcon },
  recordLabel: DEALER_SHAPE.label,
  api: DEALER_SHAPE.api,
  recordRepresentation: 'name',
  capabilities: {},
  fields: shapeFields(DEALER_SHAPE),
  list: {
    columns: ['id', 'code', 'name', 'prefectureId', 'prefectureName'],
    actions: ['show'],
    filters: [{ source: 'query', type: 'search', label: '卸名で検索', alwaysOn: true }],
    defaultSort: { field: 'id', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '卸が見つかりません',
  },
  // The dealers' search looks a 4-6 digit code up by equality first.
  palette: { codes: [{ field: 'code', shape: 'dealerCode' }], detail: ['code', 'prefectureName'] },
  show: {
    tabs: [{ path: '', label: '詳細', fields: ['id', 'code', 'name', 'prefectureId', 'prefectureName'] }],
  },
});
