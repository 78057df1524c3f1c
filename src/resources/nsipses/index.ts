import DescriptionIcon from '@mui/icons-material/Description';
import { defineResource } from '../defineResource';

/**
 * NSIPS prescription files (spec section 2 "NSIPS"): a pharmacy's files in object storage,
 * listed by continuation token. `/v2/core/nsipses` chooses the pharmacy, `/v2/core/nsipses/{id}`
 * lists its files (the pharmacy is the route's record), `/v2/core/nsipses/{id}/{filename}` shows
 * one decoded as CP932.
 */
export const nsipses = defineResource({
  name: 'v2/core/nsipses',
  label: 'NSIPS',
  menu: { section: 'operations', order: 1, icon: DescriptionIcon },
  recordLabel: 'NSIPSファイル',
  api: '/api/v2/core/admin/pharmacies/{pharmacyId}/s3_nsipses',
  recordKey: 'key',
  // `/v2/core/nsipses/{id}` is a pharmacy's page: its breadcrumb names the pharmacy.
  routeRecordOf: 'v2/core/pharmacies',
  fields: {
    key: { type: 'text', label: 'キー', sortable: true },
    filename: { type: 'text', label: 'ファイル名' },
    size: { type: 'number', label: 'サイズ' },
    lastModified: { type: 'datetime', label: '最終更新日時' },
  },
  list: {
    columns: ['key', 'size', 'lastModified'],
    filters: [{ source: 'query', type: 'search', label: 'ファイル名（前方一致）', alwaysOn: true }],
    // ListObjectsV2's own order: keys in UTF-8 byte order, the only one the store offers.
    defaultSort: { field: 'key', order: 'ASC' },
    paging: { mode: 'token', tokenParam: 'nextContinuationToken', nextTokenKey: 'nextContinuationToken' },
    listKey: 'nsipses',
    empty: 'NSIPSファイルが見つかりません',
  },
  routes: [{ path: ':id/:filename', label: 'NSIPSファイル', view: () => import('./NsipsFilePage') }],
  views: {
    list: () => import('./NsipsListPage'),
    show: () => import('./NsipsPharmacyPage'),
  },
});
