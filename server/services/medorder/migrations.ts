import type { Migration } from '../../db/open';
import type { SeedScale } from '../../db/seedCatalogue';
import { rowVersionsSql, tableVersionsSql } from '../../db/versions';
import type { SeedPublishedRows } from '../../shared/publishedMasters';
import { batchConfigMigrations } from './batchConfigs/migrations';
import { masterSourceMigrations } from './masterSources/migrations';
import { stockMigrations } from './stocks/migrations';
import { MEDORDER_VERSIONED_RECORDS } from './versionedRecords';
import { medorderVersionMigrations } from './versions/migrations';

/**
 * The ordering service's migrations, in the order they apply (`openDatabase` applies by version;
 * this list keeps that order, tests/server/migrations.test.ts holds it to it). Each feature owns a
 * range of ids and keeps its migrations in its own `migrations.ts`; an id once applied never
 * changes, or an existing database would run it again.
 *
 *   1      change bookkeeping (table_versions)
 *   10-19  batchConfigs/
 *   60-69  stocks/
 *   90-99  masterSources/ (import requests, fixtures, stockable items)
 *   100    record versions (ETag / If-Match) of the conditionally written records (versionedRecords.ts)
 *   110    versions/ (the change history, issue 39; its tables AUTOINCREMENT)
 */
export function medorderMigrations(seed: number, scale: SeedScale, seedRows: SeedPublishedRows): Migration[] {
  return [
    { version: 1, up: tableVersionsSql },
    ...batchConfigMigrations(seed, scale),
    ...stockMigrations,
    ...masterSourceMigrations(seed, scale, seedRows),
    // After every table it versions exists.
    { version: 100, up: rowVersionsSql(MEDORDER_VERSIONED_RECORDS) },
    ...medorderVersionMigrations,
  ];
}
