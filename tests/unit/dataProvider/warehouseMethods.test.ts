import { ALL_CAPABILITIES } from '../../../src/contract/additions';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/dataProvider/apiClient';
import { createDataProvider } from '../../../src/dataProvider';
import { embulkManager } from '../../../src/resources/embulkManager';
import { testEnvironment } from '../support/environment';
import { setupMswServer } from '../support/mswServer';

const server = setupMswServer();
const dataProvider = createDataProvider({
  capabilities: ALL_CAPABILITIES,
  client: createApiClient({ environment: testEnvironment(), getToken: async () => 'token' }),
  resources: [embulkManager],
});
const CORE = 'http://localhost/core/api/v2/admin';

describe('warehouse methods', () => {
  it('starts a copy with snake_cased service and table names and answers the job id', async () => {
    let body: unknown;
    server.use(
      http.post(`${CORE}/embulks/execute_copy`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ job_id: 'job-1' });
      }),
    );
    expect(await dataProvider.executeWarehouseCopy({ serviceName: 'medorder', tableName: 'stock_logs' })).toBe('job-1');
    expect(body).toEqual({ service_name: 'medorder', table_name: 'stock_logs' });
  });

  it('raises the server\'s Japanese messages when a copy is refused', async () => {
    server.use(http.post(`${CORE}/embulks/execute_copy`, () => HttpResponse.json({ errors: ['テーブル core.x はMySQLにありません。'] }, { status: 422 })));
    await expect(dataProvider.executeWarehouseCopy({ serviceName: 'core', tableName: 'x' })).rejects.toMatchObject({
      body: { messages: ['テーブル core.x はMySQLにありません。'] },
    });
  });

  it('lists jobs filtered by job_status, with their times as instants', async () => {
    const searches: string[] = [];
    server.use(
      http.get(`${CORE}/embulks`, ({ request }) => {
        searches.push(new URL(request.url).search);
        return HttpResponse.json({
          job_summary_list: [
            { job_id: 'a', job_name: 'core.companies のコピー', status: 'SUCCEEDED', status_reason: null, created_at: '2026-11-22T00:00:00.000Z', started_at: '2026-11-22T00:00:04.000Z', stopped_at: '2026-11-22T00:00:05.000Z' },
          ],
        });
      }),
    );
    const [job] = await dataProvider.getWarehouseJobs('SUCCEEDED');
    await dataProvider.getWarehouseJobs();
    expect(searches).toEqual(['?job_status=SUCCEEDED', '']);
    expect(job).toMatchObject({ jobId: 'a', jobName: 'core.companies のコピー', status: 'SUCCEEDED' });
    expect(job.stoppedAt).toEqual(new Date('2026-11-22T00:00:05.000Z'));
  });

  it('reads a service\'s warehouse tables through the declaration, the service in the path', async () => {
    const paths: string[] = [];
    server.use(
      http.get(`${CORE}/bigqueries/:service`, ({ request }) => {
        paths.push(new URL(request.url).pathname);
        return HttpResponse.json([
          { id: 'core.companies', project_id: 'p', dataset_id: 'core', table_id: 'companies', created_at: null, modified_at: '2026-11-20T00:00:00.000Z', bytes_count: 10, rows_count: 2, mysql_exist: true },
        ]);
      }),
    );
    const { data, total } = await dataProvider.getList(embulkManager.name, { filter: { serviceName: 'core' }, sort: { field: 'tableId', order: 'ASC' }, pagination: { page: 1, perPage: 25 } });
    expect(paths).toEqual(['/core/api/v2/admin/bigqueries/core']);
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ id: 'core.companies', tableId: 'companies', mysqlExist: true, rowsCount: 2, modifiedAt: new Date('2026-11-20T00:00:00.000Z') });
  });
});
