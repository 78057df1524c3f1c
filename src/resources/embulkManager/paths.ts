import type { WarehouseService } from '../../dataProvider/methods/warehouse';

/** The warehouse screens' URLs, as the spec's route table writes them. */
export const WAREHOUSE_BASE = '/v2/core/embulk_manager';
export const warehousePaths = {
  manager: WAREHOUSE_BASE,
  services: `${WAREHOUSE_BASE}/bigqueries`,
  tables: (service: WarehouseService) => `${WAREHOUSE_BASE}/bigqueries/${service}`,
  jobs: `${WAREHOUSE_BASE}/embulks`,
} as const;
