import { createHash } from 'node:crypto';
import { openConnection } from '../../../db/open';
import { describeFileErrors, parseMasterFile } from './layouts';
import { applyParsedFiles, type ImportResult, type MasterCheckInput, type MasterCheckResult, type MasterImportInput, type ParsedFile } from './store';

/**
 * The master file work that runs on the worker thread (server/jobs/offThread.ts): decoding,
 * parsing and checking a file, and applying a kind's files in one transaction on the worker's own
 * connection to core's database. The request thread only reads the blobs and hands them over.
 */
export function runMasterImport({ dbFile, kind, now, files }: MasterImportInput): ImportResult {
  const parsed: ParsedFile[] = [];
  for (const file of files) {
    const result = parseMasterFile(kind, Buffer.from(file.body.buffer, file.body.byteOffset, file.body.byteLength));
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
export function runMasterCheck({ kind, fileName, body }: MasterCheckInput): MasterCheckResult {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const parsed = parseMasterFile(kind, bytes);
  return parsed.ok ? { sha256, rowsCount: parsed.rows.length } : { sha256, problem: describeFileErrors(fileName, parsed.errors) };
}
