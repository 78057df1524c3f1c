import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DB } from '../../../db/open';
import type { BlobStorage, StagedObject } from '../../../shared/storage';
import { applyRows, type ApplyCounts } from './applyRows';
import { MASTER_KINDS, type MasterFileKind, type MasterKind, type ParsedRow } from './layouts';
import { parseCompactDate } from './csv';
import { runOffThread } from '../../../jobs/offThread';
import { writeWhenFree } from '../../../db/writeWhenFree';

/**
 * The publishers' folder and the two steps of a refresh (spec section 2 "Ethical medicine").
 *
 * "Download" fetches nothing from the internet: it copies the files dated on or after the start
 * from the upstream folder (`MASTER_SOURCE_DIR`, default `<environment dir>/master-sources`,
 * one sub-folder per kind, the file date as yyyymmdd in the file name) into blob storage
 * (bucket `master-files`, as the real service keeps them in S3) and records each as a master file.
 * "Import" parses every downloaded file of the kind and applies them in date order in one
 * transaction: one bad line in any file fails the job and leaves the master as it was.
 * A bad file never gets that far (issue 36): the download checks every file as its import would
 * and quarantines a bad one (`master_file_quarantine`, with its lines' reasons) instead of
 * storing it. A quarantined file is listed in each download's result while the publisher still
 * serves it, never stored again with the same bytes and never imported, so the imports use the
 * good files; a corrected file (other bytes) under the same name is checked afresh.
 * MEDIS publishes its GS1 correspondence and option tables with the HOT code master, so the HOT
 * code download brings them too (their own kinds and sub-folders, listed with their rows; the
 * import does not apply them, see layouts.ts).
 */
export const MASTER_FILES_BUCKET = 'master-files';

export const MASTER_KIND_LABELS: Record<MasterFileKind, string> = {
  hot_code: 'HOTコードマスター',
  medhot: 'MEDHOTマスター',
  iryohoken: '医療保険マスター',
  medis_gs1: 'GS1対応表',
  medis_option: 'オプションファイル',
};

/** The files a kind's download brings besides its own: MEDIS's tables published with the HOT master. */
export const DOWNLOADED_WITH: Record<MasterKind, readonly MasterFileKind[]> = {
  hot_code: ['hot_code', 'medis_gs1', 'medis_option'],
  medhot: ['medhot'],
  iryohoken: ['iryohoken'],
};

/** Larger upstream files are refused (a HOT13 master is about 15 MB). */
export const MAX_MASTER_FILE_BYTES = 64 * 1024 * 1024;

const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export const masterSourceDir = (db: DB): string => process.env.MASTER_SOURCE_DIR || join(dirname(db.name), 'master-sources');

export interface UpstreamFile {
  fileName: string;
  /** yyyy-MM-dd, from the first 8-digit date in the name. */
  fileDate: string;
}

/** The kind's files in the upstream folder, oldest first; names without a real date are not master files. */
export function upstreamFiles(root: string, kind: MasterFileKind): UpstreamFile[] {
  let names: string[];
  try {
    names = readdirSync(join(root, kind));
  } catch {
    return [];
  }
  const files: UpstreamFile[] = [];
  for (const fileName of names) {
    if (!FILE_NAME.test(fileName)) continue;
    const date = /(\d{8})/.exec(fileName);
    const fileDate = date && parseCompactDate(date[1]);
    if (!fileDate) continue;
    if (!statSync(join(root, kind, fileName)).isFile()) continue;
    files.push({ fileName, fileDate });
  }
  return files.sort((a, b) => a.fileDate.localeCompare(b.fileDate) || a.fileName.localeCompare(b.fileName));
}

export interface DownloadResult {
  files: string[];
  downloaded: number;
  unchanged: number;
  /** Downloaded files dropped because the publisher's folder no longer has them. */
  removed: string[];
  /** The publisher's files that failed the check (now or before), with why: never stored, never imported. */
  quarantined: { fileName: string; reason: string }[];
}

