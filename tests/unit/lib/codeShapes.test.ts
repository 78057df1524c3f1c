import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODE_SHAPES, isCodeText, normaliseCode, recogniseCodes, type CodeShape } from '../../../src/lib/codeShapes';
import { gs1CheckDigit, yjCheckDigit } from '../../../src/contract/medicineCodes';
import { buildMicode } from '../../../src/contract/pharmacy';

const shapes = (text: string) => recogniseCodes(text).map((found) => found.shape);
const digits = (length: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((ds) => ds.join(''));

/** A code written as people write or scan it: full-width, hyphenated, spaced, with 〒 or (01). */
const FULL_WIDTH = (text: string) => text.replace(/[0-9A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
const writings = (code: string) => fc.constantFrom(code, FULL_WIDTH(code), ` ${code} `, `${code.slice(0, 3)}-${code.slice(3)}`, `${code.slice(0, 3)}－${code.slice(3)}`, code.toLowerCase());

const validJan = digits(12).map((body) => `${body}${gs1CheckDigit(body)}`);
const validGtin14 = digits(13).map((body) => `${body}${gs1CheckDigit(body)}`);
const validHot7 = digits(6).map((body) => `${body}${gs1CheckDigit(body)}`);
const YJ_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const validYj = fc
  .tuple(digits(7), fc.constantFrom(...YJ_LETTERS), fc.array(fc.constantFrom(...`0123456789${YJ_LETTERS}`), { minLength: 3, maxLength: 3 }))
  .map(([head, form, rest]) => {
    const body = `${head}${form}${rest.join('')}`;
    return `${body}${yjCheckDigit(body)}`;
  });

describe('code shapes (the jump palette)', () => {
  it('reads the examples of the notes', () => {
    expect(shapes('1124003F2230')).toEqual(['yj']);
    expect(shapes('620000000')).toContain('receipt');
    expect(shapes('150-0002')).toEqual(expect.arrayContaining(['postalCode', 'hot7']));
    expect(shapes('〒150-0002')).toEqual(expect.arrayContaining(['postalCode', 'hot7']));
    expect(shapes('(01)14987000000012')).toContain('gs1');
    expect(shapes('12')).toEqual(['id']);
    expect(shapes('1234')).toEqual(['id', 'dealerCode']);
    expect(recogniseCodes('１３４１２３４５６０')[0]).toMatchObject({ shape: 'micode', code: '1341234560' });
  });

  it('takes no name for a code', () => {
    for (const text of ['さくら薬局', 'ﾌｧｰﾏ', 'ファーマ 123', 'admin@example.com', '', '   ', 'abc', '1-2-3 本町']) expect(isCodeText(text), text).toBe(false);
  });

  it('puts a reading whose check digit holds first', () => {
    const jan = `498712345678${gs1CheckDigit('498712345678')}`;
    const readings = recogniseCodes(jan);
    expect(readings.find((found) => found.shape === 'jan')?.checked).toBe(true);
    const rank = (checked: boolean | undefined) => (checked === true ? 0 : checked === undefined ? 1 : 2);
    expect(readings.map((found) => rank(found.checked))).toEqual([...readings.map((found) => rank(found.checked))].sort());
    // A 9-digit receipt code (starts with 6) before a HOT9 whose HOT7 does not check.
    const receipt = '620001234';
    const order = shapes(receipt);
    if (gs1CheckDigit(receipt.slice(0, 6)) !== Number(receipt[6])) expect(order.indexOf('receipt')).toBeLessThan(order.indexOf('hot9'));
  });

  it('every shape found matches its pattern, and the code is the normalised text (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        for (const { shape, code } of recogniseCodes(text)) {
          expect(CODE_SHAPES[shape].pattern.test(code)).toBe(true);
          expect(code).toBe(normaliseCode(text));
        }
      }),
    );
  });

  it('a code reads the same however it is written: full-width, hyphens, spaces, lower case (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(validJan, validGtin14, validHot7, validYj, digits(10), digits(7), digits(9)).chain((code) => fc.tuple(fc.constant(code), writings(code))),
        ([code, written]) => {
          expect(recogniseCodes(written)).toEqual(recogniseCodes(code));
        },
      ),
    );
  });

  it('valid JAN, GTIN-14, HOT7, YJ and micode are recognised with their check digit holding (property)', () => {
    const holds = (code: string, shape: CodeShape) => recogniseCodes(code).some((found) => found.shape === shape && found.checked === true);
    fc.assert(fc.property(validJan, (code) => holds(code, 'jan')));
    fc.assert(fc.property(validGtin14, (code) => holds(code, 'gs1')));
    fc.assert(fc.property(validHot7, (code) => holds(code, 'hot7')));
    fc.assert(fc.property(validYj, (code) => holds(code, 'yj') && recogniseCodes(code)[0].shape === 'yj'));
    fc.assert(
      fc.property(fc.integer({ min: 15, max: 47 }), fc.integer({ min: 1, max: 99 }), fc.integer({ min: 0, max: 9999 }), (prefecture, gun, kikan) =>
        holds(buildMicode(prefecture, gun, kikan), 'micode'),
      ),
    );
  });

  it('text with kana or kanji is never a code (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.constantFrom('あ', 'ア', 'ｱ', '薬', '局'), fc.string({ maxLength: 10 }), (before, kana, after) => {
        expect(recogniseCodes(`${before}${kana}${after}`)).toEqual([]);
      }),
    );
  });
});

describe('the pharmacy numbers on documents (issue 40)', () => {
  it('reads an invoice number (T and 13 digits) however written', () => {
    for (const typed of ['T6221848063027', 't6221848063027', 'Ｔ６２２１８４８０６３０２７', 'T 6221-8480-63027']) {
      expect(recogniseCodes(typed), typed).toEqual([{ shape: 'invoiceNumber', code: 'T6221848063027' }]);
    }
  });

  it('reads a licence number, the one code written with kanji; other kanji are no code', () => {
    for (const [typed, code] of [['14薬第91565号', '14薬第91565号'], ['１４薬第９１５６５号', '14薬第91565号'], ['大阪府指令薬第 123 号', '大阪府指令薬第123号']]) {
      expect(recogniseCodes(typed), typed).toEqual([{ shape: 'licenseNumber', code }]);
    }
    for (const text of ['かもめ薬局', '14薬第', '薬第12号の件 について', '第91565号']) expect(isCodeText(text), text).toBe(false);
  });
});
