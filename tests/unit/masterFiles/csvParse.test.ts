import { describe, expect, it } from 'vitest';
import { parseCsv, readCsvRows } from '../../../server/shared/csv';

/**
 * Where csv-parse could read a file differently from the hand-written parser it replaced
 * (server/shared/csv.ts), pinned: the records, the line numbers and the Japanese reasons.
 */
describe('parseCsv over csv-parse', () => {
  it('reports a quote inside an unquoted field, and text after a closing quote, on their line', () => {
    expect(parseCsv('a,b\nc,d"e\n')).toEqual({ ok: false, error: { line: 2, message: '引用符（"）の位置が正しくありません。' } });
    expect(parseCsv('a,b\nx"\n')).toEqual({ ok: false, error: { line: 2, message: '引用符（"）の位置が正しくありません。' } });
    expect(parseCsv('a,"b" \n')).toEqual({ ok: false, error: { line: 1, message: '閉じた引用符（"）の後に文字があります。' } });
  });

  it('reports a quote left open on the line its record starts, past blank lines', () => {
    expect(parseCsv('a,b\n\n\nc,"open\nx\ny')).toEqual({ ok: false, error: { line: 4, message: '引用符（"）が閉じられていません。' } });
  });

  it('counts a CRLF inside a quoted field as one line (csv-parse itself counts two)', () => {
    expect(parseCsv('"x\r\ny",z\r\nq\r\n"r"s\r\n')).toEqual({ ok: false, error: { line: 4, message: '閉じた引用符（"）の後に文字があります。' } });
    expect(parseCsv('"x\r\ny",z\r\nq\r\n')).toEqual({ ok: true, records: [{ line: 1, fields: ['x\r\ny', 'z'] }, { line: 3, fields: ['q'] }] });
  });

  it('ends a record at CRLF, LF or a lone CR in one file, and counts a lone CR as a line', () => {
    expect(parseCsv('a\rb\r\nc\nd')).toEqual({
      ok: true,
      records: [{ line: 1, fields: ['a'] }, { line: 2, fields: ['b'] }, { line: 3, fields: ['c'] }, { line: 4, fields: ['d'] }],
    });
    expect(parseCsv('"x\ry",z\nq')).toEqual({ ok: true, records: [{ line: 1, fields: ['x\ry', 'z'] }, { line: 3, fields: ['q'] }] });
  });

  it('skips blank and trailing empty lines but keeps a line of one quoted empty field', () => {
    expect(parseCsv('a,b\r\n\r\n""\r\n\r\n')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', 'b'] }, { line: 3, fields: [''] }] });
    expect(parseCsv('')).toEqual({ ok: true, records: [] });
  });

  it('leaves a byte order mark in the text to the decoder: one left over stays in the first field', () => {
    expect(parseCsv('\ufeffa,b\n')).toEqual({ ok: true, records: [{ line: 1, fields: ['\ufeffa', 'b'] }] });
  });

  it('reads the columns a record has, however many (the layouts report a wrong count)', () => {
    expect(parseCsv('a,b,c\nd\n')).toEqual({ ok: true, records: [{ line: 1, fields: ['a', 'b', 'c'] }, { line: 2, fields: ['d'] }] });
  });
});

describe('readCsvRows (the tests’ reader of exports)', () => {
  it('keeps a blank line as a row of one empty cell, as a row of one empty cell is written', () => {
    expect(readCsvRows('a,b\r\n\r\nc\r\n')).toEqual([['a', 'b'], [''], ['c']]);
  });

  it('throws with the line on broken quoting', () => {
    expect(() => readCsvRows('a\r\n"b\r\n')).toThrow('CSV 2 行目: 引用符（"）が閉じられていません。');
  });
});
