import HistoryIcon from '@mui/icons-material/History';
import { ALL_VERSIONED_RESOURCES, VERSION_EVENTS } from '../../contract/versions';
import { CORE_VERSIONS, MEDORDER_VERSIONS } from './versionLists';
import { defineResource } from '../defineResource';
import type { DetailTabDeclaration } from '../types';

/**
 * 最近の変更 (issue 39, the `versions` addition): every change across the masters, newest first,
 * for staff. Route `/v2/core/versions`, after the API's own path, as the spec's route table names
 * every screen; the ordering service's masters' changes are `/v2/medorder/versions`, the same
 * screen, which its マスター filter picks (RecentChangesList). Where the environment lacks the
 * addition, no trace of it shows.
 */
const versionsOf = (service: 'core' | 'medorder') => defineResource({
  name: service === 'core' ? CORE_VERSIONS : MEDORDER_VERSIONS,
  label: '最近の変更',
  listTitle: '最近の変更',
  // One entry: the ordering service's changes are reached by the マスター filter.
  ...(service === 'core' && { menu: { section: 'core', order: 3, icon: HistoryIcon } as const }),
  requires: 'versions',
  recordLabel: '変更',
  api: `/api/v2/${service}/admin/versions`,
  capabilities: {},
  fields: {
    id: { type: 'id', label: 'ID', sortable: true },
    createdAt: { type: 'datetime', label: '日時', sortable: true },
    whodunnit: { type: 'id', label: '変更者', reference: { resource: 'v2/core/users', nameFrom: 'whodunnitName' } },
    whodunnitName: { type: 'text', label: '変更者名' },
    itemType: { type: 'choice', label: 'マスター', choices: Object.entries(ALL_VERSIONED_RESOURCES).map(([value, label]) => ({ value, label })) },
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

export const versions = versionsOf('core');
export const medorderVersions = versionsOf('medorder');

/** The 変更履歴 tab every versioned master's detail gets (RecordTabs adds it where the environment has `versions`). */
export const HISTORY_TAB: DetailTabDeclaration = { path: 'history', label: '変更履歴', view: () => import('./HistoryTab'), adminOnly: true };
