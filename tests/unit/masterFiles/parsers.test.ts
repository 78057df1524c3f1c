import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCp932 } from '../../../server/shared/cp932';
import { decodeMasterFile, parseCompactDate, parseCsv, parseEraDate } from '../../../server/services/core/masterFiles/csv';
import { parseMasterFile } from '../../../server/services/core/masterFiles/layouts';
import { gs1CheckDigit, isValidGs1, isValidYjCode, yjCheckDigit } from '../../../server/shared/medicineCodes';
import { latestRows } from '../../../server/services/core/masterFiles/store';

const quote = (field: string) => (/[",\r\n]/.test(field) || field === '' ? `"${field.replace(/"/g, '""')}"` : field);
const fieldArb = fc.string({ unit: fc.constantFrom('a', 'ア', '"', ',', '\n', '\r\n', ' ', '１', '') });
const recordsArb = fc.array(fc.array(fieldArb, { minLength: 2, maxLength: 6 }), { minLength: 1, maxLength: 8 });

describe('parseCsv', () => {
  it('reads back any records written with quotes, doubled quotes, empty fields and CRLF or LF', () => {
    fc.assert(
      fc.property(recordsArb, fc.constantFrom('\r\n', '\n'), (records, eol) => {
        const text = records.map((r) => r.map(quote).join(',')).join(eol) + eol;
        const parsed = parseCsv(text);
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.records.map((r) => r.fields)).toEqual(records);
      }),
    );
  });

  it('numbers records by their first physical line, counting lines inside quoted fields', () => {
    const parsed = parseCsv('a,b\r\n"x\r\ny",z\r\n\r\nc,d\r\n');
    expect(parsed).toEqual({ ok: true, records: [{ line: 1, fields: ['a', 'b'] }, { line: 2, fields: ['x\r\ny', 'z'] }, { line: 5, fields: ['c', 'd'] }] });
  });

  it.each([
    ['a,b"c\n', 1, '引用符'],
    ['a,b\n"x"y,z\n', 2, '閉じた引用符'],
    ['a,b\nc,"unterminated\n', 2, '閉じられていません'],
  ])('reports broken quoting in %j on its line', (text, line, message) => {
    const parsed = parseCsv(text);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect(parsed.error.line).toBe(line);
      expect(parsed.error.message).toContain(message);
    }
  });

  it('never throws on arbitrary text', () => {
    fc.assert(fc.property(fc.string(), (text) => void parseCsv(text)));
  });
});

describe('decodeMasterFile', () => {
  const japanese = fc.string({ unit: fc.constantFrom('薬', 'ア', 'ｱ', '①', '～', 'ｍｇ', 'a', ',', '\n', '錠', '㈱') });

  it('detects UTF-8 with or without BOM and CP932, and gives back the text', () => {
    fc.assert(
      fc.property(japanese, (text) => {
        const utf8 = decodeMasterFile(Buffer.from(text, 'utf8'));
        const bom = decodeMasterFile(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]));
        const cp932 = decodeMasterFile(encodeCp932(text));
        expect(utf8).toEqual({ ok: true, text, encoding: 'UTF-8' });
        expect(bom).toEqual({ ok: true, text, encoding: 'UTF-8' });
        expect(cp932.ok && cp932.text).toBe(text);
      }),
    );
  });

  it('names the first line that is neither encoding', () => {
    expect(decodeMasterFile(Buffer.concat([Buffer.from('ok\nok\n'), Buffer.from([0x82, 0x20, 0x0a])]))).toEqual({
      ok: false,
      error: { line: 3, message: '文字コードを判別できません（UTF-8 でも CP932 でもない文字があります）。' },
    });
    const bomThenBad = decodeMasterFile(Buffer.from([0xef, 0xbb, 0xbf, 0x61, 0x0a, 0xff]));
    expect(bomThenBad.ok === false && bomThenBad.error.line).toBe(2);
  });
});

describe('dates', () => {
  it('accepts real days only', () => {
    expect(parseCompactDate('20030228')).toBe('2003-02-28');
    expect(parseCompactDate('20240229')).toBe('2024-02-29');
    for (const bad of ['20251340', '20230229', '2025011', '99999999', '00000000', 'abcdefgh']) expect(parseCompactDate(bad), bad).toBeUndefined();
    expect(parseEraDate('R8.3.31まで')).toBe('2026-03-31');
    expect(parseEraDate('H31.4.30')).toBe('2019-04-30');
    expect(parseEraDate('R8.2.30まで')).toBeUndefined();
  });
});

describe('check digits', () => {
  it('know real codes: JAN, YJ codes of the price list, HOT7', () => {
    expect(isValidGs1('4987123456782')).toBe(gs1CheckDigit('498712345678') === 2);
    expect(isValidGs1('4901234567894')).toBe(true);
    for (const yj of ['1124003F2230', '1149019C1149', '2456401A1030']) expect(isValidYjCode(yj), yj).toBe(true);
    expect(isValidYjCode('1124003F2231')).toBe(false);
    expect(gs1CheckDigit('100137')).toBe(2); // HOT7 1001372 of the 2003 MEDIS file
  });

  it('catch every single-digit change', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{12}$/), fc.nat(11), fc.integer({ min: 1, max: 9 }), (body, at, delta) => {
        const code = `${body}${gs1CheckDigit(body)}`;
        const changed = code.slice(0, at) + String((Number(code[at]) + delta) % 10) + code.slice(at + 1);
        expect(isValidGs1(changed)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^\d{7}[A-Z][0-9A-Z]{3}$/), (body) => {
        expect(isValidYjCode(`${body}${yjCheckDigit(body)}`)).toBe(true);
      }),
    );
  });
});

describe('parseMasterFile', () => {
  const hotRow = (hot: string, date = '20250101') =>
    [hot, hot.slice(0, 7), '01', '', '', '', '1124003F2230', '1124003F2230', '620000000', '', '告示', '販売', 'レセ', '５ｍｇ１錠', 'ＰＴＰ', '100', '錠', '100', '錠', '内', '製造', '販売', '1', date].join(',');
  const header = '基準番号（ＨＯＴコード）' + ',x'.repeat(23);

  it('maps a HOT row and tells UTF-8 from CP932', () => {
    const text = `${header}\r\n${hotRow('1001372010101')}\r\n`;
    for (const bytes of [Buffer.from(text), encodeCp932(text)]) {
      const parsed = parseMasterFile('hot_code', bytes);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.rows[0].values).toMatchObject({ hot_code: '1001372010101', hot_code_9: '100137201', brand_name: '販売', packet_volume: 100 });
    }
  });

  it('ignores the DOS end-of-file mark (Ctrl-Z) the 2003 MEDIS file ends with', () => {
    const parsed = parseMasterFile('hot_code', Buffer.from(`${header}\r\n${hotRow('100137201')}\n\u001a`));
    expect(parsed.ok && parsed.rows.map((r) => r.key)).toEqual(['100137201']);
  });

  it('reports every bad line (up to 20) and returns no rows', () => {
    const lines = [header, hotRow('1001372010101'), hotRow('12'), hotRow('1001372010102', '20251340'), 'a,b'];
    const parsed = parseMasterFile('hot_code', Buffer.from(lines.join('\n')));
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { line: 3, message: '基準番号（ＨＯＴコード）: HOTコード（9桁または13桁）ではありません（12）。 処方用番号（ＨＯＴ７）: HOT7（7桁）ではありません（12）。' },
        { line: 4, message: '更新年月日: 日付が正しくありません（20251340）。' },
        { line: 5, message: '列の数が2です（24列のはずです）。' },
      ],
    });
  });

  it('never throws on arbitrary bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 400 }), fc.constantFrom('hot_code', 'medhot', 'iryohoken', 'medis_gs1', 'medis_option') as fc.Arbitrary<'hot_code'>, (bytes, kind) => {
      const parsed = parseMasterFile(kind, bytes);
      if (!parsed.ok) expect(parsed.errors.length).toBeGreaterThan(0);
    }));
  });

  const gs1Header = 'ＨＯＴコード,販売名,規格単位,包装形態,調剤包装単位コード,販売包装単位コード,元梱包装単位コード,更新区分,更新年月日';
  const gs1Row = (date = '20250101', columns: string[] = []) =>
    ['1001372010101', 'アムロジン錠５ｍｇ', '５ｍｇ１錠', 'ＰＴＰ', '04987123456782', '14987123456789', '24987123456786', '1', date, ...columns].join(',');
  const optionHeader = 'ＨＯＴコード,販売名,一般名コード,一般名,薬効分類番号,後発品区分,更新区分,更新年月日';

  it('maps a GS1 correspondence row in CP932 and an option row in UTF-8 with a BOM', () => {
    const gs1 = parseMasterFile('medis_gs1', encodeCp932(`${gs1Header}\r\n${gs1Row()}\r\n`));
    expect(gs1.ok && gs1.layout).toBe('medis_gs1');
    expect(gs1.ok && gs1.encoding).toBe('CP932');
    expect(gs1.ok && gs1.rows[0].values).toEqual({
      hot_code: '1001372010101', brand_name: 'アムロジン錠５ｍｇ', standard: '５ｍｇ１錠', packet_form: 'ＰＴＰ',
      packet_gs1_code: '04987123456782', package_gs1_code: '14987123456789', supply_gs1_code: '24987123456786',
    });
    const option = parseMasterFile('medis_option', Buffer.from(`\ufeff${optionHeader}\r\n1001372010101,アムロジン錠５ｍｇ,2171022F1ZZZ,【般】アムロジピン錠５ｍｇ,2171,1,1,20250101\r\n`));
    expect(option.ok && option.rows[0].values).toMatchObject({ generic_code: '2171022F1ZZZ', therapeutic_category: '2171', generic: 1 });
  });

  it('reports a GS1 or option file\'s wrong column count, bad date and bad header per line', () => {
    const gs1 = parseMasterFile('medis_gs1', Buffer.from([gs1Header, gs1Row(), gs1Row('20251340'), gs1Row('20250101', ['余分'])].join('\n')));
    expect(gs1).toEqual({
      ok: false,
      errors: [
        { line: 3, message: '更新年月日: 日付が正しくありません（20251340）。' },
        { line: 4, message: '列の数が10です（9列のはずです）。' },
      ],
    });
    const option = parseMasterFile('medis_option', Buffer.from(`${optionHeader}\n1001372010101,名,,,21X1,2,1,20250101\n`));
    expect(option).toEqual({ ok: false, errors: [{ line: 2, message: '薬効分類番号: 薬効分類番号（4桁）ではありません（21X1）。 後発品区分: 想定外の値です（2）。' }] });
    expect(parseMasterFile('medis_option', Buffer.from(`${header}\n${hotRow('1001372010101')}\n`))).toEqual({
      ok: false, errors: [{ line: 1, message: '見出し行が想定と異なります（先頭の列は「ＨＯＴコード」）。' }],
    });
  });

  it('keeps one row per key, later files over earlier ones', () => {
    const row = (key: string, price: number) => ({ line: 1, match: 'receipt_code' as const, key, insert: true, values: { official_unit_price: price } });
    expect(latestRows([[row('1', 10), row('2', 20)], [row('1', 9)]]).map((r) => [r.key, r.values.official_unit_price])).toEqual([['1', 9], ['2', 20]]);
  });
});
