import { z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { tablesVersion } from '../../../db/versions';
import type { AuthEnv } from '../../../shared/auth';
import type { ServiceContext } from '../../../shared/context';
import { ApiError, MESSAGES, notFoundError, validationError } from '../../../shared/errors';
import { checkFreshness } from '../../../shared/freshness';
import { answerList } from '../../../shared/listEndpoint';
import { answerSchema, listDeclarationOf } from '../../../shared/masterShape';
import { detailRoute, listRoute, readRoute, writeRoute } from '../../../shared/routes';
import { tokyoDate } from '../../../shared/time';
import { labelled } from '../../../shared/validation';
import { ETHICAL_MEDICINE_SHAPE } from '../../../../src/contract/masters/ethicalMedicines';
import { isInsuranceStartYear, startDateProblem, INSURANCE_START_YEARS } from '../../../../src/contract/ethicalMedicineImportRules';
import { FLAG_COLUMNS, MEDICINE_COLUMN_NAMES } from './columns';
import { MASTER_KINDS, type MasterKind } from '../masterFiles/layouts';
import { deleteMasterFile, downloadMasterFiles, importMasterFiles, MASTER_KIND_LABELS, type UpstreamFile } from '../masterFiles/store';
import { writeDefaultMasterSources } from '../masterFiles/seed';
import { ETHICAL_MEDICINE_SEARCH } from './search';

const tags = ['core: ethical medicines'];

/** The answer from the contract's shape (issue 24 item 1): flags as booleans, the rest nullable but the brand name. */
export const EthicalMedicineSchema = answerSchema(ETHICAL_MEDICINE_SHAPE, 'EthicalMedicine');

type MedicineRow = Record<string, unknown>;

const SELECT = ['m.id', ...MEDICINE_COLUMN_NAMES.map((c) => `m.${c}`), 'm.created_at', 'm.updated_at'].join(', ');
const FROM = 'FROM ethical_medicines m';

/** Flags are stored 0/1 and answered as booleans. */
const toRecord = (row: MedicineRow): MedicineRow => {
  const record = { ...row };
  for (const flag of FLAG_COLUMNS) record[flag] = row[flag] === 1;
  return record;
};

/** Sort, search and fields from the contract's shape; the SELECT and the 無効 filter's SQL stay here. */
export const ETHICAL_MEDICINE_LIST = listDeclarationOf(ETHICAL_MEDICINE_SHAPE, {
  alias: 'm',
  search: ETHICAL_MEDICINE_SEARCH,
  filters: {
    include_inactive: {
      label: '無効になったものも含む',
      schema: z.string().regex(/^(true|false)$/).optional().openapi({ description: '廃止日が今日以前のものも含む' }),
      example: 'true',
    },
  },
});

const PATH = ETHICAL_MEDICINE_LIST.path;
const listMedicines = listRoute(ETHICAL_MEDICINE_LIST, EthicalMedicineSchema, tags);
const getMedicine = detailRoute(PATH, EthicalMedicineSchema, '医療用医薬品詳細', tags);

const JobStartedSchema = z.object({ job_id: z.string() }).openapi('MasterJobStarted');
const kindParam = z.object({
  kind: labelled('マスターの種類', z.enum(MASTER_KINDS as [MasterKind, ...MasterKind[]]).openapi({ param: { name: 'kind', in: 'path' } })),
});
/** An import takes nothing but the path; a body, when sent, must be empty. */
const ImportBodySchema = z.object({}).strict();

const DownloadBodySchema = z
  .object({
    start_date: labelled('開始日', z.string().optional()),
    start_year: labelled('開始年', z.union([z.number(), z.string()]).optional()),
  })
  .strict();

/** The job starts: they write the job store only, never core's tables (server/shared/writeTurns.ts). */
export const MASTER_JOB_START_PATHS = [`${PATH}/downloads/{kind}`, `${PATH}/imports/{kind}`] as const;

const downloadRoute = writeRoute('post', MASTER_JOB_START_PATHS[0], {
  summary: 'マスターファイルのダウンロード開始 (hot_code, medhot: start_date / iryohoken: start_year)',
  tags,
  params: kindParam,
  body: DownloadBodySchema,
  status: 202,
  response: JobStartedSchema,
  responseDescription: '開始したジョブ',
});

const importRoute = writeRoute('post', MASTER_JOB_START_PATHS[1], {
  summary: 'ダウンロード済みマスターファイルの取り込み開始',
  tags,
  params: kindParam,
  body: ImportBodySchema,
  bodyRequired: false,
  status: 202,
  response: JobStartedSchema,
  responseDescription: '開始したジョブ',
});

const MasterJobSchema = z
  .object({
    action: z.enum(['download', 'import']),
    kind: z.enum(MASTER_KINDS as [MasterKind, ...MasterKind[]]),
    job_id: z.string(),
    name: z.string(),
    status: z.string(),
    status_reason: z.string().nullable(),
    result: z.unknown(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    stopped_at: z.string().nullable(),
  })
  .openapi('MasterJob');

const jobsRoute = readRoute(`${PATH}/jobs`, { summary: '各マスターの最後のダウンロード・取り込みジョブ', tags, response: z.array(MasterJobSchema), responseDescription: '最後のジョブ' });

const deleteFileRoute = writeRoute('delete', '/api/v2/admin/master_files/{id}', {
  summary: 'ダウンロード済みマスターファイルの削除 (取り込めないファイルを取り込み対象から外す)',
  tags,
  response: z.object({ id: z.number(), kind: z.string(), file_name: z.string() }).openapi('DeletedMasterFile'),
  responseDescription: '削除したファイル',
});

type Action = 'download' | 'import';
const jobKind = (action: Action, kind: MasterKind) => `ethical_medicines_${action}_${kind}`;
const ACTION_LABELS: Record<Action, string> = { download: 'ダウンロード', import: '取り込み' };

const requireAdmin = (c: Context<AuthEnv>) => {
  if (!c.get('principal').isAdmin) throw new ApiError(403, [MESSAGES.forbidden]);
};

export function registerEthicalMedicineRoutes(app: OpenAPIHono<AuthEnv>, ctx: ServiceContext): void {
  const { db, storage, jobs, now } = ctx;
  writeDefaultMasterSources(db, now());

  for (const kind of MASTER_KINDS) {
    jobs.register(jobKind('download', kind), (params) => {
      const since = String(params.start_date ?? `${String(params.start_year)}-01-01`);
      const wanted = (file: UpstreamFile) => file.fileDate >= since;
      return downloadMasterFiles(db, storage, kind, wanted, now().toISOString());
    });
    jobs.register(jobKind('import', kind), () => importMasterFiles(db, storage, kind, now().toISOString()));
  }

  app.openapi(listMedicines, (c) => {
    const q = c.req.valid('query');
    const today = tokyoDate(now());
    return answerList<MedicineRow>(c, db, q, ETHICAL_MEDICINE_LIST, {
      select: SELECT,
      from: FROM,
      alias: 'm',
      idColumn: 'm.id',
      tables: ['ethical_medicines'],
      filters: [q.include_inactive !== 'true' && ['m.inactive_on IS NULL OR m.inactive_on > @today', { today }]],
      toRecord,
    });
  });

  // Registered before `/{id}`, which takes digits only anyway.
  app.openapi(jobsRoute, (c) => {
    requireAdmin(c);
    const latest = MASTER_KINDS.flatMap((kind) =>
      (['download', 'import'] as const).flatMap((action) => {
        const [job] = jobs.list({ kind: jobKind(action, kind), limit: 1 });
        if (!job) return [];
        return [{
          action,
          kind,
          job_id: job.id,
          name: job.name,
          status: job.status,
          status_reason: job.statusReason,
          result: job.result,
          created_at: job.createdAt.toISOString(),
          started_at: job.startedAt?.toISOString() ?? null,
          stopped_at: job.stoppedAt?.toISOString() ?? null,
        }];
      }),
    );
    return c.json(latest, 200);
  });

  app.openapi(getMedicine, (c) => {
    const row = db.prepare(`SELECT ${SELECT} ${FROM} WHERE m.id = @id`).get({ id: Number(c.req.valid('param').id) }) as MedicineRow | undefined;
    if (!row) throw notFoundError();
    const fresh = checkFreshness(c, tablesVersion(db, 'ethical_medicines'));
    if (fresh) return fresh;
    return c.json(toRecord(row) as z.infer<typeof EthicalMedicineSchema>, 200);
  });

  app.openapi(downloadRoute, (c) => {
    requireAdmin(c);
    const { kind } = c.req.valid('param');
    const body = c.req.valid('json');
    let params: Record<string, unknown>;
    if (kind === 'iryohoken') {
      const year = typeof body.start_year === 'string' && /^\d{4}$/.test(body.start_year) ? Number(body.start_year) : body.start_year;
      if (!isInsuranceStartYear(year)) throw validationError({ start_year: [`開始年は${INSURANCE_START_YEARS.join('、')}のいずれかを指定してください。`] });
      params = { start_year: year };
    } else {
      const problem = startDateProblem(kind, body.start_date, now());
      if (problem) throw validationError({ start_date: [problem] });
      params = { start_date: body.start_date };
    }
    const jobId = jobs.submit(jobKind('download', kind), params, { name: `${MASTER_KIND_LABELS[kind]} ${ACTION_LABELS.download}` });
    return c.json({ job_id: jobId }, 202);
  });

  app.openapi(deleteFileRoute, (c) => {
    requireAdmin(c);
    const deleted = deleteMasterFile(db, storage, Number(c.req.valid('param').id));
    if (!deleted) throw notFoundError();
    return c.json(deleted, 200);
  });

  app.openapi(importRoute, (c) => {
    requireAdmin(c);
    const { kind } = c.req.valid('param');
    const jobId = jobs.submit(jobKind('import', kind), {}, { name: `${MASTER_KIND_LABELS[kind]} ${ACTION_LABELS.import}` });
    return c.json({ job_id: jobId }, 202);
  });
}
