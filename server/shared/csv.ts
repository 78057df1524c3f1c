/**
 * RFC 4180 CSV, read by csv-parse (the issue asks for a maintained parser over a hand-written
 * one) and wrapped so a file's problems still come out as Japanese reasons on 1-based physical
 * lines. Fields separated by commas, a field may be quoted, a quote inside a quoted field is
 * doubled, a quoted field may span lines; records end in CRLF, LF or a lone CR; blank lines are
 * skipped unless asked for (a line holding only `""` is a record of one empty field either way). A quote inside an unquoted
 * field, text after a closing quote or a quote left open is broken quoting.
 *
 * The line numbers are ours, not csv-parse's `lines`: it counts a CRLF inside a quoted field as
 * two lines. A line break is CRLF, LF or a lone CR, wherever it stands.
 */
import { CsvError, parse, type Options } from 'csv-parse/sync';

export interface LineError {
  /** 1-based physical line of the file. */
  line: number;
  message: string;
}

export interface CsvRecord {
  /** The physical line the record starts on. */
  line: number;
  fields: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; error: LineError };

const LF = 0x0a;
const CR = 0x0d;

const OPTIONS: Options = {
  // The layouts check each record's column count themselves, with the line in the message.
  relax_column_count: true,
  // Auto-detection would take the first line's ending for the whole file and read a lone CR later as text.
  record_delimiter: ['\r\n', '\n', '\r'],
};

/** What each of csv-parse's quoting errors means, in the portal's words. */
const MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: '引用符（"）が閉じられていません。',
  CSV_INVALID_CLOSING_QUOTE: '閉じた引用符（"）の後に文字があります。',
  INVALID_OPENING_QUOTE: '引用符（"）の位置が正しくありません。',
};
const OTHER_PROBLEM = 'CSV として読めない行があります。';

/**
 * Line numbers of byte offsets, asked in increasing order: one pass over the bytes for the whole
 * file. csv-parse reports offsets in the UTF-8 bytes of its input.
 */
const lineCounter = (bytes: Uint8Array) => {
  let position = 0;
  let line = 1;
  /** The line of `offset`, or with `skipBlank` of the first byte from there that is not a line break. */
  const recordStart = (offset: number, skipBlank: boolean): number => {
    let start = offset;
    while (skipBlank && (bytes[start] === LF || bytes[start] === CR)) start++;
    for (; position < start; position++) {
      if (bytes[position] === LF || (bytes[position] === CR && bytes[position + 1] !== LF)) line++;
    }
    return line;
  };
  return recordStart;
};

/** Every line break as LF: the same records and quotes, and csv-parse's own `lines` then counts right. */
const withLfOnly = (text: string) => text.replace(/\r\n?/g, '\n');

/** An error other than an unclosed quote is on the line where csv-parse found it, counted over LF-only text. */
const errorLine = (text: string, error: CsvError, skipBlank: boolean): number => {
  try {
    parse(withLfOnly(text), { ...OPTIONS, skip_empty_lines: skipBlank });
  } catch (again) {
    if (again instanceof CsvError && typeof again.lines === 'number') return again.lines;
  }
  return typeof error.lines === 'number' ? error.lines : 1;
};

/**
 * Parses RFC 4180 text into records numbered by their first physical line, or the first problem.
 * Blank lines are skipped unless `keepBlankLines` (then each is a record of one empty field, as a
 * row of one empty cell is written).
 */
export function parseCsv(text: string, { keepBlankLines = false } = {}): CsvResult {
  const bytes = Buffer.from(text, 'utf8');
  const skipBlank = !keepBlankLines;
  const lineOf = lineCounter(bytes);
  const records: CsvRecord[] = [];
  // Where the last record ended (csv-parse's `bytes`, in the UTF-8 of its input): the next starts there.
  let end = 0;
  try {
    parse(bytes, {
      ...OPTIONS,
      skip_empty_lines: skipBlank,
      on_record: (fields: string[], context) => {
        records.push({ line: lineOf(end, skipBlank), fields });
        end = context.bytes;
        return null;
      },
    });
    return { ok: true, records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    // A quote left open runs to the end of the file: it is reported where its record starts.
    const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? lineOf(end, skipBlank) : errorLine(text, error, skipBlank);
    return { ok: false, error: { line, message: MESSAGES[error.code] ?? OTHER_PROBLEM } };
  }
}

/** The fields of each record, or a thrown error naming the line: the tests' reader of what the export writes. */
export function readCsvRows(text: string): string[][] {
  const result = parseCsv(text, { keepBlankLines: true });
  if (!result.ok) throw new Error(`CSV ${result.error.line} 行目: ${result.error.message}`);
  return result.records.map((record) => record.fields);
}
