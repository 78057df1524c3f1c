import { createHash } from 'node:crypto';
import { openConnection } from '../../../db/open';
import { describeFileErrors, parseMasterFile } from './layouts';
import { applyParsedFiles, type ImportResult, type MasterCheckInput, type MasterImportInput, type ParsedFile } from './store';

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

/** A downloaded file's hash and, for a file only listed, its row count; a bad one throws its lines' reasons. */
export function runMasterCheck({ kind, fileName, body, parse }: MasterCheckInput): { sha256: string; rowsCount?: number } {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (!parse) return { sha256 };
  const parsed = parseMasterFile(kind, bytes);
  if (!parsed.ok) throw new Error(describeFileErrors(fileName, parsed.errors));
  return { sha256, rowsCount: parsed.rows.length };
}
