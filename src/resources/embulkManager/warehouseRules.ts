import { formatDuration, startOfTodayInTokyo } from '../../contract/dates';
import type { WarehouseJob, WarehouseService } from '../../dataProvider/methods/warehouse';

/** What the warehouse screens say and decide (spec sections 2, 4, 8 and 9): pure, tested without a browser. */

export const WAREHOUSE_SERVICES: readonly { name: WarehouseService; label: string }[] = [
  { name: 'core', label: 'core（薬局・ユーザー・マスタ）' },
  { name: 'medorder', label: 'medorder（発注・在庫）' },
];

export const isWarehouseService = (value: unknown): value is WarehouseService => WAREHOUSE_SERVICES.some((s) => s.name === value);

export const WAREHOUSE_TEXTS = {
  manager: 'バッチコピー管理',
  tables: 'データウェアハウスのテーブル',
  jobs: 'ジョブ一覧',
  loadingNotice: 'テーブル一覧の読み込みには20〜30秒かかります。',
  historyNote: 'ジョブの履歴は3〜4日で削除されます。',
  staleBadge: '要確認',
  staleHint: '今日はまだ更新されていません。前回のジョブが失敗した可能性があります。',
  notCopied: '未コピー',
  copy: 'コピージョブを実行',
  copyDisabled: 'MySQLにないテーブルはコピーできません。',
  succeeded: 'ジョブを実行しました。',
  failed: 'ジョブ実行が失敗しました。',
  refresh: '再読み込み',
  noJobs: 'ジョブはありません',
  allStatuses: 'すべて',
} as const;

/** Spec section 9: the copy job's toast stays 10 s. */
export const TOAST_MS = 10_000;

/** Spec section 4: a table modified before today began (in Japan) may have missed its last job. */
export const isModifiedBeforeToday = (modifiedAt: Date | null | undefined, now: Date = new Date()): boolean =>
  modifiedAt instanceof Date && modifiedAt.getTime() < startOfTodayInTokyo(now).getTime();

/** The job list's run time: stopped minus started, or empty while it has not finished. */
export const jobRunTime = (job: Pick<WarehouseJob, 'startedAt' | 'stoppedAt'>): string =>
  job.startedAt && job.stoppedAt ? formatDuration(job.stoppedAt.getTime() - job.startedAt.getTime()) : '';

/** The seven statuses of spec section 4, in the order a job passes them. */
export const JOB_STATUSES = ['SUBMITTED', 'PENDING', 'RUNNABLE', 'STARTING', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const;

/** The failure toast: the spec's sentence, then what the server said. */
export const copyFailedMessage = (serverMessages: readonly string[]): string =>
  [WAREHOUSE_TEXTS.failed, ...serverMessages].join(' ');

/** A byte count as people read it: 1,234 B, 12.3 KB, 4.5 MB. */
export const formatBytes = (bytes: number | null | undefined): string => {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes)) return '';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value.toLocaleString('ja-JP')} B` : `${value.toFixed(1)} ${units[unit]}`;
};
