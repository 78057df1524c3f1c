import Encoding from 'encoding-japanese';
import { test, expect } from './fixtures';

test.use({ account: null });

/** Every one- and two-byte sequence a CP932 decoder may meet. */
const sequences = (): number[][] => {
  const all: number[][] = [];
  for (let byte = 0; byte <= 0xff; byte++) all.push([byte]);
  for (let lead = 0x81; lead <= 0xfc; lead++) {
    if (lead >= 0xa0 && lead < 0xe0) continue;
    for (let trail = 0x40; trail <= 0xfc; trail++) if (trail !== 0x7f) all.push([lead, trail]);
  }
  return all;
};

/**
 * The decoder the SPA ships is Chromium's `TextDecoder('shift_jis')` (WHATWG: Windows-31J), so it
 * is checked in Chromium, not in Node (whose ICU decoder differs on control codes), against
 * encoding-japanese on every character CP932 maps. User-defined characters (外字, F040-F9FC),
 * which WHATWG maps to private use and encoding-japanese does not, are not characters of a file;
 * nor is 0x80.
 */
test('Chromium’s shift_jis decoder reads every mapped CP932 character as encoding-japanese does', async ({ page }) => {
  await page.goto('about:blank');
  const all = sequences();
  const decoded = await page.evaluate((list) => {
    const decoder = new TextDecoder('shift_jis', { fatal: true });
    return list.map((bytes) => {
      try {
        return decoder.decode(new Uint8Array(bytes));
      } catch {
        return null;
      }
    });
  }, all);
  const mismatches: string[] = [];
  let mapped = 0;
  all.forEach((bytes, index) => {
    const chromium = decoded[index];
    // WHATWG passes 0x80 through as U+0080, a control code CP932 has no character for.
    if (chromium === null || /^[\uE000-\uF8FF\u0080]$/.test(chromium)) return;
    mapped += 1;
    const reference = Encoding.convert(bytes, { to: 'UNICODE', from: 'SJIS', type: 'string' });
    if (reference !== chromium) mismatches.push(`${bytes.map((b) => b.toString(16)).join(' ')}: ${JSON.stringify(chromium)} vs ${JSON.stringify(reference)}`);
  });
  expect(mismatches).toEqual([]);
  expect(mapped).toBe(EXPECTED_MAPPED);
  const text = decoded.filter((value): value is string => value !== null).join('');
  for (const char of ['①', '㈱', 'Ⅲ', '髙', '﨑', '～']) expect(text).toContain(char);
});

/** 128 ASCII + 63 half-width katakana + 6,879 JIS X 0208 + 83 NEC row 13 + 374 NEC-selected IBM + 388 IBM. */
const EXPECTED_MAPPED = 128 + 63 + 6879 + 83 + 374 + 388;
