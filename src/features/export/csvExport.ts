import { CP932_REPLACEMENT, encodeCp932 } from '../../contract/cp932';
import { toTokyoDay } from '../../contract/dates';

/**
 * A list's export as CSV (issue 25): RFC 4180 fields and CRLF lines, formula injection
 * neutralised, and the two encodings Excel users need. Pure; the screen's part is
 * src/features/export/ExportDialog.tsx and the paging src/features/export/listExport.ts.
 */

export type ExportEncoding = 'cp932' | 'utf8';

export const EXPORT_ENCODINGS: readonly { value: ExportEncoding; label: string }[] = [
  { value: 'cp932', label: 'Excel 向け (Shift_JIS/CP932)' },
  { value: 'utf8', label: 'UTF-8 (BOM付き)' },
];

/** A cell starting with one of these is a formula to a spreadsheet (OWASP: = + - @, tab, CR). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet would run as a formula gets a leading `'` (shown as text, not run).
 * A number the list declares as one (`-3`) is a number, not text, and stays as it is.
 */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);

/** One RFC 4180 field: quoted (quotes doubled) when it holds a comma, a quote, CR or LF. */
export const csvField = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export interface ExportCell {
  text: string;
  /** A number as the list declares it: not neutralised (a negative number is not a formula). */
  numeric?: boolean;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly (ExportCell | string)[]): string =>
  `${cells
    .map((cell) => (typeof cell === 'string' ? { text: cell } : cell))
    .map(({ text, numeric }) => csvField(numeric ? text : neutraliseFormula(text)))
    .join(',')}\r\n`;

/** UTF-8's byte order mark: Excel reads a CSV without it as the machine's code page. */
export const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

let utf8: TextEncoder | undefined;

/** A chunk of CSV text as bytes; `replaced` counts characters CP932 lacks (written as 〓). */
export const encodeChunk = (text: string, encoding: ExportEncoding): { bytes: Uint8Array<ArrayBuffer>; replaced: number } =>
  encoding === 'cp932' ? encodeCp932(text, CP932_REPLACEMENT) : { bytes: (utf8 ??= new TextEncoder()).encode(text), replaced: 0 };

/** The bytes a file starts with: the BOM for UTF-8, nothing for CP932. */
export const fileStart = (encoding: ExportEncoding): Uint8Array<ArrayBuffer> => (encoding === 'utf8' ? UTF8_BOM : new Uint8Array(0));

/** `薬局一覧_2026-11-26.csv`: the list's title and today in Japan; characters a file name may not hold become `_`. */
export const exportFileName = (title: string, now: Date = new Date()): string =>
  `${[...title].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('')}_${toTokyoDay(now)}.csv`;
