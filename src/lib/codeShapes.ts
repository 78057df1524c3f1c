import { foldSearchText } from '../contract/searchText';
import { gs1CheckDigit, isValidGs1, isValidYjCode } from '../contract/medicineCodes';
import { isValidMicodeCheckDigit } from '../contract/pharmacy';
import { INVOICE_NUMBER_CODE, LICENSE_NUMBER_CODE } from '../contract/pharmacyCodes';

/**
 * The codes staff type or scan into the jump palette, recognised by their shape alone
 * (../shared/notes/japanese-pharmacy-data.md). Pure: no DOM, no declarations.
 *
 * A typed text is normalised first (`normaliseCode`): full-width to ASCII and lower to upper case
 * (the search folding's NFKC), 〒, hyphens, long-vowel marks and spaces dropped (123-4567,
 * ４９８７－１２３…), and a scanned GS1 application identifier `(01)` cut off. Then every shape
 * whose pattern matches is a candidate; one text can be several (7 digits: a postal code or a
 * HOT7; 9 digits: a HOT9 or a receipt code; 13 digits: a HOT13 or a JAN).
 *
 * A shape with a check digit says whether it holds (`check`), so the likelier reading ranks
 * first, but a failed check never drops a candidate: the publishers' files are the authority and
 * micodes of some prefectures check differently.
 */
export type CodeShape =
  | 'id'
  | 'micode'
  | 'postalCode'
  | 'hot7'
  | 'hot9'
  | 'hot13'
  | 'yj'
  | 'receipt'
  | 'jan'
  | 'gs1'
  | 'dealerCode'
  | 'phone'
  | 'invoiceNumber'
  | 'licenseNumber';

export interface CodeShapeRule {
  /** How the palette names the code (its group's hint and the result's detail). */
  label: string;
  pattern: RegExp;
  /** Whether the code's check digit holds; absent for codes without one. */
  check?: (code: string) => boolean;
}

/** A HOT code's first seven digits are the HOT7, whose last digit is GS1's mod 10. */
const hot7Holds = (code: string) => gs1CheckDigit(code.slice(0, 6)) === Number(code[6]);

export const CODE_SHAPES: Record<CodeShape, CodeShapeRule> = {
  // Ids run to six digits at national scale; nine digits are a receipt code or a HOT9, not an id.
  id: { label: 'ID', pattern: /^\d{1,8}$/ },
  micode: { label: '薬局コード', pattern: /^\d{10}$/, check: isValidMicodeCheckDigit },
  postalCode: { label: '郵便番号', pattern: /^\d{7}$/ },
  hot7: { label: 'HOT7', pattern: /^\d{7}$/, check: hot7Holds },
  hot9: { label: 'HOT9', pattern: /^\d{9}$/, check: hot7Holds },
  hot13: { label: 'HOTコード', pattern: /^\d{13}$/, check: hot7Holds },
  yj: { label: 'YJコード', pattern: /^\d{7}[A-Z][0-9A-Z]{3}\d$/, check: isValidYjCode },
  // Drugs' receipt codes start with 6 (the notes): the only "check" a receipt code has.
  receipt: { label: 'レセプト電算コード', pattern: /^\d{9}$/, check: (code) => code.startsWith('6') },
  jan: { label: 'JANコード', pattern: /^\d{13}$/, check: isValidGs1 },
  gs1: { label: 'GS1コード', pattern: /^\d{14}$/, check: isValidGs1 },
  dealerCode: { label: '卸コード', pattern: /^\d{4,6}$/ },
  // A Japanese phone or fax number: a leading 0 and ten digits in all (eleven for mobiles and
  // 050), however it is grouped (043-636-0235, 0436360235). Ten digits may also be a micode.
  phone: { label: '電話番号', pattern: /^0\d{9,10}$/ },
  // The pharmacy numbers written on documents (src/contract/pharmacyCodes.ts): an invoice's
  // registration number, and a licence's number, the one code written with kanji.
  invoiceNumber: { label: '登録番号', pattern: INVOICE_NUMBER_CODE },
  licenseNumber: { label: '許可番号', pattern: LICENSE_NUMBER_CODE },
};

export const CODE_SHAPE_NAMES = Object.keys(CODE_SHAPES) as CodeShape[];

export interface RecognisedCode {
  shape: CodeShape;
  /** The normalised code, as it is sent and compared. */
  code: string;
  /** true: the check digit holds; false: it fails; undefined: the shape has none. */
  checked?: boolean;
}

/** Characters that separate a code's groups as people write them, never part of the code. */
const SEPARATORS = /[\s\-‐‑‒–—―−ー〒]/gu;

/**
 * The text as a code: folded (full-width digits and letters to ASCII), upper case, separators
 * and a leading GS1 application identifier `(01)` removed. Not every result is a code: see
 * `recogniseCodes`.
 */
export const normaliseCode = (text: string): string =>
  foldSearchText(text)
    .toUpperCase()
    .replace(/^\(01\)/, '')
    .replace(SEPARATORS, '');

/** Likelier readings first: a check digit that holds, then shapes without one, then failed checks. */
const confidence = ({ checked }: RecognisedCode) => (checked === true ? 0 : checked === undefined ? 1 : 2);

/**
 * Every shape the text can be, likeliest first (ties keep `CODE_SHAPES`' order). The shapes'
 * patterns are whole-text: a text with kana, or kanji other than a licence number's, or
 * punctuation other than separators is no code (an empty list).
 */
export const recogniseCodes = (text: string): RecognisedCode[] => {
  const code = normaliseCode(text);
  const found: RecognisedCode[] = [];
  for (const shape of CODE_SHAPE_NAMES) {
    const rule = CODE_SHAPES[shape];
    if (!rule.pattern.test(code)) continue;
    found.push(rule.check ? { shape, code, checked: rule.check(code) } : { shape, code });
  }
  return found.map((entry, index) => ({ entry, index })).sort((a, b) => confidence(a.entry) - confidence(b.entry) || a.index - b.index).map(({ entry }) => entry);
};

/** Whether the text reads as a code of any shape (then it is looked up by equality, not searched as a name). */
export const isCodeText = (text: string): boolean => recogniseCodes(text).length > 0;
