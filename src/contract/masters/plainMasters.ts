import type { AnyMasterShape } from '../masterShape';
import { ANNOUNCEMENT_SHAPE } from './announcements';
import { DEALER_SHAPE } from './dealers';
import { SAVED_REPLY_SHAPE } from './savedReplies';

/**
 * The plain masters (issue 37): each is its shape alone. From this list the reference API makes
 * their tables, search indexes and routes (server/services/core/plainMasters.ts), the SPA their
 * screens where no declaration of its own replaces them (src/resources/registry.ts), and the
 * server tests their partial-write, no-op, conflict, list and OpenAPI checks. A new one is its
 * shape file and one line here (docs/ADDING_A_MASTER.md).
 */
export const PLAIN_MASTERS: readonly AnyMasterShape[] = [DEALER_SHAPE, SAVED_REPLY_SHAPE, ANNOUNCEMENT_SHAPE];
