import { highestIdGiven, rebuildWithAutoincrement } from '../../db/autoincrement';
import type { Migration } from '../../db/open';
import { VERSIONED_MASTERS } from './versions/masters';

/**
 * Core's tables whose rows can go and whose ids the API shows (issue 37: an id is never given
 * twice), as core migration 100 rebuilt them: each is `INTEGER PRIMARY KEY AUTOINCREMENT` from
 * then on, so a record made after a delete never takes the deleted one's id, and so neither its
 * change history (`versions` by item_id) nor a reify of it (which inserts it again with its id)
 * meets another's. A shipped migration does not change: a table added later with deletes says
 * AUTOINCREMENT in its own CREATE (tests/server/record-ids.test.ts holds every table to it).
 *
 * - deleted through the API: manual_categories, manuals, licenses (and with their pharmacy),
 *   inquiry_messages, master_files; versions (the retention sweep, which can take the newest);
 * - versioned records a reify brings back by id, with no delete route today: companies,
 *   pharmacies, groups, users (a user goes with the identity provider's account). A delete
 *   added later, or a row removed by hand, then gives no id twice either.
 * The plain masters (saved_replies, announcements, ...) are AUTOINCREMENT from their shape
 * (server/shared/masterStore.ts). The memberships (group_pharmacies, pharmacy_users) and the
 * read marks and views are keyed by the ids they join, with no id of their own; the tables that
 * keep a plain integer id are `CORE_IDS_KEPT`. The ordering service (medorder) deletes no row of
 * any table; its versioned tables (the item fixtures, which a reify brings back by id) and its
 * versions are AUTOINCREMENT from medorder migration 110.
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

/** Core's tables that keep a plain `id INTEGER PRIMARY KEY`, and why no id of theirs comes back. */
export const CORE_IDS_KEPT: Readonly<Record<string, string>> = {
  prefectures: 'a fixed list, by JIS code',
  dealers: 'read-only: no create, no delete',
  ethical_medicines: 'an import adds and updates rows, never deletes one',
  inquiry_rooms: 'never deleted (nor is the pharmacy it belongs to)',
  master_file_quarantine: 'never deleted, and its id is shown nowhere',
};

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
