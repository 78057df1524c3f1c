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

/** The ordering service's database (its own file; seeds name the pharmacy ids of the shared catalogue and core's seeded medicines). */
export function openMedorderDb(dir: string, seed: number, scale: SeedScale, seedRows: SeedPublishedRows): DB {
  return openDatabase(join(dir, 'medorder.sqlite'), medorderMigrations(seed, scale, seedRows));
}

/** The ordering service's declared lists: the list contract test and the API bench cover each. */
export const MEDORDER_LISTS: readonly ListDeclaration[] = [
  STOCKABLE_FIXTURE_LIST, ORDERABLE_FIXTURE_LIST, IMPORT_REQUEST_LIST, UNKNOWN_DELIVERY_LIST, STOCKABLE_ITEM_LIST,
];

/** The publishers' files' rows (in-memory pages of a downloaded file): the API bench asks each with a file's id (`requires`). */
export const MEDORDER_FILE_ROW_LISTS = MASTER_FILE_ROW_LISTS;

const pingRoute = readRoute('/api/v2/admin/ping', { response: z.object({ ok: z.boolean() }), responseDescription: 'OK', summary: '疎通確認', tags: ['medorder'] });

/** `publishedMaster`: core's imported master rows, the master diffs' source (passed in by the environment). */
export function createMedorderService(ctx: ServiceContext, publishedMaster: PublishedMasterReader = EMPTY_PUBLISHED_MASTER): OpenAPIHono<AuthEnv> {
  const app = createApi<AuthEnv>();
  app.use('/api/*', requireAuth(ctx.auth), ctx.listWork);
  // In front of the routes: each versioned record's answers carry its ETag.
  registerRecordEtags(app, ctx.db, MEDORDER_VERSIONED_RECORDS);
  app.openapi(pingRoute, (c) => c.json({ ok: true }, 200));
  registerBatchConfigRoutes(app, ctx);
  registerStockRoutes(app, ctx);
  registerFixtureRoutes(app, ctx);
  registerMasterSourceRoutes(app, ctx, publishedMaster);
  return app;
}
