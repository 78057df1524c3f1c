import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AnyMasterShape } from '../../../src/contract/masterShape';
import { DEALER_SHAPE } from '../../../src/contract/masters/dealers';
import { PLAIN_MASTERS } from '../../../src/contract/masters/plainMasters';
import { SAVED_REPLY_SHAPE } from '../../../src/contract/masters/savedReplies';
import type { DB } from '../../db/open';
import type { AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { masterRoutes, registerMasterRoutes } from '../../shared/masterRoutes';
import { ensureMasterTable, plainMaster, versionedRecordOf, type PlainMaster } from '../../shared/masterStore';
import { actorName } from './actor';

/*
 * The core's plain masters (src/contract/masters/plainMasters.ts): storage and routes from their
 * shapes. What a shape cannot say is a hook here: a dealer's 都道府県名 is its prefecture's.
 */

export const DEALER_MASTER = plainMaster(DEALER_SHAPE, {
  join: { sql: 'JOIN prefectures pr ON pr.id = m.prefecture_id', fields: { prefectureName: 'pr.name' }, tables: ['prefectures'] },
});
export const SAVED_REPLY_MASTER = plainMaster(SAVED_REPLY_SHAPE);

const WITH_HOOKS: ReadonlyMap<AnyMasterShape, PlainMaster> = new Map<AnyMasterShape, PlainMaster>([
  [DEALER_SHAPE, DEALER_MASTER],
  [SAVED_REPLY_SHAPE, SAVED_REPLY_MASTER],
]);

/** Every plain master the core serves, in the registry's order. */
export const CORE_PLAIN_MASTERS: readonly PlainMaster[] = PLAIN_MASTERS.filter((shape) => shape.api.startsWith('/api/v2/core/')).map(
  (shape) => WITH_HOOKS.get(shape) ?? plainMaster(shape),
);

/** Their list declarations (the contract test and the API bench iterate over them). */
export const CORE_PLAIN_LISTS = CORE_PLAIN_MASTERS.map((master) => masterRoutes(master).list);

/** The records of those that write: their ETags are answered, their writes conditional. */
export const CORE_PLAIN_VERSIONED = CORE_PLAIN_MASTERS.filter((master) => master.writable).map(versionedRecordOf);

/** Brings each plain master's table to its shape (after the numbered migrations, at every start). */
export function ensurePlainMasterTables(db: DB): void {
  for (const master of CORE_PLAIN_MASTERS) ensureMasterTable(db, master);
}

export function registerPlainMasterRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext, masters: readonly PlainMaster[] = CORE_PLAIN_MASTERS): void {
  for (const master of masters) {
    registerMasterRoutes(app, ctx, master, (c) => ({ at: ctx.now().toISOString(), by: actorName(ctx.db, c.get('principal')) }));
  }
}
