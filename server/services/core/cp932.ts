import Encoding from 'encoding-japanese';

/**
 * Encoding text as CP932 (Windows-31J), for the seed's upstream files written the way the
 * publishers write them: encoding-japanese's SJIS, which is CP932's table (NEC and IBM extensions,
 * the first of duplicate codes, ASCII as itself), plus CP932's user-defined area, which it leaves
 * out: U+E000-U+E757 are F040-F9FC in order, 188 to a lead byte, trail bytes 40-7E and 80-FC.
 */
const PUA_FIRST = 0xe000;
const PUA_LAST = 0xe757;
const TRAILS_PER_LEAD = 188;

function userDefined(code: number): number[] {
  const n = code - PUA_FIRST;
  const trail = n % TRAILS_PER_LEAD;
  return [0xf0 + Math.floor(n / TRAILS_PER_LEAD), trail + (trail < 0x3f ? 0x40 : 0x41)];
}

const USER_DEFINED = /[\ue000-\ue757]/;
const isUserDefined = (char: string) => char.length === 1 && char.charCodeAt(0) >= PUA_FIRST && char.charCodeAt(0) <= PUA_LAST;

function encodeMapped(text: string): number[] {
  try {
    return Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE', fallback: 'error' });
  } catch {
    // Name the character, as callers expect.
    const bad = [...text].find((char) => {
      try {
        Encoding.convert(Encoding.stringToCode(char), { to: 'SJIS', from: 'UNICODE', fallback: 'error' });
        return false;
      } catch {
        return true;
      }
    });
    throw new Error(`not in CP932: ${bad ?? text}`);
  }
}

/** The CP932 bytes of `text`; a character CP932 lacks throws (the seed writes none). */
export function encodeCp932(text: string): Buffer {
  if (!USER_DEFINED.test(text)) return Buffer.from(encodeMapped(text));
  const out: number[] = [];
  for (const char of text) {
    if (isUserDefined(char)) out.push(...userDefined(char.charCodeAt(0)));
    else out.push(...encodeMapped(char));
  }
  return Buffer.from(out);
}
