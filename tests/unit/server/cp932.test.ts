import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCp932 } from '../../../server/shared/cp932';

/*
 * The encoder it replaced (issue 24 item 8), kept as the oracle: the inverse of the platform's
 * decoder (WHATWG Shift_JIS is Windows-31J), every character mapped to the first byte sequence
 * that decodes to it, ASCII as itself. encodeCp932 (encoding-japanese plus the user-defined area)
 * must give the same bytes for every CP932-encodable string, and refuse what it refused.
 */
function tableEncoder() {
  const map = new Map<string, number[]>();
  const decoder = new TextDecoder('shift_jis', { fatal: true });
  const add = (bytes: number[]) => {
    try {
      const char = decoder.decode(new Uint8Array(bytes));
      if (char.length === 1 && !map.has(char)) map.set(char, bytes);
    } catch {
      // not a character
    }
  };
  for (let b = 0; b < 0x80; b++) map.set(String.fromCharCode(b), [b]);
  for (let b = 0xa1; b <= 0xdf; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) add([lead, trail]);
  }
  const encode = (text: string) => {
    const out: number[] = [];
    for (const char of text) {
      const bytes = map.get(char);
      if (!bytes) throw new Error(`not in CP932: ${char}`);
      out.push(...bytes);
    }
    return Buffer.from(out);
  };
  return { chars: [...map.keys()], encode };
}

const oracle = tableEncoder();

describe('CP932 encoding (encoding-japanese) against the decoder-inverse table it replaced', () => {
  it('gives the same bytes for every CP932 character, one at a time', () => {
    expect(oracle.chars.length).toBe(9397);
    const differing = oracle.chars.filter((char) => !encodeCp932(char).equals(oracle.encode(char)));
    expect(differing).toEqual([]);
  });

  it('gives the same bytes for any string of CP932 characters (property)', () => {
    const cp932Text = fc.array(fc.constantFrom(...oracle.chars), { maxLength: 200 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(cp932Text, (text) => {
        expect(encodeCp932(text).equals(oracle.encode(text))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('gives the same bytes for the seeds\' kind of text: Japanese with CRLF lines and commas', () => {
    const text = '調剤薬局,髙橋,﨑,①,㈱,Ⅲ,ｶﾅ\r\n"ﾌｧｰﾏ",～,－,￢,∵\r\n';
    expect(encodeCp932(text).equals(oracle.encode(text))).toBe(true);
  });

  it('refuses what CP932 lacks, naming the character', () => {
    const lacking = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }).filter((s) => [...s].some((c) => !oracle.chars.includes(c)));
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }).filter((s) => [...s].every((c) => oracle.chars.includes(c))), lacking, (before, bad) => {
        const text = before + bad;
        expect(() => oracle.encode(text)).toThrow(/^not in CP932: /);
        expect(() => encodeCp932(text)).toThrow(/^not in CP932: /);
      }),
      { numRuns: 200 },
    );
    expect(() => encodeCp932('薬😀')).toThrow('not in CP932: 😀');
    expect(() => encodeCp932('\u00a0')).toThrow('not in CP932: \u00a0');
  });
});