/**
 * Copies the selected upstream files of the kind and of the files published with it (DOWNLOADED_WITH)
 * into blob storage; a file already downloaded with the same bytes is left alone. A download is a
 * fresh snapshot of the folder: a downloaded file the publisher has since withdrawn (gone from the
 * folder) is dropped, so it is no longer imported, and a file published again under its name is
 * replaced. Every file is read and checked before anything is written, and the records change in
 * one transaction, so a failed download leaves the file list as it was.
 */
export async function downloadMasterFiles(
  db: DB,
  storage: BlobStorage,
  kind: MasterKind,
  wanted: (file: UpstreamFile) => boolean,
  now: string,
): Promise<DownloadResult> {
  const result: DownloadResult = { files: [], downloaded: 0, unchanged: 0, removed: [], quarantined: [] };
  const plans: KindPlan[] = [];
  const written: string[] = [];
  const dropped: string[] = [];
  try {
    for (const fileKind of DOWNLOADED_WITH[kind]) plans.push(await planKind(db, storage, fileKind, wanted, result));
    // The job's turn on the request thread: an import's apply may hold the lock (writeWhenFree.ts).
    await writeWhenFree(db, db.transaction(() => {
      for (const plan of plans) applyPlan(db, plan, now, result, written, dropped);
    }));
  } catch (e) {
    // Nothing half-saved: objects placed for records that were rolled back go too, and so do the
    // checked copies not placed yet.
    for (const key of written) storage.delete(MASTER_FILES_BUCKET, key);
    for (const plan of plans) for (const { staged } of plan.changed) staged.discard();
    throw e;
  }
  for (const key of dropped) storage.delete(MASTER_FILES_BUCKET, key);
  return result;
}

interface KindPlan {
  kind: MasterFileKind;
  /** Changed or new files, checked, their bytes written by the job process where the transaction places them. */
  changed: { file: UpstreamFile; staged: StagedObject; size: number; sha256: string; rowsCount?: number }[];
  /** Files that failed the check for the first time with these bytes. */
  quarantine: { file: UpstreamFile; sha256: string; reason: string }[];
  /** Names still in the upstream folder (downloaded records of any other name are withdrawn). */
  present: Set<string>;
}

async function planKind(db: DB, storage: BlobStorage, kind: MasterFileKind, wanted: (file: UpstreamFile) => boolean, result: DownloadResult): Promise<KindPlan> {
  const root = masterSourceDir(db);
  const all = upstreamFiles(root, kind);
  const known = db.prepare('SELECT sha256 FROM master_files WHERE kind = @kind AND file_name = @file_name');
  const quarantined = db.prepare('SELECT reason FROM master_file_quarantine WHERE kind = @kind AND file_name = @file_name AND sha256 = @sha256');
  const plan: KindPlan = { kind, changed: [], quarantine: [], present: new Set(all.map((f) => f.fileName)) };
  for (const file of all.filter(wanted)) {
    const path = join(root, kind, file.fileName);
    if (statSync(path).size > MAX_MASTER_FILE_BYTES) throw new Error(`${file.fileName} は大きすぎます（${MAX_MASTER_FILE_BYTES / 1024 / 1024}MBまで）。`);
    // Every file is checked as its import would read it: a bad one is quarantined with its lines'
    // reasons, not stored. The job process reads it once, hashes and checks those bytes, and writes
    // them to the staged object when they are good and new (issue 36: the request thread wrote a
    // 27 MB master synchronously). Only a file no import reads keeps its row count from here.
    const listedOnly = !(MASTER_KINDS as readonly MasterFileKind[]).includes(kind);
    const previous = known.get({ kind, file_name: file.fileName }) as { sha256: string } | undefined;
    const staged = storage.stage(MASTER_FILES_BUCKET, `${kind}/${file.fileName}`, 'text/csv');
    let check: MasterCheckResult;
    try {
      check = await runOffThread<MasterCheckResult>('masterCheck', {
        kind, fileName: file.fileName, source: path, maxBytes: MAX_MASTER_FILE_BYTES, stage: staged.file, storedSha256: previous?.sha256,
      } satisfies MasterCheckInput);
    } catch (e) {
      staged.discard();
      throw e;
    }
    const { sha256 } = check;
    const earlier = quarantined.get({ kind, file_name: file.fileName, sha256 }) as { reason: string } | undefined;
    if (earlier || check.problem !== undefined) {
      staged.discard();
      const reason = earlier?.reason ?? check.problem!;
      result.quarantined.push({ fileName: file.fileName, reason });
      if (!earlier) plan.quarantine.push({ file, sha256, reason });
      continue;
    }
    result.files.push(file.fileName);
    if (!check.staged) {
      staged.discard();
      result.unchanged += 1;
      continue;
    }
    plan.changed.push({ file, staged, size: check.size, sha256, rowsCount: listedOnly ? check.rowsCount : undefined });
  }
  return plan;
}

