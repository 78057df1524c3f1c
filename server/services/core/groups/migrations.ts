import type { Migration } from '../../../db/open';
import { countTriggersSql } from '../../../db/counts';
import type { SeedScale } from '../../../db/seedCatalogue';
import { versionTriggersSql } from '../../../db/versions';
import { searchIndexSql } from '../../../shared/search';
import { GROUP_SEARCH } from './search';
import { seedGroups } from './seed';

/** Neighbour groups: core migration 3. */
export function groupMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
    {
      // Neighbour groups (spec section 2 "Companies and neighbour groups"): a pharmacy may belong
      // to several groups.
      version: 3,
      up: `
        CREATE TABLE groups (
          id INTEGER PRIMARY KEY,
          name TEXT NOT NULL UNIQUE,
          pharmacies_count INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          created_by TEXT,
          updated_by TEXT
        );
        CREATE TABLE group_pharmacies (
          group_id INTEGER NOT NULL REFERENCES groups(id) ON DELETE CASCADE,
          pharmacy_id INTEGER NOT NULL REFERENCES pharmacies(id) ON DELETE CASCADE,
          created_at TEXT NOT NULL,
          PRIMARY KEY (group_id, pharmacy_id)
        ) WITHOUT ROWID;
        CREATE INDEX group_pharmacies_pharmacy ON group_pharmacies(pharmacy_id, group_id);
        CREATE INDEX groups_sort_updated_at ON groups(updated_at, id);
        CREATE INDEX groups_sort_name ON groups(name, id);
        CREATE INDEX groups_sort_pharmacies_count ON groups(pharmacies_count, id);
        ${countTriggersSql('group_pharmacies', 'group_id', 'groups', 'pharmacies_count')}
        ${searchIndexSql(GROUP_SEARCH)}
        ${versionTriggersSql('groups', 'updated_at')}
        ${versionTriggersSql('group_pharmacies', 'created_at')}`,
      seed: (db) => seedGroups(db, seed, scale),
    },
  ];
}
