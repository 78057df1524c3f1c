import { STOCKTAKING_TYPE } from './stockActions';

/**
 * The running quantity after each v1 FIFO rack entry (spec section 4): a stocktaking (type 8)
 * resets it to the entry's own quantity, every other type adds its quantity. Entries are taken
 * in the order given (the API's time order).
 */
export function runningRackQuantities(entries: readonly { type: number; quantity: number }[]): number[] {
  const result: number[] = [];
  let quantity = 0;
  for (const entry of entries) {
    quantity = entry.type === STOCKTAKING_TYPE ? entry.quantity : roundQuantity(quantity + entry.quantity);
    result.push(quantity);
  }
  return result;
}

/** The running quantity after each v2 log: v2 logs changes only, so each adds. */
export function runningLogQuantities(logs: readonly { deltaQuantity: number }[]): number[] {
  let quantity = 0;
  return logs.map((log) => (quantity = roundQuantity(quantity + log.deltaQuantity)));
}

/** Quantities have at most 3 decimals; rounding keeps 0.1 + 0.2 from showing as 0.30000000000000004. */
export const roundQuantity = (quantity: number): number => Math.round(quantity * 1000) / 1000;
