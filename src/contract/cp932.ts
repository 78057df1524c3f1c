import Encoding from 'encoding-japanese';

/**
 * Text as CP932 (Windows-31J) bytes, one rule for both sides: the reference API's seed files
 * (written the way the publishers write them) and the SPA's Excel export.
 *
 * encoding-japanese's SJIS is CP932's table (NEC and IBM extensions, the first of duplicate
 * codes, ASCII as itself); CP932's user-defined area, which it leaves out, is added here:
 * U+E000-U+E757 are F040-F9FC in order, 188 to a lead byte, trail bytes 40-7E and 80-FC.
 *
 * A character counts as CP932 only when the platform's decoder (WHATWG `shift_jis`, which is
 * Windows-31J: what Excel and `new TextDecoder('shift_jis')` read) gives it back. encoding-japanese
 * also writes a few JIS-only code points (U+301C 〜, U+2212 −, U+2016 ‖, U+00A2 ¢ ...) as the
 * bytes of their CP932 look-alikes (～ － ∥ ￠), which would read back as other characters: those
 * are outside CP932 too.
 */
const PUA_FIRST = 0xe000;
const PUA_LAST = 0xe757;
const TRAILS_PER_LEAD = 188;

/** What stands for a character CP932 lacks in an export: the geta mark, JIS's own sign for a missing glyph. */
export const CP932_REPLACEMENT = '〓';

const userDefined = (code: number): number[] => {
  const n = code - PUA_FIRST;
  const trail = n % TRAILS_PER_LEAD;
  return [0xf0 + Math.floor(n / TRAILS_PER_LEAD), trail + (trail < 0x3f ? 0x40 : 0x41)];
};

const USER_DEFINED = /[\ue000-\ue757]/;

// Typed by its use: the server project has Node's TextDecoder, the SPA the DOM's.
let decoder: { decode(bytes: Uint8Array): string } | undefined;
const decode = (bytes: number[]) => (decoder ??= new TextDecoder('shift_jis')).decode(new Uint8Array(bytes));

const mapped = (text: string): number[] | undefined => {
  try {
    return Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE', fallback: 'error' });
  } catch {
    return undefined;
  }
};

/** One code point's bytes, or undefined when CP932 has no character that reads back as it. */
const charBytes = (char: string): number[] | undefined => {
  const code = char.codePointAt(0)!;
  // ASCII is itself (Node's ICU decoder, unlike WHATWG's, swaps the controls 1A, 1C and 7F).
  if (code < 0x80) return [code];
  if (code >= PUA_FIRST && code <= PUA_LAST) return userDefined(code);
  const bytes = mapped(char);
  return bytes && decode(bytes) === char ? bytes : undefined;
};

export interface Cp932Encoded {
  bytes: Uint8Array<ArrayBuffer>;
  /** How many characters (code points) became the replacement. */
  replaced: number;
}

/**
 * The CP932 bytes of `text`. A character CP932 lacks becomes `replacement` (counted in
 * `replaced`); without a replacement it throws `not in CP932: <character>`.
 */
export function encodeCp932(text: string, replacement?: string): Cp932Encoded {
  // The common case: the whole text maps and reads back as itself, in one native decode.
  if (!USER_DEFINED.test(text)) {
    const bytes = mapped(text);
    if (bytes && decode(bytes) === text) return { bytes: Uint8Array.from(bytes), replaced: 0 };
  }
  const substitute = replacement === undefined ? undefined : [...replacement].flatMap((char) => charBytes(char) ?? []);
  const out: number[] = [];
  let replaced = 0;
  for (const char of text) {
    const bytes = charBytes(char);
    if (bytes) {
      out.push(...bytes);
    } else if (substitute) {
      out.push(...substitute);
      replaced += 1;
    } else {
      throw new Error(`not in CP932: ${char}`);
    }
  }
  return { bytes: Uint8Array.from(out), replaced };
}
