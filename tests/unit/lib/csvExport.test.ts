import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CP932_REPLACEMENT, encodeCp932 } from '../../../src/contract/cp932';
import { formatSlashDate, formatSlashDateTime } from '../../../src/contract/dates';
import { csvField, csvLine, encodeChunk, exportFileName, fileStart, neutraliseFormula, UTF8_BOM } from '../../../src/features/export/csvExport';
import { readCsvRows } from '../../../server/shared/csv';

/** Every character CP932 has: what the platform's Shift_JIS (Windows-31J) decoder reads from one or two bytes. */
const cp932Chars = (() => {
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const chars = new Set<string>();
  const add = (bytes: number[]) => {
    try {
      const char = decoder.decode(new Uint8Array(bytes));
      if ([...char].length === 1) chars.add(char);
    } catch {
      // not a character
    }
  };
  // Printable ASCII (Node's ICU decoder swaps the controls 1A, 1C and 7F, which WHATWG's does not).
  for (let b = 0x20; b < 0x7f; b++) chars.add(String.fromCharCode(b));
  for (let b = 0xa1; b <= 0xdf; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) add([lead, trail]);
  }
  return [...chars];
})();
const inCp932 = new Set(cp932Chars);
const lacking = ['😀', '𠮷', '\u301c', '\u2212', '\u00a0', 'é', '한', '\u2014'];

const FORMULA = /^[=+\-@\t\r]/;

describe('CSV lines', () => {
  const cells = fc.array(fc.string({ unit: 'grapheme', maxLength: 12 }), { minLength: 1, maxLength: 6 });

  it('read back as the cells written, formulas neutralised (property)', () => {
    fc.assert(
      fc.property(fc.array(cells, { minLength: 1, maxLength: 8 }), (rows) => {
        const text = rows.map((row) => csvLine(row)).join('');
        expect(readCsvRows(text)).toEqual(rows.map((row) => row.map(neutraliseFormula)));
      }),
      { numRuns: 300 },
    );
  });

  it('end every line with CRLF and never leave a bare line break outside quotes (property)', () => {
    fc.assert(
      fc.property(cells, (row) => {
        const line = csvLine(row);
        expect(line.endsWith('\r\n')).toBe(true);
        const outside = line.slice(0, -2).replace(/"(?:[^"]|"")*"/g, '');
        expect(outside).not.toMatch(/[\r\n"]/);
      }),
    );
  });

  it('never start a text cell with = + - @ (tab or CR): a leading quote makes it text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.constantFrom('=', '+', '-', '@', '\t', '\r', ''), (rest, start) => {
        const cell = neutraliseFormula(start + rest);
        expect(FORMULA.test(cell)).toBe(false);
        expect(cell === start + rest || cell === `'${start}${rest}`).toBe(true);
      }),
    );
    expect(csvLine(['=HYPERLINK("http://x")', '-1+2', '@SUM(A1)', '+81'])).toBe(`"'=HYPERLINK(""http://x"")",'-1+2,'@SUM(A1),'+81\r\n`);
    // A number the list declares as one is a number, not a formula.
    expect(csvLine([{ text: '-3', numeric: true }, { text: '-3' }])).toBe(`-3,'-3\r\n`);
  });

  it('quotes exactly the fields that need it (RFC 4180)', () => {
    expect(csvField('薬局')).toBe('薬局');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('1行目\n2行目')).toBe('"1行目\n2行目"');
  });
});

describe('encodings', () => {
  const decode = (bytes: Uint8Array) => new TextDecoder('shift_jis').decode(bytes);

  it('CP932: what it has reads back with TextDecoder("shift_jis"), what it lacks is 〓, counted (property)', () => {
    const char = fc.oneof({ weight: 9, arbitrary: fc.constantFrom(...cp932Chars) }, { weight: 1, arbitrary: fc.constantFrom(...lacking) });
    fc.assert(
      fc.property(fc.array(char, { maxLength: 60 }), (chars) => {
        const text = chars.join('');
        const { bytes, replaced } = encodeChunk(text, 'cp932');
        expect(decode(bytes)).toBe(chars.map((c) => (inCp932.has(c) ? c : CP932_REPLACEMENT)).join(''));
        expect(replaced).toBe(chars.filter((c) => !inCp932.has(c)).length);
      }),
      { numRuns: 300 },
    );
  });

  it('CP932: the look-alikes encoding-japanese would swap in (〜 for ～) are outside CP932, since they would read back as others', () => {
    expect(encodeCp932('波\u301c線', CP932_REPLACEMENT)).toEqual({ bytes: encodeCp932('波〓線').bytes, replaced: 1 });
    expect(() => encodeCp932('\u301c')).toThrow('not in CP932: \u301c');
    expect(encodeCp932('～－髙﨑①㈱').replaced).toBe(0);
    // The user-defined area (U+E000-U+E757) is CP932's F040-F9FC, and reads back.
    expect(decode(encodeCp932('\ue000\ue757').bytes)).toBe('\ue000\ue757');
  });

  it('UTF-8: the file starts with the BOM and the text is UTF-8 as it is', () => {
    expect([...fileStart('utf8')]).toEqual([...UTF8_BOM]);
    expect(fileStart('cp932').byteLength).toBe(0);
    const { bytes, replaced } = encodeChunk('𠮷野家,😀\r\n', 'utf8');
    expect(new TextDecoder().decode(bytes)).toBe('𠮷野家,😀\r\n');
    expect(replaced).toBe(0);
  });
});

describe('names and dates', () => {
  it('names the file after the list and today in Japan', () => {
    expect(exportFileName('薬局一覧', new Date('2026-11-26T16:00:00Z'))).toBe('薬局一覧_2026-11-27.csv');
    expect(exportFileName('a/b:c', new Date('2026-01-01T00:00:00Z'))).toBe('a_b_c_2026-01-01.csv');
  });

  it('writes days as yyyy/MM/dd and instants in Japan time as yyyy/MM/dd HH:mm', () => {
    expect(formatSlashDate('2026-02-03')).toBe('2026/02/03');
    expect(formatSlashDate('2026-02-03T20:00:00Z')).toBe('2026/02/04');
    expect(formatSlashDateTime('2026-02-03T20:05:00Z')).toBe('2026/02/04 05:05');
    expect(formatSlashDateTime('2026-02-03 09:05:00')).toBe('2026/02/03 09:05');
    expect(formatSlashDate(null)).toBe('');
    expect(formatSlashDateTime('junk')).toBe('');
  });
});
