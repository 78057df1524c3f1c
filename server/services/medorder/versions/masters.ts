import type { DB } from '../../../db/open';
import type { VersionedTable } from '../../../db/paperTrail';
import { versionedTablesOf, type VersionedMaster } from '../../../shared/versionedMasters';
import { ORDERABLE_FIXTURE_SHAPE, STOCKABLE_FIXTURE_SHAPE } from '../../../../src/contract/masters/itemFixtures';

/**
 * The ordering service's versioned masters (issue 39): the staff's item fixtures, named by the
 * SPA's resources (their screens are under master_sources). Each service keeps its own versions,
 * as PaperTrail does per Rails app: these live in medorder.sqlite.
 *
 * Not here, and why: an import request's 却下 / 更新 and an unknown delivery record are workflow
 * (a pharmacy's request moving through its states, a wholesaler's record waiting to be matched),
 * whose state is their history, not a master the staff maintain; a pharmacy's batch config is a
 * setting of the pharmacy keyed by its id (the triggers name records by `id`), shown on no
 * detail page of its own.
 */
export const MEDORDER_VERSIONED_MASTERS: readonly VersionedMaster[] = [
  { itemType: 'v2/core/master_sources/stockable_item_fixtures', table: 'stockable_item_fixtures', shape: STOCKABLE_FIXTURE_SHAPE },
  { itemType: 'v2/core/master_sources/orderable_item_fixtures', table: 'orderable_item_fixtures', shape: ORDERABLE_FIXTURE_SHAPE },
];

export const medorderVersionedTables = (db: DB): VersionedTable[] => versionedTablesOf(db, MEDORDER_VERSIONED_MASTERS);