function applyPlan(db: DB, plan: KindPlan, now: string, result: DownloadResult, written: string[], dropped: string[]): void {
  const { kind } = plan;
  const upsert = db.prepare(
    `INSERT INTO master_files (kind, file_name, file_date, storage_key, size, sha256, downloaded_at) VALUES (@kind, @file_name, @file_date, @storage_key, @size, @sha256, @downloaded_at)
     ON CONFLICT (kind, file_name) DO UPDATE SET file_date = excluded.file_date, size = excluded.size, sha256 = excluded.sha256,
       downloaded_at = excluded.downloaded_at, rows_count = NULL, imported_at = NULL`,
  );
  const setRowsCount = db.prepare('UPDATE master_files SET rows_count = @rows_count WHERE kind = @kind AND file_name = @file_name');
  const quarantine = db.prepare(
    `INSERT OR IGNORE INTO master_file_quarantine (kind, file_name, file_date, sha256, reason, quarantined_at)
     VALUES (@kind, @file_name, @file_date, @sha256, @reason, @quarantined_at)`,
  );
  for (const { file, sha256, reason } of plan.quarantine) {
    quarantine.run({ kind, file_name: file.fileName, file_date: file.fileDate, sha256, reason, quarantined_at: now });
  }
  for (const { file, staged, size, sha256, rowsCount } of plan.changed) {
    const key = `${kind}/${file.fileName}`;
    // One rename: the bytes were written by the job process.
    staged.place();
    written.push(key);
    upsert.run({ kind, file_name: file.fileName, file_date: file.fileDate, storage_key: key, size, sha256, downloaded_at: now });
    if (rowsCount !== undefined) setRowsCount.run({ kind, file_name: file.fileName, rows_count: rowsCount });
    result.downloaded += 1;
  }
  const records = db.prepare('SELECT id, file_name, storage_key FROM master_files WHERE kind = @kind').all({ kind }) as MasterFileRow[];
  for (const record of records) {
    if (plan.present.has(record.file_name)) continue;
    db.prepare('DELETE FROM master_files WHERE id = @id').run({ id: record.id });
    dropped.push(record.storage_key);
    result.removed.push(record.file_name);
  }
}

/** Removes one downloaded file (its record and its bytes): staff's way out of a bad file the publisher still serves. */
export function deleteMasterFile(db: DB, storage: BlobStorage, id: number): { id: number; kind: string; file_name: string } | undefined {
  const row = db.prepare('SELECT id, kind, file_name, storage_key FROM master_files WHERE id = @id').get({ id }) as
    | (MasterFileRow & { kind: string })
    | undefined;
  if (!row) return undefined;
  db.prepare('DELETE FROM master_files WHERE id = @id').run({ id });
  storage.delete(MASTER_FILES_BUCKET, row.storage_key);
  return { id: row.id, kind: row.kind, file_name: row.file_name };
}

export interface ImportResult extends ApplyCounts {
  files: { fileName: string; layout: string; encoding: string; rows: number }[];
}

interface MasterFileRow {
  id: number;
  file_name: string;
  storage_key: string;
}

