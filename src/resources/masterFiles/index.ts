import { defineResource } from '../defineResource';

/**
 * The publishers' file lists (spec section 2 "File lists"): insurance fund, HOT code, GS1
 * correspondence and option files (the last two come with the HOT code master), each file's
 * detail paging through its rows. One declaration shape for the four; MASTER_FILE_ROWS
 * (MasterFileRows.tsx) names each one's rows call.
 */
/** `label` names one file; the list is `${label}一覧`, as every other resource's. */
const masterFileResource = (name: string, label: string) =>
  defineResource({
    name: `v2/core/master_sources/${name}`,
    label,
    recordLabel: label,
    api: `/api/v2/medorder/admin/${name}`,
    recordRepresentation: 'fileName',
    capabilities: {},
    fields: {
      id: { type: 'id', label: 'ID', sortable: true },
      fileName: { type: 'text', label: 'ファイル名' },
      fileDate: { type: 'date', label: 'ファイル日付', sortable: true },
      rowsCount: { type: 'number', label: '行数' },
      importedAt: { type: 'datetime', label: '取り込み日時' },
    },
    list: {
      columns: ['id', 'fileName', 'fileDate', 'rowsCount', 'importedAt'],
      // A file that cannot be imported blocks every import of its kind until it is gone.
      actions: ['show', { kind: 'method', label: '削除', method: 'deleteMasterFile', requires: 'masterFileDelete', confirm: 'ダウンロードしたこのファイルを削除します。取り込みの対象から外れます（発行元のフォルダーにあれば、次のダウンロードでまた取得されます）。よろしいですか？' }],
      defaultSort: { field: 'fileDate', order: 'DESC' },
      paging: { mode: 'pages' },
      empty: 'ファイルはありません（医療用医薬品のマスター更新でダウンロードします）',
    },
    show: { tabs: [{ path: '', label: '行', view: () => import('./MasterFileRows') }] },
  });

export const medisBases = masterFileResource('medis_bases', 'HOTコードマスターファイル');
export const medisGs1s = masterFileResource('medis_gs1s', 'GS1対応表');
export const medisOptions = masterFileResource('medis_options', 'オプションファイル');
export const iryohokens = masterFileResource('iryohokens', '医療保険マスターファイル');
