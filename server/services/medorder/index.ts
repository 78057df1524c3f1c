import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { join } from 'node:path';
import { openDatabase, type DB } from '../../db/open';
import { requireAuth, type AuthEnv } from '../../shared/auth';
import type { ServiceContext } from '../../shared/context';
import { createApi } from '../../shared/openapi';
import { readRoute } from '../../shared/routes';
import type { SeedScale } from '../../db/seedCatalogue';
import { registerBatchConfigRoutes } from './batchConfigs/routes';
import type { ListDeclaration } from '../../shared/listEndpoint';
import { ORDERABLE_FIXTURE_LIST, registerFixtureRoutes, STOCKABLE_FIXTURE_LIST } from './masterSources/fixtureRoutes';
import { IMPORT_REQUEST_LIST, registerMasterSourceRoutes, STOCKABLE_ITEM_LIST, UNKNOWN_DELIVERY_LIST } from './masterSources/routes';
import { MASTER_FILE_ROW_LISTS } from './masterSources/rowRoutes';
import { EMPTY_PUBLISHED_MASTER, type PublishedMasterReader, type SeedPublishedRows } from '../../shared/publishedMasters';
import { registerStockRoutes } from './stocks/routes';
import { medorderMigrations } from './migrations';
import { registerRecordEtags } from '../../shared/conditionalWrite';
import { MEDORDER_VERSIONED_RECORDS } from './versionedRecords';
import { ACTOR_FROM_REQUEST, syncPaperTrail, type StaffName } from '../../db/paperTrail';
import { versionActor } from '../../shared/versionRoutes';
import { medorderVersionedTables } from './versions/masters';
import { registerMedorderVersionRoutes } from './versions/routes';

/** The ordering service's database (its own file; seeds name the pharmacy ids of the shared catalogue and core's seeded medicines). */
export function openMedorderDb(dir: string, seed: number, scale: SeedScale, seedRows: SeedPublishedRows): DB {
  const db = openDatabase(join(dir, 'medorder.sqlite'), medorderMigrations(seed, scale, seedRows));
  // Its masters' version triggers as their shapes are now; versions name the user the request named.
  syncPaperTrail(db, medorderVersionedTables(db), ACTOR_FROM_REQUEST);
  return db;
}

/** The ordering service's declared lists: the list contract test and the API bench cover each. */
export const MEDORDER_LISTS: readonly ListDeclaration[] = [
  STOCKABLE_FIXTURE_LIST, ORDERABLE_FIXTURE_LIST, IMPORT_REQUEST_LIST, UNKNOWN_DELIVERY_LIST, STOCKABLE_ITEM_LIST,
];

/** The publishers' files' rows (in-memory pages of a downloaded file): the API bench asks each with a file's id (`requires`). */
export const MEDORDER_FILE_ROW_LISTS = MASTER_FILE_ROW_LISTS;

const pingRoute = readRoute('/api/v2/admin/ping', { response: z.object({ ok: z.boolean() }), responseDescription: 'OK', summary: '疎通確認', tags: ['medorder'] });

/**
 * `publishedMaster`: core's imported master rows, the master diffs' source; `staffNames`: core's
 * user (id and name) of a token's subject, whom the versions name (both passed in by the environment).
 */
export function createMedorderService(
  ctx: ServiceContext,
  publishedMaster: PublishedMasterReader = EMPTY_PUBLISHED_MASTER,
  staffNames: (sub: string) => StaffName | undefined = () => undefined,
): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth), ctx.listWork, versionActor(ctx, staffNames));
  // In front of the routes: each versioned record's answers carry its ETag.
  registerRecordEtags(app, ctx.db, MEDORDER_VERSIONED_RECORDS);
  app.openapi(pingRoute, (c) => c.json({ ok: true }, 200));
  registerBatchConfigRoutes(app, ctx);
  registerStockRoutes(app, ctx);
  registerFixtureRoutes(app, ctx);
  registerMasterSourceRoutes(app, ctx, publishedMaster);
  registerMedorderVersionRoutes(app, ctx);
  return app;
}
