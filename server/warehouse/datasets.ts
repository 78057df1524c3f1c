/**
 * The warehouse's datasets (one per service the rows come from) and what a copy reports: apart
 * from warehouse.ts so its seed (seed.ts), which warehouse.ts runs, can name them without a circle.
 */
export const WAREHOUSE_DATASETS = ['core', 'medorder'] as const;
export type WarehouseDataset = (typeof WAREHOUSE_DATASETS)[number];

export interface CopyResult {
  dataset: WarehouseDataset;
  table: string;
  rows: number;
  bytes: number;
  modifiedAt: string;
}

/** Query parameters: plain values, as they cross to the warehouse's job process. */
export type WarehouseParams = Record<string, string | number | bigint | boolean | null>;

/** The bookkeeping table: what BigQuery's table metadata gives, per copied table. */
export const WAREHOUSE_META = 'warehouse_meta.tables';
