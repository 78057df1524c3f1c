import type { ChipColor } from '../types';
import type { MasterJob, MasterJobAction } from '../../dataProvider/methods/masterImports';
import type { DownloadKind } from '../../contract/ethicalMedicineImportRules';

/** What the import screen says about the refresh jobs: pure, so it is tested without a browser. */
export const MASTER_LABELS: Record<DownloadKind, string> = {
  hot_code: 'HOTコードマスター',
  medhot: 'MEDHOTマスター',
  iryohoken: '医療保険マスター',
};

export const ACTION_LABELS: Record<MasterJobAction, string> = { download: 'ダウンロード', import: '取り込み' };

/** The alert shown for 5 s (spec section 9) after a start. */
export const startedMessage = (kind: DownloadKind, action: MasterJobAction): string => `${MASTER_LABELS[kind]}の${ACTION_LABELS[action]}を開始しました。`;

export const ALERT_MS = 5_000;

const FINISHED = new Set(['SUCCEEDED', 'FAILED']);

/** Spec section 4: SUCCEEDED in a success colour, FAILED in danger, the rest as info. */
export const jobStatusColor = (status: string): ChipColor => (status === 'SUCCEEDED' ? 'success' : status === 'FAILED' ? 'error' : 'info');

export const JOB_STATUS_LABELS: Record<string, string> = {
  SUBMITTED: '受付',
  PENDING: '待機中',
  RUNNABLE: '待機中',
  STARTING: '開始中',
  RUNNING: '実行中',
  SUCCEEDED: '成功',
  FAILED: '失敗',
};

export const isJobRunning = (jobs: readonly MasterJob[]): boolean => jobs.some((job) => !FINISHED.has(job.status));

export const lastJob = (jobs: readonly MasterJob[], kind: DownloadKind, action: MasterJobAction): MasterJob | undefined =>
  jobs.find((job) => job.kind === kind && job.action === action);

const count = (result: Record<string, unknown>, key: string) => (typeof result[key] === 'number' ? (result[key] as number).toLocaleString('ja-JP') : '0');

/** One line about a finished job's result, or its failure reason; undefined while it runs. */
export function jobResultText(job: MasterJob): string | undefined {
  if (job.status === 'FAILED') return job.statusReason ?? 'ジョブ実行が失敗しました。';
  if (job.status !== 'SUCCEEDED' || !job.result) return undefined;
  const r = job.result;
  if (job.action === 'download') {
    const files = Array.isArray(r.files) ? r.files.length : 0;
    // A file that failed the check is quarantined, not stored: never imported (issue 36).
    const quarantined = (Array.isArray(r.quarantined) ? r.quarantined : []) as { fileName?: unknown; reason?: unknown }[];
    const held = quarantined.length === 0 ? '' : `。取り込めないため隔離したファイル ${quarantined.length}件: ${quarantined.map((q) => String(q.reason ?? q.fileName)).join(' ')}`;
    if (files === 0) return `開始日以降のファイルはありませんでした${held ? held : '。'}`;
    return `${files}件のファイル（新規・更新 ${count(r, 'downloaded')}件、変更なし ${count(r, 'unchanged')}件）${held}`;
  }
  // Each count is of file rows (they add up to the rows); one row may update several packages of a drug.
  const medicines = typeof r.updatedMedicines === 'number' && r.updatedMedicines !== r.updated ? `（医薬品 ${count(r, 'updatedMedicines')}件）` : '';
  return `${count(r, 'rows')}行: 追加 ${count(r, 'inserted')}件、更新 ${count(r, 'updated')}件${medicines}、変更なし ${count(r, 'unchanged')}件、該当なし ${count(r, 'skipped')}件`;
}
