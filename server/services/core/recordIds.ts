import { highestIdGiven, rebuildWithAutoincrement } from '../../db/autoincrement';
import type { Migration } from '../../db/open';
import { VERSIONED_MASTERS } from './versions/masters';

/**
 * Core's tables whose rows can go and whose ids the API shows (issue 37: an id is never given
 * twice). Each is `INTEGER PRIMARY KEY AUTOINCREMENT` from core migration 100 on, so a record
 * made after a delete never takes the deleted one's id, and so neither its change history
 * (`versions` by item_id) nor a reify of it (which inserts it again with its id) meets another's.
 *
 * - deleted through the API: manual_categories, manuals, licenses (and with their pharmacy),
 *   inquiry_messages, master_files; versions (the retention sweep, which can take the newest);
 * - versioned records a reify brings back by id, with no delete route today: companies,
 *   pharmacies, groups, users (a user goes with the identity provider's account). A delete
 *   added later, or a row removed by hand, then gives no id twice either.
 * The plain masters (saved_replies, announcements, ...) are AUTOINCREMENT from their shape
 * (server/shared/masterStore.ts). Left as they are, none of them deleted with an id of its own:
 * inquiry_rooms (never deleted), the memberships group_pharmacies and pharmacy_users (keyed by
 * their two ids), inquiry_room_reads, manual_views, upload_links (no id the API shows),
 * ethical_medicines (an import updates, never deletes), prefectures and dealers (fixed lists).
 * The ordering service (medorder) deletes no row of any table.
 */
export const CORE_ID_TABLES = [
  'companies',
  'pharmacies',
  'groups',
  'users',
  'manual_categories',
  'manuals',
  'licenses',
  'inquiry_messages',
  'master_files',
  'versions',
] as const;

/** The record type a table's versions name, for the tables that keep versions. */
const itemTypeOf = (table: string) => VERSIONED_MASTERS.find((master) => master.table === table)?.itemType;

/**
 * Core migration 100: each table rebuilt as AUTOINCREMENT, its counter at the highest id it ever
 * gave (its rows', and a deleted row's ETag counter or versions), so an id deleted before the
 * migration is not given again either. Foreign keys are off while it runs (the tables are
 * referred to by memberships, licences, messages, pharmacies), and it commits only with
 * `foreign_key_check` clean. A new database runs it too, so new and old end with one schema.
 */
export const recordIdMigration: Migration = {
  version: 100,
  foreignKeysOff: true,
  up: (db) => {
    for (const table of CORE_ID_TABLES) rebuildWithAutoincrement(db, table, highestIdGiven(db, table, itemTypeOf(table)));
  },
};
