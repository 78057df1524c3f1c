import CloudSyncIcon from '@mui/icons-material/CloudSync';
import { defineResource } from '../defineResource';

/**
 * Batch copy management (バッチコピー管理, spec section 2): the warehouse's tables per service
 * (`bigqueries/{serviceName}`), each copied from the service's MySQL by a job, and the job list
 * (`embulks`). The resource's records are the warehouse tables; its own screen links to both.
 */
export const embulkManager = defineResource({
  name: 'v2/core/embulk_manager',
  label: 'バッチコピー管理',
  listTitle: 'バッチコピー管理',
  menu: { section: 'operations', order: 3, icon: CloudSyncIcon },
  recordLabel: 'テーブル',
  api: '/api/v2/core/admin/bigqueries/{serviceName}',
  capabilities: {},
  fields: {
    id: { type: 'text', label: 'ID' },
    projectId: { type: 'text', label: 'project_id' },
    datasetId: { type: 'text', label: 'dataset_id', sortable: true },
    tableId: { type: 'text', label: 'table_id', sortable: true },
    createdAt: { type: 'datetime', label: 'created_at（作成日時）', sortable: true },
    modifiedAt: { type: 'datetime', label: 'modified_at（更新日時）', sortable: true },
    bytesCount: { type: 'number', label: 'bytes_count（サイズ）', sortable: true },
    rowsCount: { type: 'number', label: 'rows_count（行数）', sortable: true },
    mysqlExist: { type: 'boolean', label: 'MySQLに存在' },
  },
  list: {
    columns: ['datasetId', 'tableId', 'createdAt', 'modifiedAt', 'bytesCount', 'rowsCount', 'mysqlExist'],
    defaultSort: { field: 'tableId', order: 'ASC' },
    paging: { mode: 'none' },
    empty: 'テーブルはありません',
  },
  routes: [
    { path: 'bigqueries', label: 'データウェアハウスのテーブル', view: () => import('./WarehouseServicesPage') },
    { path: 'bigqueries/:serviceName', label: 'テーブル一覧', view: () => import('./WarehouseTablesPage') },
    { path: 'embulks', label: 'ジョブ一覧', view: () => import('./WarehouseJobsPage') },
  ],
  views: { list: () => import('./EmbulkManagerPage') },
});
