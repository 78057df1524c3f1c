import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { AuthEnv } from '../../../shared/auth';
import { validationError } from '../../../shared/errors';
import { JOB_STATUSES, type Job } from '../../../shared/jobs';
import { readRoute, writeRoute } from '../../../shared/routes';
import { labelled } from '../../../shared/validation';
import { TABLE_NAME } from '../../../warehouse/sourceTables';
import { WAREHOUSE_DATASETS } from '../../../warehouse/datasets';
import { WAREHOUSE_MESSAGES } from '../../../warehouse/warehouse';
import type { CoreServiceContext } from '../context';

/*
 * Spec section 7: the warehouse tables per service (`bigqueries/{serviceName}`), the copy job
 * (`embulks/execute_copy`) and the job list (`embulks`). A copy job runs on the environment's job
 * runner like every other batch job; its handler replaces the warehouse table with the rows of
 * the service's own table.
 */

const tags = ['core: warehouse'];
export const WAREHOUSE_COPY_JOB = 'warehouse_copy';

const datasetSchema = z.enum(WAREHOUSE_DATASETS);

const WarehouseTableSchema = z
  .object({
    id: z.string(),
    project_id: z.string(),
    dataset_id: datasetSchema,
    table_id: z.string(),
    created_at: z.string().nullable(),
    modified_at: z.string().nullable(),
    bytes_count: z.number().nullable(),
    rows_count: z.number().nullable(),
    mysql_exist: z.boolean(),
  })
  .openapi('WarehouseTable');

const JobSummarySchema = z
  .object({
    job_id: z.string(),
    job_name: z.string(),
    status: z.enum(JOB_STATUSES),
    status_reason: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    stopped_at: z.string().nullable(),
  })
  .openapi('JobSummary');

const tablesRoute = readRoute('/api/v2/admin/bigqueries/{serviceName}', {
  summary: 'データウェアハウスのテーブル一覧 (MySQLにあってまだコピーしていないテーブルも含む)',
  tags,
  params: z.object({ serviceName: labelled('サービス名', datasetSchema.openapi({ param: { name: 'serviceName', in: 'path' } })) }),
  query: z.object({ column: labelled('列', z.enum(['full']).optional()) }),
  response: z.array(WarehouseTableSchema),
  responseDescription: 'テーブル一覧',
});

/** A copy's start: it writes the job store only, never core's tables (server/shared/writeTurns.ts). */
export const WAREHOUSE_COPY_PATH = '/api/v2/admin/embulks/execute_copy';

const copyRoute = writeRoute('post', WAREHOUSE_COPY_PATH, {
  body: z
    .object({
      service_name: labelled('サービス名', datasetSchema),
      table_name: labelled('テーブル名', z.string().regex(TABLE_NAME)),
    })
    .strict(),
  response: z.object({ job_id: z.string() }).openapi('CopyJobStarted'),
  summary: 'MySQLのテーブルをデータウェアハウスへコピーするジョブを開始',
  tags,
});

const jobsRoute = readRoute('/api/v2/admin/embulks', {
  summary: 'コピージョブ一覧 (3〜4日で削除)',
  tags,
  query: z.object({ job_status: labelled('ジョブの状態', z.enum(JOB_STATUSES).optional()) }),
  response: z.object({ job_summary_list: z.array(JobSummarySchema) }),
  responseDescription: 'ジョブ一覧',
});

const jobSummary = (job: Job): z.infer<typeof JobSummarySchema> => ({
  job_id: job.id,
  job_name: job.name,
  status: job.status,
  status_reason: job.statusReason,
  created_at: job.createdAt.toISOString(),
  started_at: job.startedAt?.toISOString() ?? null,
  stopped_at: job.stoppedAt?.toISOString() ?? null,
});

export function registerWarehouseRoutes(app: OpenAPIHono<AuthEnv>, ctx: CoreServiceContext): void {
  const { jobs, warehouse } = ctx;

  jobs.register(WAREHOUSE_COPY_JOB, async (params) => {
    const dataset = datasetSchema.parse(params.service_name);
    const result = await warehouse.copy(dataset, String(params.table_name));
    return { rows: result.rows, bytes: result.bytes, modified_at: result.modifiedAt };
  });

  app.openapi(tablesRoute, async (c) => {
    const { serviceName } = c.req.valid('param');
    const tables = await warehouse.tables(serviceName);
    return c.json(
      tables.map((t) => ({
        id: `${t.datasetId}.${t.tableId}`,
        project_id: t.projectId,
        dataset_id: t.datasetId,
        table_id: t.tableId,
        created_at: t.createdAt,
        modified_at: t.modifiedAt,
        bytes_count: t.bytesCount,
        rows_count: t.rowsCount,
        mysql_exist: t.mysqlExist,
      })),
      200,
    );
  });

  app.openapi(copyRoute, (c) => {
    const { service_name, table_name } = c.req.valid('json');
    // The whitelist: only a table the service's database has (the name was already shape-checked).
    if (!warehouse.sourceTables(service_name).includes(table_name)) {
      throw validationError({ table_name: [WAREHOUSE_MESSAGES.unknownTable(service_name, table_name)] });
    }
    const jobId = jobs.submit(WAREHOUSE_COPY_JOB, { service_name, table_name }, { name: `${service_name}.${table_name} のコピー` });
    return c.json({ job_id: jobId }, 200);
  });

  app.openapi(jobsRoute, (c) => {
    const { job_status } = c.req.valid('query');
    const list = jobs.list({ kind: WAREHOUSE_COPY_JOB, ...(job_status && { status: job_status }), limit: 1000 });
    return c.json({ job_summary_list: list.map(jobSummary) }, 200);
  });
}
