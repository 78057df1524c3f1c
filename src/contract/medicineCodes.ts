/**
 * Check digits of the medicine codes (../shared/notes/japanese-pharmacy-data.md): the seed writes
 * only valid codes, the tests prove it. Imports never refuse a row for a check digit: the public
 * files are the authority, and older files carry codes issued before some rules.
 */

/** GS1 mod-10 (weights 3,1 from the right) over the body: JAN-13, GTIN-14 and HOT7's last digit. */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export const withGs1CheckDigit = (body: string): string => `${body}${gs1CheckDigit(body)}`;

export const isValidGs1 = (code: string): boolean => /^\d{7,14}$/.test(code) && gs1CheckDigit(code.slice(0, -1)) === Number(code.at(-1));

/** A letter's value in a YJ code: A-I = 1-9, J-R = 1-9, S-Z = 2-9. */
function yjCharValue(char: string): number {
  if (/\d/.test(char)) return Number(char);
  const code = char.charCodeAt(0) - 65;
  if (code < 9) return code + 1;
  if (code < 18) return code - 8;
  return code - 16;
}

/** YJ code / 薬価基準収載医薬品コード: weights 2..7 repeating from the right over 11 characters, 11 - (sum mod 11), 10 and 11 give 0. */
export function yjCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += yjCharValue(body[body.length - 1 - i]) * (2 + (i % 6));
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

export const YJ_CODE_PATTERN = /^\d{7}[A-Z][0-9A-Z]{3}\d$/;

export const isValidYjCode = (code: string): boolean => YJ_CODE_PATTERN.test(code) && yjCheckDigit(code.slice(0, 11)) === Number(code[11]);
