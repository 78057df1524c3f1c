import type { Migration } from '../../../db/open';
import { versionTriggersSql } from '../../../db/versions';
import { searchIndexSql } from '../../../shared/search';
import { MANUAL_SEARCH } from './search';
import type { SeedScale } from '../../../db/seedCatalogue';
import { seedManuals } from './seed';

/**
 * The manual knowledge base (spec sections 2, 3 and 7 "Manuals"): a category tree (a parent id per
 * category; depth, has_child and ancestors are derived on read, the tree being a few dozen rows),
 * manuals with markdown content, and who has been counted as having viewed what (so a reload or a
 * prefetch by the same person does not count twice). Versions 30-39 belong to this module.
 */
export function manualMigrations(seed: number, scale: SeedScale): Migration[] {
  return [
    {
      version: 30,
      up: `
        CREATE TABLE manual_categories (
          id INTEGER PRIMARY KEY,
          parent_id INTEGER REFERENCES manual_categories(id) ON DELETE RESTRICT,
          name TEXT NOT NULL,
          position INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX manual_categories_parent ON manual_categories(parent_id, position, id);
        CREATE TABLE manuals (
          id INTEGER PRIMARY KEY,
          manual_category_id INTEGER REFERENCES manual_categories(id) ON DELETE RESTRICT,
          title TEXT NOT NULL,
          content TEXT NOT NULL,
          impressions_count INTEGER NOT NULL DEFAULT 0,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          created_by TEXT,
          updated_by TEXT
        );
        CREATE INDEX manuals_sort_updated_at ON manuals(updated_at, id);
        CREATE INDEX manuals_sort_created_at ON manuals(created_at, id);
        CREATE INDEX manuals_sort_title ON manuals(title, id);
        CREATE INDEX manuals_sort_impressions_count ON manuals(impressions_count, id);
        CREATE INDEX manuals_category ON manuals(manual_category_id, updated_at, id);
        CREATE TABLE manual_views (
          manual_id INTEGER NOT NULL REFERENCES manuals(id) ON DELETE CASCADE,
          viewer TEXT NOT NULL,
          viewed_at TEXT NOT NULL,
          PRIMARY KEY (manual_id, viewer)
        ) WITHOUT ROWID;
        ${searchIndexSql(MANUAL_SEARCH)}
        ${versionTriggersSql('manual_categories', 'updated_at')}
        ${versionTriggersSql('manuals', 'updated_at')}`,
      seed: (db) => seedManuals(db, seed, scale),
    },
  ];
}
