import type { VersionedRecord } from '../../db/versions';

/**
 * The ordering service's records whose writes are conditional (If-Match / If-Unmodified-Since):
 * medorder migration 100 keeps their versions and the service answers their ETag at these paths
 * (shared/conditionalWrite.ts). A batch config is keyed by its pharmacy.
 */
export const MEDORDER_VERSIONED_RECORDS: readonly VersionedRecord[] = [
  { path: '/api/v2/admin/stockable_item_fixtures/:id', table: 'stockable_item_fixtures' },
  { path: '/api/v2/admin/orderable_item_fixtures/:id', table: 'orderable_item_fixtures' },
  { path: '/api/v2/admin/stockable_item_import_requests/:id', table: 'stockable_item_import_requests' },
  { path: '/api/v2/admin/unknown_sdcvan_delivery_d_records/:id', table: 'unknown_sdcvan_delivery_d_records' },
  { path: '/api/v2/admin/pharmacies/:id/batch_config', table: 'batch_configs', idColumn: 'pharmacy_id' },
];
