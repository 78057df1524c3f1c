/**
 * The stock diff's URL hash `#pharmacyId,itemId` (spec section 2) and the rule that both must be
 * integers before anything loads (section 5). Inputs and hash share the parser, so what the
 * inputs accept is what a link may carry.
 */
export interface StockIds {
  pharmacyId: number;
  itemId: number;
}

export type StockIdsResult = { ok: true; ids: StockIds } | { ok: false; reasons: string[] };

export const ENTER_IDS = '薬局IDと品目IDを入力してください。';
export const notInteger = (label: string) => `${label}が整数ではないため、読み込みません。`;

const INTEGER = /^\d{1,12}$/;

export function parseStockIds(pharmacyText: string, itemText: string): StockIdsResult {
  const pharmacy = pharmacyText.trim();
  const item = itemText.trim();
  if (pharmacy === '' && item === '') return { ok: false, reasons: [ENTER_IDS] };
  const reasons = [
    ...(INTEGER.test(pharmacy) ? [] : [notInteger('薬局ID')]),
    ...(INTEGER.test(item) ? [] : [notInteger('品目ID')]),
  ];
  return reasons.length > 0 ? { ok: false, reasons } : { ok: true, ids: { pharmacyId: Number(pharmacy), itemId: Number(item) } };
}

/** The two texts a hash carries (`#12,34` → ['12', '34']); a hash without a comma is all pharmacy. */
export function readDiffHash(hash: string): [string, string] {
  let text = hash.replace(/^#/, '');
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape stays as typed; the integer rule then refuses it with a reason.
  }
  const comma = text.indexOf(',');
  return comma === -1 ? [text, ''] : [text.slice(0, comma), text.slice(comma + 1)];
}

export const diffHash = ({ pharmacyId, itemId }: StockIds): string => `#${pharmacyId},${itemId}`;
