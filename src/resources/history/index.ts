import HistoryIcon from '@mui/icons-material/History';
import { VERSIONED_RESOURCES, VERSION_EVENTS } from '../../contract/versions';
import { defineResource } from '../defineResource';
import type { DetailTabDeclaration } from '../types';

/**
 * 最近の変更 (issue 39, the `versions` addition): every change across the masters, newest first,
 * for staff. Route `/v2/core/versions`, after the API's own path, as the spec's route table names
 * every screen. Where the environment lacks the addition, no trace of it shows.
 */
export const versions = defineResource({
  name: 'v2/core/versions',
  label: '最近の変更',
  listTitle: '最近の変更',
  menu: { section: 'core', order: 3, icon: HistoryIcon },
  requires: 'versions',
  recordLabel: '変更',
  api: '/api/v2/core/admin/versions',
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    createdAt: { type: 'datetime', label: '日時', sortable: true },
    whodunnit: { type: 'id', label: '変更者', reference: { resource: 'v2/core/users', nameFrom: 'whodunnitName' } },
    whodunnitName: { type: 'text', label: '変更者名' },
    itemType: { type: 'choice', label: 'マスター', choices: Object.entries(VERSIONED_RESOURCES).map(([value, label]) => ({ value, label })) },
    itemId: { type: 'number', label: 'レコードID' },
    event: { type: 'choice', label: '操作', choices: VERSION_EVENTS.map((e) => ({ ...e })) },
    changedFields: {
      type: 'text',
      label: '変更した項目',
      // By the changed master's labels, on screen and in an export (its declaration's, as its detail shows them).
      derive: (record) => Object.keys((record.objectChanges as Record<string, unknown> | undefined) ?? {}),
      labelsOf: { resourceAt: 'itemType' },
    },
    // 復元 on a delete's row (RestoreCell): no value of its own, nothing to export.
    restore: { type: 'text', label: '復元', derive: () => null },
  },
  list: {
    columns: ['createdAt', 'whodunnit', 'itemType', 'itemId', 'event', 'changedFields', 'restore'],
    // 削除済み: 操作 削除 and this keep the records still deleted (per master with マスター).
    filters: [{ source: 'latest', type: 'checkbox', label: 'レコードごとの最新の版だけ' }],
    defaultSort: { field: 'id', order: 'DESC' },
    paging: { mode: 'pages' },
    empty: '変更はまだありません',
  },
  views: { list: () => import('./RecentChangesList') },
});

/** The 変更履歴 tab every versioned master's detail gets (RecordTabs adds it where the environment has `versions`). */
export const HISTORY_TAB: DetailTabDeclaration = { path: 'history', label: '変更履歴', view: () => import('./HistoryTab'), adminOnly: true };
