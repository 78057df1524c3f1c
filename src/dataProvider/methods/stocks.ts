import type { SendRequest } from '../apiClient';

/**
 * The stock tools' calls (spec section 7): v2 stocks and logs in the ordering service, the
 * pharmacy from core and the item from the ordering master, and legacy v1's FIFO racks, stocks
 * and fix. v1 lists are paged by `pageToken`; these methods follow `nextPageToken` until there is
 * none, so a screen always gets whole lists.
 */
export interface StockKey {
  pharmacyId: number;
  itemId: number;
}

export interface StockLog {
  id: number;
  loggedAt: Date;
  action: string;
  deltaQuantity: number;
  validated?: boolean;
}

export interface FifoRackEntry {
  id: number;
  type: number;
  quantity: number;
  executedAt: Date;
  prescriptionNumber: string | null;
}

export interface V1Stock {
  yjCode: string;
  quantity: number;
}

export interface StockableItem {
  id: number;
  name: string;
  yjCode: string;
}

export interface StockAdjustment extends StockKey {
  loggedAt: Date;
  /** The change; sent as a decimal string, as the API asks. */
  deltaQuantity: number;
}

export interface StockMethods {
  getPharmacyName: (pharmacyId: number) => Promise<string>;
  getStockableItem: (itemId: number) => Promise<StockableItem>;
  getV2StockQuantity: (key: StockKey) => Promise<number>;
  getV2StockLogs: (key: StockKey) => Promise<StockLog[]>;
  addStockAdjustment: (adjustment: StockAdjustment) => Promise<StockLog>;
  getFifoRacks: (pharmacyId: number, yjCode: string) => Promise<FifoRackEntry[]>;
  getV1Stocks: (pharmacyId: number, yjCodes?: string[]) => Promise<V1Stock[]>;
  fixV1Stock: (pharmacyId: number, yjCode: string) => Promise<void>;
}

const stockPath = ({ pharmacyId, itemId }: StockKey) => `/api/v2/medorder/pharmacy/pharmacies/${pharmacyId}/stocks/${itemId}`;

/** Follows v1's `nextPageToken` until it is absent, collecting `key` of every page. */
async function allPages<K extends string, T>(
  send: SendRequest,
  path: string,
  firstQuery: Record<string, unknown>,
  key: K,
): Promise<T[]> {
  const items: T[] = [];
  let query = firstQuery;
  for (;;) {
    const { json } = await send<Record<K, T[]> & { nextPageToken?: string | null }>({ path, query });
    items.push(...json[key]);
    if (!json.nextPageToken) return items;
    query = { pageToken: json.nextPageToken };
  }
}

/** A decimal string without exponent or float noise (the API takes up to 3 decimals). */
export const quantityString = (quantity: number): string => String(Math.round(quantity * 1000) / 1000);

export const stockMethods = (send: SendRequest): StockMethods => ({
  getPharmacyName: async (pharmacyId) => (await send<{ name: string }>({ path: `/api/v2/core/pharmacy/pharmacies/${pharmacyId}` })).json.name,
  getStockableItem: async (itemId) => (await send<StockableItem>({ path: `/api/v2/medorder/master/stockable_items/${itemId}` })).json,
  getV2StockQuantity: async (key) => (await send<{ quantity: number }>({ path: stockPath(key) })).json.quantity,
  getV2StockLogs: async (key) => (await send<StockLog[]>({ path: `${stockPath(key)}/logs` })).json,
  addStockAdjustment: async ({ loggedAt, deltaQuantity, ...key }) =>
    (
      await send<StockLog>({
        method: 'POST',
        path: `${stockPath(key)}/logs`,
        body: { loggedAt, stockAction: 'fix_quantity', deltaQuantity: quantityString(deltaQuantity), validated: true },
      })
    ).json,
  getFifoRacks: (pharmacyId, yjCode) => allPages<'fifoRacks', FifoRackEntry>(send, '/api/v1/medorder/fifo-racks', { pharmacyId, yjCode }, 'fifoRacks'),
  getV1Stocks: (pharmacyId, yjCodes) => allPages<'stocks', V1Stock>(send, '/api/v1/medorder/stocks', { pharmacyId, yjCodes }, 'stocks'),
  fixV1Stock: async (pharmacyId, yjCode) => {
    await send({ method: 'POST', path: `/api/v1/medorder/stocks/${encodeURIComponent(yjCode)}/fix`, body: { pharmacyId, yjCode } });
  },
});
