import type { SendRequest } from '../apiClient';

/** The warehouse copy jobs (spec section 7: embulks). The tables list is the declared resource's getList. */
export const EMBULKS_PATH = '/api/v2/core/admin/embulks';

export type WarehouseService = 'core' | 'medorder';

/** A copy job as the job list shows it (keys camelCased, `*At` as Dates). */
export interface WarehouseJob {
  jobId: string;
  jobName: string;
  status: string;
  statusReason: string | null;
  createdAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
}

export interface WarehouseMethods {
  /** Queues a copy of the service's MySQL table into the warehouse; answers the job's id. */
  executeWarehouseCopy: (copy: { serviceName: WarehouseService; tableName: string }) => Promise<string>;
  /** Newest first; only those in `jobStatus` when given. */
  getWarehouseJobs: (jobStatus?: string) => Promise<WarehouseJob[]>;
}

export const warehouseMethods = (send: SendRequest): WarehouseMethods => ({
  executeWarehouseCopy: async ({ serviceName, tableName }) => {
    const { json } = await send<{ jobId: string }>({ method: 'POST', path: `${EMBULKS_PATH}/execute_copy`, body: { serviceName, tableName } });
    return json.jobId;
  },
  getWarehouseJobs: async (jobStatus) => {
    const { json } = await send<{ jobSummaryList?: WarehouseJob[] }>({ path: EMBULKS_PATH, query: jobStatus ? { jobStatus } : {} });
    return json?.jobSummaryList ?? [];
  },
});
