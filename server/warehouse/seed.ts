import type { DuckDBConnection } from '@duckdb/node-api';
import { startOfTodayInTokyo } from '../../src/contract/dates';
import type { CopyResult, WarehouseDataset } from './datasets';

/*
 * A new warehouse file starts as a real one is found: some tables copied today, some whose last
 * copy is days old (the warning badge: the previous job may have failed), service tables never
 * copied, and tables MySQL no longer has (their copy button is disabled).
 */

/** Copied at seed time, in this order; every other one (index 0, 2, ...) is left stale. */
export const SEEDED_COPIES: readonly [WarehouseDataset, string][] = [
  ['core', 'companies'],
  ['core', 'pharmacies'],
  ['core', 'dealers'],
  ['core', 'groups'],
  ['core', 'prefectures'],
  ['core', 'licenses'],
  ['medorder', 'batch_configs'],
  ['medorder', 'stockable_items'],
];

/** Warehouse tables whose MySQL table was dropped long ago. */
export const WAREHOUSE_ONLY_TABLES: readonly [WarehouseDataset, string][] = [
  ['core', 'pharmacy_monthly_reports'],
  ['medorder', 'order_histories_2023'],
];

const DAY_MS = 24 * 3600_000;

export interface SeedTarget {
  writer: DuckDBConnection;
  copy(dataset: WarehouseDataset, table: string, at: { createdAt: string; modifiedAt: string }): Promise<CopyResult>;
  /** Whether the service has the table (a database at another migration may not). */
  has(dataset: WarehouseDataset, table: string): boolean;
  now: () => Date;
}

export async function seedWarehouse({ writer, copy, has, now }: SeedTarget): Promise<void> {
  const today = startOfTodayInTokyo(now());
  const createdAt = new Date(today.getTime() - 90 * DAY_MS).toISOString();
  for (const [i, [dataset, table]] of SEEDED_COPIES.entries()) {
    // Stale: copied i+1 days before today began. Fresh: copied as today began (never after now).
    const modifiedAt = i % 2 === 0 ? new Date(today.getTime() - (i + 1) * DAY_MS).toISOString() : today.toISOString();
    if (has(dataset, table)) await copy(dataset, table, { createdAt, modifiedAt });
  }
  for (const [dataset, table] of WAREHOUSE_ONLY_TABLES) {
    const target = `"${dataset}"."${table}"`;
    await writer.run(
      `CREATE OR REPLACE TABLE ${target} AS SELECT i AS id, 'pharmacy-' || (i % 40) AS pharmacy_key, (i * 37) % 1000 AS quantity FROM range(500) t(i)`,
    );
    const [{ rows, bytes }] = (await writer.runAndReadAll(
      `SELECT count(*)::BIGINT AS rows, sum(8 + 2 + strlen(pharmacy_key) + 8)::BIGINT AS bytes FROM ${target}`,
    )).getRowObjects();
    const stale = new Date(today.getTime() - 400 * DAY_MS).toISOString();
    await writer.run(`INSERT OR REPLACE INTO warehouse_meta.tables VALUES ($dataset, $table, $createdAt, $modifiedAt, $bytes, $rows)`, {
      dataset,
      table,
      createdAt: stale,
      modifiedAt: stale,
      bytes: bytes as bigint,
      rows: rows as bigint,
    });
  }
}
