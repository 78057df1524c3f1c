import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import WarehouseJobsPage from '../../src/resources/embulkManager/WarehouseJobsPage';
import type { ApiRequest } from '../../src/dataProvider';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const job = (jobId: string, status: string, extra: Record<string, unknown> = {}) => ({
  jobId,
  jobName: `core.${jobId} のコピー`,
  status,
  statusReason: null,
  createdAt: new Date('2026-11-21T15:00:00Z'),
  startedAt: new Date('2026-11-21T15:00:04Z'),
  stoppedAt: null,
  ...extra,
});

describe('warehouse jobs page', () => {
  it('lists jobs with Tokyo times, run time and coloured statuses, refreshes, and filters by status', async () => {
    const send = createSendMock();
    let answers = [[job('companies', 'RUNNING'), job('groups', 'FAILED', { statusReason: 'テーブル core.groups はMySQLにありません。', stoppedAt: new Date('2026-11-21T15:00:05Z') })]];
    send.mockImplementation(async () => ({ status: 200, headers: new Headers(), json: { jobSummaryList: answers[0] } }));
    renderWithAdmin(<WarehouseJobsPage />, { dataProvider: createTestDataProvider({ send }) });

    expect(screen.getByText('ジョブの履歴は3〜4日で削除されます。')).toBeInTheDocument();
    const running = (await screen.findByText('core.companies のコピー')).closest('tr')!;
    expect(within(running).getByText('実行中（RUNNING）')).toBeInTheDocument();
    // 15:00Z is midnight in Tokyo, the next day: created and started; not stopped yet, so no run time.
    expect(within(running).getAllByText('2026年11月22日 00:00')).toHaveLength(2);
    expect(within(running).queryByText(/秒$/)).toBeNull();
    const failed = screen.getByText('core.groups のコピー').closest('tr')!;
    expect(within(failed).getByText('失敗（FAILED）')).toBeInTheDocument();
    expect(within(failed).getByText('1秒')).toBeInTheDocument();
    expect(within(failed).getByText('テーブル core.groups はMySQLにありません。')).toBeInTheDocument();

    answers = [[job('companies', 'SUCCEEDED', { stoppedAt: new Date('2026-11-21T15:01:10Z') })]];
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    const done = (await screen.findByText('成功（SUCCEEDED）')).closest('tr')!;
    expect(within(done).getByText('1分6秒')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: '状態で絞り込む' }));
    await userEvent.click(await screen.findByRole('option', { name: 'FAILED' }));
    await waitFor(() => expect(send).toHaveBeenLastCalledWith(expect.objectContaining({ path: '/api/v2/core/admin/embulks', query: { jobStatus: 'FAILED' } } satisfies Partial<ApiRequest>)));
  });
});
