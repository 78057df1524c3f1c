/**
 * Encoding text as CP932 (Windows-31J), for the seed's upstream files written the way the
 * publishers write them. The table is the inverse of the platform's own decoder (WHATWG
 * Shift_JIS is Windows-31J), built once: every character the decoder produces maps back to the
 * first byte sequence that produced it.
 */
let table: Map<string, number[]> | undefined;

function buildTable(): Map<string, number[]> {
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
  // ASCII as itself: Node's ICU decoder swaps a few control codes (0x1A and 0x1C), CP932 does not.
  for (let b = 0; b < 0x80; b++) map.set(String.fromCharCode(b), [b]);
  for (let b = 0xa1; b <= 0xdf; b++) add([b]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead > 0x9f && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) add([lead, trail]);
  }
  return map;
}

/** The CP932 bytes of `text`; a character CP932 lacks throws (the seed writes none). */
export function encodeCp932(text: string): Buffer {
  table ??= buildTable();
  const out: number[] = [];
  for (const char of text) {
    const bytes = table.get(char);
    if (!bytes) throw new Error(`not in CP932: ${char}`);
    out.push(...bytes);
  }
  return Buffer.from(out);
}