/** What the request thread hands the job process (importTask.ts) to import a kind's files: the files it reads them from. */
export interface MasterImportInput {
  dbFile: string;
  kind: MasterKind;
  now: string;
  files: { id: number; fileName: string; path: string }[];
}

/** What it hands the job process to check one upstream file, and where to write it when it is good and new. */
export interface MasterCheckInput {
  kind: MasterFileKind;
  fileName: string;
  /** The publisher's file. */
  source: string;
  /** Read no more than this (the file may have grown since it was listed). */
  maxBytes: number;
  /** The staged object's file the checked bytes go to. */
  stage: string;
  /** The hash of the file downloaded before under this name: the same bytes are not written again. */
  storedSha256?: string;
}

/** The check's answer: the file's hash and size, and its rows, or why it cannot be imported; `staged` when its bytes were written. */
export type MasterCheckResult =
  | { sha256: string; size: number; rowsCount: number; problem?: undefined; staged: boolean }
  | { sha256: string; size: number; rowsCount?: undefined; problem: string; staged: false };

export interface ParsedFile {
  file: Pick<MasterFileRow, 'id' | 'file_name'>;
  rows: ParsedRow[];
  layout: string;
  encoding: string;
}

/**
 * Parses every downloaded file of the kind first (any failure throws its per-line Japanese
 * reason before anything is written), then applies them all in one transaction. Both run in the
 * master lane's job process (importTask.ts), which reads the stored files itself, with its own
 * connection to this database: the request thread only names the files, so other requests are
 * served while a 27 MB master is imported.
 */
export async function importMasterFiles(db: DB, storage: BlobStorage, kind: MasterKind, now: string): Promise<ImportResult> {
  const files = db
    .prepare('SELECT id, file_name, storage_key FROM master_files WHERE kind = @kind ORDER BY file_date, file_name')
    .all({ kind }) as MasterFileRow[];
  if (files.length === 0) throw new Error(`取り込む${MASTER_KIND_LABELS[kind]}のファイルがありません。先にダウンロードしてください。`);
  const input: MasterImportInput = { dbFile: db.name, kind, now, files: [] };
  for (const file of files) {
    const path = storage.localFile(MASTER_FILES_BUCKET, file.storage_key);
    if (!path) throw new Error(missingMasterFile(file.file_name));
    input.files.push({ id: file.id, fileName: file.file_name, path });
  }
  return runOffThread<ImportResult>('masterImport', input);
}

/** A downloaded file whose bytes are gone from storage (removed by hand, or between the listing and the read). */
export const missingMasterFile = (fileName: string) => `${fileName} が保存領域に見つかりません。もう一度ダウンロードしてください。`;

/** Applies parsed files in one transaction and marks them imported (the job process's connection). */
export function applyParsedFiles(db: DB, parsed: readonly ParsedFile[], now: string): ImportResult {
  const mark = db.prepare('UPDATE master_files SET rows_count = @rows_count, imported_at = @imported_at WHERE id = @id');
  return db.transaction(() => {
    const counts = applyRows(db, latestRows(parsed.map((p) => p.rows)), now);
    for (const { file, rows } of parsed) mark.run({ rows_count: rows.length, imported_at: now, id: file.id });
    return { ...counts, files: parsed.map(({ file, rows, layout, encoding }) => ({ fileName: file.file_name, layout, encoding, rows: rows.length })) };
  })();
}

/**
 * One row per key over files in date order, a later file's values over an earlier one's: the
 * master gets each key's newest state once, so importing the same files again updates nothing.
 */
export function latestRows(files: readonly (readonly ParsedRow[])[]): ParsedRow[] {
  const byKey = new Map<string, ParsedRow>();
  for (const rows of files) {
    for (const row of rows) {
      const key = `${row.match}:${row.key}`;
      const previous = byKey.get(key);
      byKey.set(key, previous ? { ...row, insert: previous.insert || row.insert, values: { ...previous.values, ...row.values } } : row);
    }
  }
  return [...byKey.values()];
}
