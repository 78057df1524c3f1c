import type { SendRequest } from '../apiClient';
import type { DownloadKind } from '../../contract/ethicalMedicineImportRules';

/** The ethical medicine master's refresh (spec section 7): downloads and imports start jobs. */
export const ETHICAL_MEDICINES_PATH = '/api/v2/core/master/ethical_medicines';

export type MasterJobAction = 'download' | 'import';

/** The last job of one action and kind, as the reference API reports it (keys camelCased, `*At` as Dates). */
export interface MasterJob {
  action: MasterJobAction;
  kind: DownloadKind;
  jobId: string;
  name: string;
  status: string;
  statusReason: string | null;
  result: Record<string, unknown> | null;
  createdAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
}

export type DownloadStart = { kind: 'hot_code' | 'medhot'; startDate: string } | { kind: 'iryohoken'; startYear: number };

export interface MasterImportMethods {
  startMasterDownload: (start: DownloadStart) => Promise<void>;
  startMasterImport: (kind: DownloadKind) => Promise<void>;
  getMasterJobs: () => Promise<MasterJob[]>;
}

export const masterImportMethods = (send: SendRequest): MasterImportMethods => ({
  startMasterDownload: async (start) => {
    const body = start.kind === 'iryohoken' ? { startYear: start.startYear } : { startDate: start.startDate };
    await send({ method: 'POST', path: `${ETHICAL_MEDICINES_PATH}/downloads/${start.kind}`, body });
  },
  startMasterImport: async (kind) => {
    await send({ method: 'POST', path: `${ETHICAL_MEDICINES_PATH}/imports/${kind}` });
  },
  getMasterJobs: async () => (await send<MasterJob[] | undefined>({ path: `${ETHICAL_MEDICINES_PATH}/jobs` })).json ?? [],
});
