import type { VersionedRecord } from '../../db/versions';

/**
 * Core's records whose writes are conditional (If-Match / If-Unmodified-Since): core migration 71
 * keeps their versions and the service answers their ETag at these paths (shared/conditionalWrite.ts).
 * A new conditional write adds its record here, and a migration for its table's triggers.
 */
export const CORE_VERSIONED_RECORDS: readonly VersionedRecord[] = [
  { path: '/api/v2/admin/companies/:id', table: 'companies' },
  { path: '/api/v2/admin/pharmacies/:id', table: 'pharmacies' },
  { path: '/api/v2/admin/groups/:id', table: 'groups' },
  { path: '/api/v2/admin/manual_categories/:id', table: 'manual_categories' },
  { path: '/api/v2/admin/manuals/:id', table: 'manuals' },
  { path: '/api/v2/admin/saved_replies/:id', table: 'saved_replies' },
  { path: '/api/v2/admin/inquiry_rooms/:id', table: 'inquiry_rooms' },
  { path: '/api/v2/admin/inquiry_messages/:id', table: 'inquiry_messages' },
];
