import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { foldSearchKey, foldSearchText, phoneDigits, SEARCH_FIELD_BREAK, searchPairs, searchTerms, termLength } from '../../../src/contract/searchText';

/** Full-width katakana with their half-width (JIS X 0201) forms, voiced ones as two characters. */
const KANA: [full: string, half: string][] = [
  ['ア', 'ｱ'], ['ァ', 'ｧ'], ['カ', 'ｶ'], ['ガ', 'ｶﾞ'], ['サ', 'ｻ'], ['ザ', 'ｻﾞ'], ['タ', 'ﾀ'], ['ダ', 'ﾀﾞ'], ['ッ', 'ｯ'],
  ['ナ', 'ﾅ'], ['ハ', 'ﾊ'], ['バ', 'ﾊﾞ'], ['パ', 'ﾊﾟ'], ['フ', 'ﾌ'], ['マ', 'ﾏ'], ['ヤ', 'ﾔ'], ['ャ', 'ｬ'], ['ラ', 'ﾗ'],
  ['ワ', 'ﾜ'], ['ヲ', 'ｦ'], ['ン', 'ﾝ'], ['ー', 'ｰ'], ['ヴ', 'ｳﾞ'], ['シ', 'ｼ'], ['ジ', 'ｼﾞ'], ['ョ', 'ｮ'],
];
/** Katakana that have a hiragana counterpart (all of KANA except ー and ヴ's half-width pair). */
const toHiragana = (s: string) => s.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
const ASCII_FULL = (s: string) => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('foldSearchText', () => {
  it('folds the three ways of writing ファーマ to one form', () => {
    expect(foldSearchText('ﾌｧｰﾏ')).toBe('ファーマ');
    expect(foldSearchText('ファーマ')).toBe('ファーマ');
    expect(foldSearchText('ふぁーま')).toBe('ファーマ');
    expect(foldSearchText('ｻｸﾗ薬局 ﾊﾞｽ停前')).toBe('サクラ薬局 バス停前');
    expect(foldSearchText('ＡＢＣ　ｄｅｆ１２３')).toBe('abc def123');
    expect(foldSearchText('  さくら\t\n薬局  ')).toBe('サクラ 薬局');
    expect(foldSearchText('')).toBe('');
  });

  it('splits a query into distinct folded terms and counts code points', () => {
    expect(searchTerms(' さくら　ｻｸﾗ 東京 ')).toEqual(['サクラ', '東京']);
    expect(searchTerms('   ')).toEqual([]);
    expect(termLength('𠮷野家')).toBe(3);
  });

  it('property: folding is idempotent', () => {
    // Any code point (lone surrogates too), half of them from the kana and full-width blocks where
    // folding does its work. Built from integers: fast-check's own 'binary' unit spends seconds
    // building its tables on first use, which timed this test out on a loaded machine.
    const codePoint = fc.oneof(fc.integer({ min: 0, max: 0x10ffff }), fc.integer({ min: 0x3000, max: 0x30ff }), fc.integer({ min: 0xff00, max: 0xffef }));
    fc.assert(fc.property(fc.string({ unit: codePoint.map((code) => String.fromCodePoint(code)) }), (s) => {
      const once = foldSearchText(s);
      expect(foldSearchText(once)).toBe(once);
    }));
  });

  it('property: half-width, full-width and hiragana spellings fold equal', () => {
    const pair = fc.constantFrom(...KANA);
    fc.assert(fc.property(fc.array(pair, { minLength: 1, maxLength: 12 }), fc.string({ unit: fc.constantFrom(...'abcXYZ019-') }), (pairs, ascii) => {
      const full = pairs.map(([f]) => f).join('') + ascii;
      const half = pairs.map(([, h]) => h).join('') + ascii;
      const hira = toHiragana(full);
      const wide = pairs.map(([f]) => f).join('') + ASCII_FULL(ascii);
      const expected = foldSearchText(full);
      expect(foldSearchText(half)).toBe(expected);
      expect(foldSearchText(hira)).toBe(expected);
      expect(foldSearchText(wide)).toBe(expected);
      expect(foldSearchText(full.toUpperCase())).toBe(expected);
    }));
  });
});

describe('phoneDigits (issue 36: a phone number however written)', () => {
  it('reads the usual ways of writing one number as the same digits', () => {
    for (const written of ['03-0700-0154', '03ー0700ー0154', '03 0700 0154', '(03) 0700-0154', '+81307000154', '+81 3 0700 0154', '+81-3-0700-0154', '０３－０７００－０１５４', '0307000154']) {
      expect(phoneDigits(written), written).toBe('0307000154');
    }
    expect(phoneDigits('090-1234-5678')).toBe('09012345678');
  });

  it('is undefined for what is no phone number', () => {
    for (const text of ['さくら薬局', '123-4567', '1341234560', 'T6221848063027', '03-0700', '', '0'.repeat(12)]) expect(phoneDigits(text), text).toBeUndefined();
  });

  it('for any grouping of a number\'s digits with any separators, the same digits', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^0[1-9]\d{8,9}$/),
        fc.array(fc.constantFrom('-', 'ー', ' ', '－', '‐'), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 4 }),
        (digits, [a, b], first, second) => {
          const written = `${digits.slice(0, first)}${a}${digits.slice(first, first + second)}${b}${digits.slice(first + second)}`;
          return phoneDigits(written) === digits;
        },
      ),
    );
  });
});

describe('foldSearchKey (what a search compares, issue 40)', () => {
  it('drops every white space, so a name matches with or without its spaces', () => {
    for (const written of ['かもめ薬局 市川店', 'かもめ薬局　市川店', 'かもめ薬局\u00a0市川店', ' かもめ 薬局\t市川店 ', 'ｶﾓﾒ薬局市川店']) {
      expect(foldSearchKey(written), written).toBe('カモメ薬局市川店');
    }
  });

  it('keeps a field break (no control character: those are white space), and the query’s terms are the space-free pieces', () => {
    expect(foldSearchKey(`かもめ薬局${SEARCH_FIELD_BREAK}1241234567`)).toBe(`カモメ薬局${SEARCH_FIELD_BREAK}1241234567`);
    expect(searchTerms('かもめ薬局　市川店')).toEqual(['カモメ薬局', '市川店']);
    expect(searchTerms(`a${SEARCH_FIELD_BREAK}b`)).toEqual(['a', 'b']);
  });
});

describe('searchPairs (a 2-character term looked up, not scanned, issue 38)', () => {
  it('holds each pair of adjacent characters once, a surrogate pair as one character', () => {
    expect(searchPairs('本町本町')).toEqual(['本町', '町本']);
    expect(searchPairs('𠮷野家')).toEqual(['𠮷野', '野家']);
    expect(searchPairs('薬')).toEqual([]);
    expect(searchPairs('')).toEqual([]);
  });

  it('a 2-character term occurs in any text exactly when it is one of the text’s pairs', () => {
    const character = fc.constantFrom('本', '町', 'ア', 'ー', 'a', '1', '𠮷', SEARCH_FIELD_BREAK);
    fc.assert(
      fc.property(fc.array(character, { maxLength: 12 }), character, character, (text, first, second) => {
        const joined = text.join('');
        return searchPairs(joined).includes(first + second) === joined.includes(first + second);
      }),
    );
  });
});
