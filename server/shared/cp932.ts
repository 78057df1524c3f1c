import { encodeCp932 as encodeCp932Text } from '../../src/contract/cp932';

/**
 * The CP932 bytes of `text`, for the seed's upstream files written the way the publishers write
 * them; a character CP932 lacks throws (the seed writes none). The rule (encoding-japanese plus
 * CP932's user-defined area, checked against the WHATWG decoder) is the contract's, shared with
 * the SPA's Excel export (src/contract/cp932.ts).
 */
export function encodeCp932(text: string): Buffer {
  const { bytes } = encodeCp932Text(text);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
