import { defineResource } from '../defineResource';

/**
 * Wholesalers' delivery lines (SDCVAN D records) whose code no master knew (spec sections 2, 3
 * and 4): each can be ignored, and shows the stockable item that matches it now, if any.
 */
export const unknownDeliveries = defineResource({
  name: 'v2/core/master_sources/unknown_sdcvan_delivery_d_records',
  label: '不明な納品',
  recordLabel: '不明な納品',
  api: '/api/v2/medorder/admin/unknown_sdcvan_delivery_d_records',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    matchingItemName: { type: 'text', label: '該当する品目' },
    itemCodeType: {
      type: 'choice',
      label: 'コード種別',
      choices: [
        { value: 'gs1_code', label: 'GS1コード' },
        { value: 'jan_code', label: 'JANコード' },
      ],
    },
    itemCode: { type: 'text', label: '品目コード' },
    name: { type: 'text', label: '名称' },
    notFoundAt: { type: 'datetime', label: '不明と判定した日時', sortable: true },
    ignored: { type: 'boolean', label: '無視' },
  },
  list: {
    columns: ['id', 'matchingItemName', 'itemCodeType', 'itemCode', 'name', 'notFoundAt', 'ignored'],
    defaultSort: { field: 'notFoundAt', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: '不明な納品はありません',
  },
  views: { list: () => import('./UnknownDeliveryList') },
});
