import type { Migration } from '../../../db/open';
import { VERSIONS_TABLE_SQL } from '../../../db/paperTrail';
import { versionTriggersSql } from '../../../db/versions';

/**
 * Record versions (issue 39), core migrations 90-99: the versions table. Its triggers are not a
 * migration's: they are derived from the masters' shapes at every open (`syncPaperTrail`, in
 * openCoreDb), so a new master or field is versioned without a migration of its own. Rows
 * seeded before the triggers exist have no versions: history starts at the first write.
 */
export const versionMigrations: Migration[] = [
  // The list's cached pages and x-last-updated follow the table like every list's.
  { version: 90, up: `${VERSIONS_TABLE_SQL} ${versionTriggersSql('versions', 'created_at')}` },
];
