import { encodeCp932 } from '../../../shared/cp932';
import { withGs1CheckDigit } from '../../../shared/medicineCodes';

/**
 * A MEDIS HOT13 master of `rows` made-up medicines in CP932 (about 280 bytes a row), for the
 * long-work test and bench: big enough that parsing and applying it takes seconds. With
 * `malformedFrom`, every line from that row on has a column missing, so the import parses it all
 * and fails with per-line reasons.
 */
export function sampleHotFile(rows: number, { malformedFrom }: { malformedFrom?: number } = {}): Buffer {
  const lines = [`"基準番号（ＨＯＴコード）"${',"列"'.repeat(23)}`];
  for (let i = 0; i < rows; i++) {
    const hot7 = withGs1CheckDigit(String(300_000 + i));
    const fields = [`${hot7}010101`, hot7, '01', '01', '01', withGs1CheckDigit(`4987${String(50_000_000 + i)}`), '1124003F2230', '1124003F2230',
      String(630_000_000 + i), '', `試験錠${i}`, `試験錠${i}ｍｇ「ベンチ」`, `試験錠${i}`, '５ｍｇ１錠', 'ＰＴＰ', '100', '錠', '100', '錠', '内', '製造', '販売', '1', '20250101'];
    if (malformedFrom !== undefined && i >= malformedFrom) fields.pop();
    lines.push(fields.map((f) => (f === '' ? '' : `"${f}"`)).join(','));
  }
  return encodeCp932(`${lines.join('\r\n')}\r\n`);
}
