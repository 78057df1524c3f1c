import type { Migration } from '../../db/open';
import { tableVersionsSql } from '../../db/versions';
import { legacyStockMigrations } from './stocks/migrations';

/**
 * Legacy v1's migrations, in the order they apply (see medorder/migrations.ts for the rule):
 *
 *   1      change bookkeeping (table_versions)
 *   60-69  stocks/ (FIFO racks, cached stocks)
 */
export const legacyMigrations: Migration[] = [{ version: 1, up: tableVersionsSql }, ...legacyStockMigrations];
