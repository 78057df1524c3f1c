/**
 * Reading the publishers' master files (../shared/notes/japanese-pharmacy-data.md): bytes in
 * UTF-8 (with or without BOM) or CP932, CSV with optional double quotes (doubled inside), CRLF or
 * LF. Every problem is reported with its line number, never thrown past the caller as a crash.
 */

export interface LineError {
  /** 1-based physical line of the file. */
  line: number;
  message: string;
}

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

export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; error: LineError };

/**
 * RFC 4180 CSV: fields separated by commas, a field may be quoted, a quote inside a quoted
 * field is doubled, a quoted field may span lines. A quote inside an unquoted field, text after
 * a closing quote or a quote left open is broken quoting. Blank lines are skipped.
 */
export function parseCsv(text: string): CsvResult {
  const records: CsvRecord[] = [];
  let line = 1;
  let recordLine = 1;
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let inQuotes = false;
  let afterQuote = false;
  let i = 0;
  const broken = (at: number, message: string): CsvResult => ({ ok: false, error: { line: at, message } });
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '' && !quoted)) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quoted = false;
    afterQuote = false;
  };
  while (i < text.length) {
    const ch = text[i];
    if (inQuotes) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        afterQuote = true;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === ',') {
      fields.push(field);
      field = '';
      quoted = false;
      afterQuote = false;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      i++;
      continue;
    } else if (ch === '\n' || ch === '\r') {
      endRecord();
      line++;
      recordLine = line;
    } else if (ch === '"') {
      if (field !== '' || afterQuote) return broken(line, '引用符（"）の位置が正しくありません。');
      inQuotes = true;
      quoted = true;
    } else {
      if (afterQuote) return broken(line, '閉じた引用符（"）の後に文字があります。');
      field += ch;
    }
    i++;
  }
  if (inQuotes) return broken(recordLine, '引用符（"）が閉じられていません。');
  if (field !== '' || fields.length > 0 || quoted) endRecord();
  return { ok: true, records };
}

/** `yyyymmdd` as `yyyy-MM-dd` when it is a real calendar day, else undefined (20251340). */
export function parseCompactDate(value: string): string | undefined {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${m[1]}-${m[2]}-${m[3]}`;
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
