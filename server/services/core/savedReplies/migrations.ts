import type { Migration } from '../../../db/open';
import { ensureMasterTable } from '../../../shared/masterStore';
import { SAVED_REPLY_MASTER } from '../plainMasters';

/**
 * Saved replies (定型文, issue 25): a plain master whose table, sorts, search index and sample
 * rows come from its shape (issue 37). Made at 60, as always, because migrations 71 (row
 * versions) and 80 (search folding) name it; since then the shape keeps it in shape at every
 * start. Versions 60-69 belong to this feature.
 */
export const savedReplyMigrations: Migration[] = [{ version: 60, up: (db) => ensureMasterTable(db, SAVED_REPLY_MASTER) }];
