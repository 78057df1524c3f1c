import type { SendRequest } from '../apiClient';
import { toCamelKey } from '../../contract/caseConversion';

/**
 * The master sources' calls to the ordering service (spec section 7): the stockable and
 * orderable item import diffs and their application, an import request's reject and update, an
 * unknown delivery's ignore toggle, the published rows of one code and the stockable item master.
 */
export type ImportOperation = 'create' | 'update' | 'none';

export type StockableImportKey = { hotCode: string } | { receiptCode: string } | { stockableItemFixtureId: number };

export type Attributes = Record<string, unknown>;

export interface OrderableItemDiff {
  orderableItemId: number | null;
  operation: ImportOperation;
  attributes: Attributes;
  previousAttributes: Attributes | null;
  /** camelCase names of the attributes that differ. */
  changed: string[];
}

export interface StockableItemImport {
  stockableItemId: number | null;
  stockableItemOperation: ImportOperation;
  invalidReason: string | null;
  stockableItemAttributes: Attributes | null;
  stockableItemPreviousAttributes: Attributes | null;
  stockableItemChanged: string[];
  stockableItemPricesAttributes: { effectsOn: string; price: number }[];
  orderableItems: OrderableItemDiff[];
}

export interface OrderableItemImport {
  stockableItemId: number | null;
  orderableItemId: number | null;
  operation: ImportOperation;
  invalidReason: string | null;
  attributes: Attributes | null;
  previousAttributes: Attributes | null;
  changed: string[];
}

export type PublishedTable = 'medis_base_rows' | 'medis_gs1_rows' | 'iryohoken_rows' | 'medhot_rows';

export interface MasterOrderableItem {
  id: number;
  name: string | null;
  gs1Code: string;
  janCode: string | null;
  quantity: number | null;
  makerName: string | null;
  sellerName: string | null;
  packetForm: string | null;
  packetVolume: number | null;
  packagePacketCount: number | null;
  inactiveOn: string | null;
}

export interface MasterStockableItem {
  id: number;
  name: string;
  yjCode: string;
  unit: string | null;
  price: number | null;
  orderableItems: MasterOrderableItem[];
}

export interface StockableItemSearch {
  yjCodes?: string[];
  gs1Codes?: string[];
  janCodes?: string[];
  query?: string;
  pharmacyId?: number;
  existsStock?: boolean;
  page?: number;
}

export interface StockableItemPage {
  items: MasterStockableItem[];
  totalCount: number;
  totalPages: number;
}

export interface MasterFileRowsPage {
  rows: Attributes[];
  totalCount: number;
  totalPages: number;
}

export interface MasterSourceMethods {
  /** One page of a publisher's file (`medis_base_rows?medis_base_id=`). */
  getMasterFileRows: (table: string, fileParam: string, fileId: number, page: number) => Promise<MasterFileRowsPage>;
  getStockableItemImport: (key: StockableImportKey) => Promise<StockableItemImport>;
  applyStockableItemImport: (key: StockableImportKey) => Promise<StockableItemImport>;
  getOrderableItemImport: (orderableItemFixtureId: number) => Promise<OrderableItemImport>;
  applyOrderableItemImport: (orderableItemFixtureId: number) => Promise<OrderableItemImport>;
  rejectImportRequest: (id: number) => Promise<void>;
  /** Removes a downloaded publisher's file (core's record and bytes), so imports no longer read it. */
  deleteMasterFile: (id: number) => Promise<void>;
  acceptImportRequest: (id: number) => Promise<void>;
  setUnknownDeliveryIgnored: (id: number, ignored: boolean) => Promise<void>;
  getPublishedRows: (table: PublishedTable, key: { hotCode: string } | { receiptCode: string }) => Promise<Attributes[]>;
  searchStockableItems: (search: StockableItemSearch) => Promise<StockableItemPage>;
}

const ADMIN = '/api/v2/medorder/admin';
const STOCKABLE_IMPORT = `${ADMIN}/stockable_items/import`;
const ORDERABLE_IMPORT = `${ADMIN}/orderable_items/import`;

/** The server names changed attributes as it names columns; the screens read camelCase records. */
const camelChanged = <T extends { changed: string[] }>(diff: T): T => ({ ...diff, changed: diff.changed.map(toCamelKey) });

const camelStockable = (diff: StockableItemImport): StockableItemImport => ({
  ...diff,
  stockableItemChanged: diff.stockableItemChanged.map(toCamelKey),
  orderableItems: diff.orderableItems.map(camelChanged),
});

export const masterSourceMethods = (send: SendRequest): MasterSourceMethods => ({
  getMasterFileRows: async (table, fileParam, fileId, page) => {
    const response = await send<Attributes[]>({ path: `${ADMIN}/${table}`, query: { [fileParam]: fileId, page } });
    return {
      rows: response.json ?? [],
      totalCount: Number(response.headers.get('x-total-count') ?? 0),
      totalPages: Number(response.headers.get('x-total-pages') ?? 0),
    };
  },
  getStockableItemImport: async (key) => camelStockable((await send<StockableItemImport>({ path: STOCKABLE_IMPORT, query: key })).json),
  applyStockableItemImport: async (key) => camelStockable((await send<StockableItemImport>({ method: 'POST', path: STOCKABLE_IMPORT, body: key })).json),
  getOrderableItemImport: async (orderableItemFixtureId) =>
    camelChanged((await send<OrderableItemImport>({ path: ORDERABLE_IMPORT, query: { orderableItemFixtureId } })).json),
  applyOrderableItemImport: async (orderableItemFixtureId) =>
    camelChanged((await send<OrderableItemImport>({ method: 'POST', path: ORDERABLE_IMPORT, body: { orderableItemFixtureId } })).json),
  rejectImportRequest: async (id) => {
    await send({ method: 'PATCH', path: `${ADMIN}/stockable_item_import_requests/${id}`, body: { state: 'rejected' } });
  },
  deleteMasterFile: async (id) => {
    await send({ method: 'DELETE', path: `/api/v2/core/admin/master_files/${id}` });
  },
  acceptImportRequest: async (id) => {
    await send({ method: 'PATCH', path: `${ADMIN}/stockable_item_import_requests/${id}`, body: { state: 'accepted' } });
  },
  setUnknownDeliveryIgnored: async (id, ignored) => {
    await send({ method: 'PATCH', path: `${ADMIN}/unknown_sdcvan_delivery_d_records/${id}`, body: { ignored } });
  },
  getPublishedRows: async (table, key) => (await send<Attributes[]>({ path: `${ADMIN}/${table}`, query: key })).json ?? [],
  searchStockableItems: async ({ existsStock, ...search }) => {
    const response = await send<MasterStockableItem[]>({
      path: '/api/v2/medorder/master/stockable_items',
      query: { ...search, existsStock: existsStock ? 'true' : undefined },
    });
    return {
      items: response.json ?? [],
      totalCount: Number(response.headers.get('x-total-count') ?? 0),
      totalPages: Number(response.headers.get('x-total-pages') ?? 0),
    };
  },
});
