import type { Migration } from '../../../db/open';
import { versionTriggersSql } from '../../../db/versions';
import { searchIndexSql } from '../../../shared/search';
import { SAVED_REPLY_SEARCH } from './search';
import { seedSavedReplies } from './seed';

/** Saved replies (定型文, issue 25): one table, its sorts, its search index. Versions 60-69 belong to this feature. */
export const savedReplyMigrations: Migration[] = [
  {
    version: 60,
    up: `
      CREATE TABLE saved_replies (
        id INTEGER PRIMARY KEY,
        title TEXT NOT NULL,
        shortcut TEXT NOT NULL UNIQUE,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        created_by TEXT,
        updated_by TEXT
      );
      CREATE INDEX saved_replies_sort_title ON saved_replies(title, id);
      CREATE INDEX saved_replies_sort_updated_at ON saved_replies(updated_at, id);
      ${searchIndexSql(SAVED_REPLY_SEARCH)}
      ${versionTriggersSql('saved_replies', 'updated_at')}`,
    seed: seedSavedReplies,
  },
];
