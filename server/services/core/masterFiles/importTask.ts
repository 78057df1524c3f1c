import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { openConnection } from '../../../db/open';
import { describeFileErrors, parseMasterFile } from './layouts';
import {
  applyParsedFiles,
  missingMasterFile,
  type ImportResult,
  type MasterCheckInput,
  type MasterCheckResult,
  type MasterImportInput,
  type ParsedFile,
} from './store';

/**
 * The master file work that runs in the master lane's job process (server/jobs/offThread.ts):
 * reading, decoding, parsing and checking a file, writing a checked download into storage, and
 * applying a kind's files in one transaction on the process's own connection to core's database.
 * The request thread names the files; their bytes never cross it.
 */
export function runMasterImport({ dbFile, kind, now, files }: MasterImportInput): ImportResult {
  const parsed: ParsedFile[] = [];
  for (const file of files) {
    let body: Buffer;
    try {
      body = readFileSync(file.path);
    } catch {
      throw new Error(missingMasterFile(file.fileName));
    }
    const result = parseMasterFile(kind, body);
    if (!result.ok) throw new Error(describeFileErrors(file.fileName, result.errors));
    parsed.push({ file: { id: file.id, file_name: file.fileName }, rows: result.rows, layout: result.layout, encoding: result.encoding });
  }
  const db = openConnection(dbFile);
  try {
    return applyParsedFiles(db, parsed, now);
  } finally {
    db.close();
  }
}

/**
 * A downloaded file checked as its import would read it: its hash, its row count, and for a bad
 * file its lines' reasons (`problem`) instead of the rows, so the download can quarantine it.
 */
export function runMasterCheck({ kind, fileName, source, maxBytes, stage, storedSha256 }: MasterCheckInput): MasterCheckResult {
  const bytes = readAtMost(source, fileName, maxBytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const size = bytes.length;
  const parsed = parseMasterFile(kind, bytes);
  if (!parsed.ok) return { sha256, size, problem: describeFileErrors(fileName, parsed.errors), staged: false };
  // The very bytes checked and hashed are the ones stored (the publisher may replace the file meanwhile).
  const staged = sha256 !== storedSha256;
  if (staged) writeFileSync(stage, bytes, { flag: 'wx' });
  return { sha256, size, rowsCount: parsed.rows.length, staged };
}

/** The file's bytes, refused past `maxBytes` (the request thread checked its size when it listed it; it may have grown since). */
function readAtMost(path: string, fileName: string, maxBytes: number): Buffer {
  const bytes = readFileSync(path);
  if (bytes.length > maxBytes) throw new Error(`${fileName} は大きすぎます（${maxBytes / 1024 / 1024}MBまで）。`);
  return bytes;
}
