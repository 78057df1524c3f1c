import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import WarehouseTablesPage from '../../src/resources/embulkManager/WarehouseTablesPage';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

const DAY = 24 * 3600_000;
const table = (tableId: string, modifiedAt: Date | null, mysqlExist = true) => ({
  id: `core.${tableId}`,
  projectId: 'cs-portal-production',
  datasetId: 'core',
  tableId,
  createdAt: new Date(Date.now() - 90 * DAY),
  modifiedAt,
  bytesCount: 2048,
  rowsCount: 40,
  mysqlExist,
});

const renderPage = (send = createSendMock()) => {
  const filters: unknown[] = [];
  const dataProvider = createTestDataProvider({
    send,
    getList: async (_resource, params) => {
      filters.push(params.filter);
      const data = [table('companies', new Date(Date.now() - 3 * DAY)), table('pharmacies', new Date()), table('pharmacy_monthly_reports', new Date(Date.now() - 400 * DAY), false)];
      return { data, total: data.length } as never;
    },
  });
  renderWithAdmin(
    <Routes>
      <Route path="/v2/core/embulk_manager/bigqueries/:serviceName" element={<WarehouseTablesPage />} />
    </Routes>,
    // Mounted under its resource, as the app's <Resource> route mounts it.
    { dataProvider, resource: 'v2/core/embulk_manager', initialEntries: ['/v2/core/embulk_manager/bigqueries/core'] },
  );
  return { send, filters };
};

const rowOf = async (tableId: string) => (await screen.findByRole('button', { name: `${tableId}の詳細` })).closest('tr')!;

describe('warehouse tables page', () => {
  it('asks for the service in the path, says loading takes 20-30 s, and badges only tables not modified today', async () => {
    const { filters } = renderPage();
    expect(screen.getByText('テーブル一覧の読み込みには20〜30秒かかります。')).toBeInTheDocument();
    expect(within(await rowOf('companies')).getByText('要確認')).toBeInTheDocument();
    expect(within(await rowOf('pharmacies')).queryByText('要確認')).toBeNull();
    expect(within(await rowOf('companies')).getByText('2.0 KB')).toBeInTheDocument();
    expect(filters[0]).toEqual({ serviceName: 'core' });
  });

  it('starts a copy from the modal and shows the success toast', async () => {
    const send = createSendMock();
    send.mockResolvedValue({ status: 200, headers: new Headers(), json: { jobId: 'job-1' } });
    renderPage(send);
    await userEvent.click(await screen.findByRole('button', { name: 'companiesの詳細' }));
    const dialog = await screen.findByRole('dialog', { name: 'core.companies' });
    expect(within(dialog).getByText('今日はまだ更新されていません。前回のジョブが失敗した可能性があります。')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'コピージョブを実行' }));
    expect(await screen.findByText('ジョブを実行しました。')).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', path: '/api/v2/core/admin/embulks/execute_copy', body: { serviceName: 'core', tableName: 'companies' } }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'core.companies' })).toBeNull());
  });

  it('shows the failure toast with the server message', async () => {
    const send = createSendMock();
    send.mockRejectedValue(Object.assign(new Error('422'), { body: { messages: ['テーブル core.companies はMySQLにありません。'] } }));
    renderPage(send);
    await userEvent.click(await screen.findByRole('button', { name: 'companiesの詳細' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'コピージョブを実行' }));
    expect(await screen.findByText('ジョブ実行が失敗しました。 テーブル core.companies はMySQLにありません。')).toBeInTheDocument();
  });

  it('disables the copy of a table MySQL does not have', async () => {
    const { send } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'pharmacy_monthly_reportsの詳細' }));
    const dialog = await screen.findByRole('dialog', { name: 'core.pharmacy_monthly_reports' });
    expect(within(dialog).getByRole('button', { name: 'コピージョブを実行' })).toBeDisabled();
    expect(within(dialog).getByText('MySQLにないテーブルはコピーできません。')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });
});
