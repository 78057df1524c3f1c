import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import type { MasterJob } from '../../../src/dataProvider/methods/masterImports';
import { isJobRunning, jobResultText, jobStatusColor, startedMessage } from '../../../src/resources/ethicalMedicines/importJobs';
import { defaultStartDate, isInsuranceStartYear, startDateProblem } from '../../../src/contract/ethicalMedicineImportRules';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const BASE = 'http://localhost/core/api/v2/master/ethical_medicines';
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [],
});

describe('import rules (spec sections 5 and 9)', () => {
  // 2026-01-10 00:30 in Tokyo is still 2026-01-09 in UTC.
  const now = new Date('2026-01-09T15:30:00.000Z');

  it('defaults both start dates to two months before today in Japan', () => {
    expect(defaultStartDate(now)).toBe('2025-11-10');
  });

  it('accepts HOT from 2001-12-28 and MEDHOT from 2015-06-30 up to today in Japan', () => {
    expect(startDateProblem('hot_code', '2001-12-28', now)).toBeUndefined();
    expect(startDateProblem('hot_code', '2001-12-27', now)).toBe('開始日は2001年12月28日から今日までの日付で指定してください。');
    expect(startDateProblem('medhot', '2015-06-29', now)).toBe('開始日は2015年6月30日から今日までの日付で指定してください。');
    expect(startDateProblem('medhot', '2026-01-10', now)).toBeUndefined();
    expect(startDateProblem('medhot', '2026-01-11', now)).toBeDefined();
    expect(startDateProblem('hot_code', '2025-02-30', now)).toBe('開始日を正しい日付で指定してください。');
  });

  it('offers the insurance start years 2012, 2014, 2016, 2018, 2019, 2020 only', () => {
    expect([2011, 2012, 2013, 2019, 2020, 2021, '2019'].filter(isInsuranceStartYear)).toEqual([2012, 2019, 2020]);
  });
});

const job = (patch: Partial<MasterJob>): MasterJob => ({
  action: 'import', kind: 'hot_code', jobId: 'j', name: 'n', status: 'SUCCEEDED', statusReason: null, result: null,
  createdAt: new Date(), startedAt: null, stoppedAt: null, ...patch,
});

describe('job texts', () => {
  it('name what started and how it ended', () => {
    expect(startedMessage('medhot', 'download')).toBe('MEDHOTマスターのダウンロードを開始しました。');
    expect(startedMessage('iryohoken', 'import')).toBe('医療保険マスターの取り込みを開始しました。');
    expect(jobResultText(job({ result: { rows: 12345, inserted: 1, updated: 2, unchanged: 3, skipped: 0 } }))).toBe(
      '12,345行: 追加 1件、更新 2件、変更なし 3件、該当なし 0件',
    );
    expect(jobResultText(job({ result: { rows: 300, inserted: 0, updated: 290, updatedMedicines: 300, unchanged: 10, skipped: 0 } }))).toBe(
      '300行: 追加 0件、更新 290件（医薬品 300件）、変更なし 10件、該当なし 0件',
    );
    expect(jobResultText(job({ action: 'download', result: { files: ['a', 'b'], downloaded: 1, unchanged: 1 } }))).toBe('2件のファイル（新規・更新 1件、変更なし 1件）');
    expect(jobResultText(job({ action: 'download', result: { files: [], downloaded: 0, unchanged: 0 } }))).toBe('開始日以降のファイルはありませんでした。');
    const quarantined = [{ fileName: 'MEDIS_HOT13_20261115.csv', reason: 'MEDIS_HOT13_20261115.csv を取り込めませんでした。4行目: 日付が正しくありません。' }];
    expect(jobResultText(job({ action: 'download', result: { files: ['a'], downloaded: 1, unchanged: 0, quarantined } }))).toBe(
      '1件のファイル（新規・更新 1件、変更なし 0件）。取り込めないため隔離したファイル 1件: MEDIS_HOT13_20261115.csv を取り込めませんでした。4行目: 日付が正しくありません。',
    );
    expect(jobResultText(job({ action: 'download', result: { files: [], downloaded: 0, unchanged: 0, quarantined } }))).toBe(
      '開始日以降のファイルはありませんでした。取り込めないため隔離したファイル 1件: MEDIS_HOT13_20261115.csv を取り込めませんでした。4行目: 日付が正しくありません。',
    );
    expect(jobResultText(job({ status: 'FAILED', statusReason: 'x.csv を取り込めませんでした。' }))).toBe('x.csv を取り込めませんでした。');
    expect(jobResultText(job({ status: 'RUNNING' }))).toBeUndefined();
    expect(['SUCCEEDED', 'FAILED', 'RUNNING'].map(jobStatusColor)).toEqual(['success', 'error', 'info']);
    expect(isJobRunning([job({}), job({ status: 'PENDING' })])).toBe(true);
    expect(isJobRunning([job({}), job({ status: 'FAILED' })])).toBe(false);
  });
});

describe('master import methods', () => {
  it('post the start date or year snake_cased, the import with no body, and read the jobs camelCased', async () => {
    const calls: { path: string; body: unknown }[] = [];
    server.use(
      http.post(`${BASE}/*`, async ({ request }) => {
        const text = await request.text();
        calls.push({ path: new URL(request.url).pathname, body: text ? JSON.parse(text) : undefined });
        return HttpResponse.json({ job_id: 'x' }, { status: 202 });
      }),
      http.get(`${BASE}/jobs`, () => HttpResponse.json([{ action: 'import', kind: 'medhot', job_id: 'j1', status: 'RUNNING', status_reason: null, created_at: '2026-01-01T00:00:00.000Z' }])),
    );
    await dataProvider.startMasterDownload({ kind: 'hot_code', startDate: '2025-11-10' });
    await dataProvider.startMasterDownload({ kind: 'iryohoken', startYear: 2019 });
    await dataProvider.startMasterImport('medhot');
    expect(calls).toEqual([
      { path: '/core/api/v2/master/ethical_medicines/downloads/hot_code', body: { start_date: '2025-11-10' } },
      { path: '/core/api/v2/master/ethical_medicines/downloads/iryohoken', body: { start_year: 2019 } },
      { path: '/core/api/v2/master/ethical_medicines/imports/medhot', body: undefined },
    ]);
    const [listed] = await dataProvider.getMasterJobs();
    expect(listed).toMatchObject({ jobId: 'j1', kind: 'medhot', status: 'RUNNING', statusReason: null });
    expect(listed.createdAt).toEqual(new Date('2026-01-01T00:00:00.000Z'));
  });
});
