/**
 * Stock actions (spec section 4): v2 logs name them, v1 FIFO racks number them; both show the
 * same Japanese label. Subdivision is one label for buying and selling a part of a pack.
 */
export const STOCK_ACTION_LABELS: Readonly<Record<string, string>> = {
  dispense: '調剤',
  1: '調剤',
  purchase: '購入',
  2: '購入',
  subdivision_buy: '小分け',
  subdivision_sell: '小分け',
  6: '小分け',
  stocktaking: '棚卸し',
  8: '棚卸し',
  fix_quantity: '在庫調整',
  3: '在庫調整',
  discard: '廃棄',
  4: '廃棄',
};

/** v1's stocktaking type: its quantity is the count, not a change. */
export const STOCKTAKING_TYPE = 8;

/** The label of a v2 action name or a v1 type; an action the spec does not name says so with its code. */
export const stockActionLabel = (action: string | number): string =>
  Object.hasOwn(STOCK_ACTION_LABELS, String(action)) ? STOCK_ACTION_LABELS[String(action)] : `不明 (${action})`;
