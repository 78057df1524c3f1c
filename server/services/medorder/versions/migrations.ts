import { rebuildWithAutoincrement, highestIdGiven } from '../../../db/autoincrement';
import type { Migration } from '../../../db/open';
import { VERSIONS_TABLE_SQL } from '../../../db/paperTrail';
import { versionTriggersSql } from '../../../db/versions';
import { MEDORDER_VERSIONED_MASTERS } from './masters';

/**
 * Record versions of the ordering service (issue 39), medorder migration 110: its own versions
 * table (the triggers are derived at every open, `syncPaperTrail` in openMedorderDb), and the
 * versioned tables and the versions themselves made AUTOINCREMENT, so no id is given twice (issue
 * 37): a reify brings a record back under its id, and a record made after a delete has a history
 * of its own. The fixtures have no DELETE route (section 7 gives none); a row removed by hand or
 * a delete added later then gives no id twice either. Foreign keys are off while the tables are
 * rebuilt (an orderable fixture refers to a stockable one).
 */
export const medorderVersionMigrations: Migration[] = [
  {
    version: 110,
    foreignKeysOff: true,
    up: (db) => {
      db.exec(`${VERSIONS_TABLE_SQL} ${versionTriggersSql('versions', 'created_at')}`);
      for (const { table, itemType } of MEDORDER_VERSIONED_MASTERS) rebuildWithAutoincrement(db, table, highestIdGiven(db, table, itemType));
      rebuildWithAutoincrement(db, 'versions', 0);
    },
  },
];
