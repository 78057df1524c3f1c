import { defineResource } from '../defineResource';

/**
 * Pharmacies' requests to import a code into the ordering master (取り込み依頼, spec sections 2,
 * 3 and 4): the open ones, each rejected (却下) or updated (更新: the import runs, the request is
 * accepted); either takes it off the list.
 */
export const stockableItemImportRequests = defineResource({
  name: 'v2/core/master_sources/stockable_item_import_requests',
  label: '更新依頼',
  recordLabel: '更新依頼',
  api: '/api/v2/medorder/admin/stockable_item_import_requests',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    code: { type: 'text', label: 'コード' },
    codeType: {
      type: 'choice',
      label: 'コード種別',
      choices: [
        { value: 'hot_code', label: 'HOTコード' },
        { value: 'receipt_code', label: 'レセプト電算コード' },
      ],
    },
    state: {
      type: 'choice',
      label: '状態',
      choices: [
        { value: 'open', label: '未処理' },
        { value: 'accepted', label: '取り込み済み' },
        { value: 'rejected', label: '却下' },
      ],
    },
    requestedAt: { type: 'datetime', label: '依頼日時', sortable: true },
  },
  list: {
    columns: ['id', 'code', 'codeType', 'state', 'requestedAt'],
    actions: [
      { kind: 'link', label: '差分を見る', to: '/v2/core/master_sources/{codeType}s/{code}' },
      // Both act at once on the ordering master's requests: each asks first, naming the code and what follows.
      {
        kind: 'method',
        label: '却下',
        method: 'rejectImportRequest',
        confirm: '{codeType} {code} の取り込み依頼を却下します。発注マスターは変わらず、依頼は一覧から外れます。よろしいですか？',
      },
      {
        kind: 'method',
        label: '更新',
        method: 'acceptImportRequest',
        confirm: '{codeType} {code} を発注マスターに取り込み、依頼を取り込み済みにします。取り込む内容は「差分を見る」で確かめられます。よろしいですか？',
      },
    ],
    defaultSort: { field: 'requestedAt', order: 'ASC' },
    paging: { mode: 'pages' },
    empty: '未処理の更新依頼はありません',
  },
  views: { list: () => import('./OpenImportRequestList') },
});
