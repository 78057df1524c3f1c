/**
 * Reading the publishers' master files (../shared/notes/japanese-pharmacy-data.md): bytes in
 * UTF-8 (with or without BOM) or CP932, CSV with optional double quotes (doubled inside), CRLF or
 * LF (parsed by server/shared/csv.ts). Every problem is reported with its line number, never
 * thrown past the caller as a crash.
 */
import { isDayString } from '../../../../src/contract/dates';
import type { LineError } from '../../../shared/csv';

// The CSV reading itself is the shared csv-parse wrapper; named here too, where the layouts and their tests look.
export type { CsvRecord, CsvResult, LineError } from '../../../shared/csv';
export { parseCsv } from '../../../shared/csv';

export type Encoding = 'UTF-8' | 'CP932';

export type Decoded = { ok: true; text: string; encoding: Encoding } | { ok: false; error: LineError };

const BOM = [0xef, 0xbb, 0xbf];

/** 1-based line of a byte offset (counts LF bytes before it; CR-only files do not occur). */
function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

/** The first line that does not decode strictly in `encoding`, found line by line. */
function firstBadLine(bytes: Uint8Array, label: string): number {
  const decoder = new TextDecoder(label, { fatal: true });
  let start = 0;
  for (let line = 1; start <= bytes.length; line++) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    try {
      decoder.decode(bytes.subarray(start, end));
    } catch {
      return line;
    }
    start = end + 1;
  }
  return lineOfOffset(bytes, bytes.length);
}

/**
 * UTF-8 when the file starts with a BOM or decodes strictly as UTF-8; else CP932 (WHATWG's
 * Shift_JIS is Windows-31J) when it decodes strictly as that; else an error naming the first
 * line that is neither.
 */
export function decodeMasterFile(bytes: Uint8Array): Decoded {
  const hasBom = BOM.every((b, i) => bytes[i] === b);
  const body = hasBom ? bytes.subarray(3) : bytes;
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'UTF-8' };
  } catch {
    if (hasBom) return { ok: false, error: { line: firstBadLine(body, 'utf-8'), message: 'UTF-8 として読めない文字があります。' } };
  }
  try {
    return { ok: true, text: new TextDecoder('shift_jis', { fatal: true }).decode(body), encoding: 'CP932' };
  } catch {
    return { ok: false, error: { line: firstBadLine(body, 'shift_jis'), message: '文字コードを判別できません（UTF-8 でも CP932 でもない文字があります）。' } };
  }
}

/** `yyyymmdd` as `yyyy-MM-dd` when it is a real calendar day, else undefined (20251340). */
export function parseCompactDate(value: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  return Number(m[1]) >= 1900 && isDayString(day) ? day : undefined;
}

/** Eras of the dates the price list writes (R8.3.31まで): 令和 and 平成. */
const ERAS: Record<string, number> = { R: 2018, H: 1988 };

/** `R8.3.31まで` as `2026-03-31`, or undefined. */
export function parseEraDate(value: string): string | undefined {
  const m = /^([RH])(\d{1,2})\.(\d{1,2})\.(\d{1,2})(まで)?$/.exec(value.normalize('NFKC').trim());
  if (!m) return undefined;
  const compact = `${ERAS[m[1]] + Number(m[2])}${m[3].padStart(2, '0')}${m[4].padStart(2, '0')}`;
  return parseCompactDate(compact);
}
