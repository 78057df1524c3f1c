import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, PHARMACY, startApp, type TestApp } from './helpers';

interface MasterJob {
  action: string;
  kind: string;
  status: string;
  status_reason: string | null;
  result: unknown;
}
interface MasterFile {
  id: number;
  file_name: string;
}

const BASE = '/core/api/v2/master/ethical_medicines';
const FILES = '/core/api/v2/admin/master_files';
const NOW = new Date('2026-11-21T03:00:00.000Z');
let app: TestApp;

beforeAll(() => {
  app = startApp({ now: () => NOW, jobTickMs: 0 });
});
afterAll(() => app.dispose());

const post = async (path: string, json?: unknown) => app.call(`${BASE}${path}`, { method: 'POST', token: await app.token(), ...(json === undefined ? {} : { json }) });
async function runJobs(): Promise<MasterJob[]> {
  const { jobs } = app.environments.production;
  for (let i = 0; i < 20 && jobs.list().some((job) => !['SUCCEEDED', 'FAILED'].includes(job.status)); i++) await jobs.tick();
  return (await getJson<MasterJob[]>(app, `${BASE}/jobs`)).body;
}
const jobOf = (jobs: MasterJob[], action: string) => jobs.find((j) => j.action === action && j.kind === 'hot_code')!;
const upstream = (name: string) => join(app.dir, 'master-sources', 'hot_code', name);
const hotFiles = async () => (await getJson<MasterFile[]>(app, '/medorder/api/v2/admin/medis_bases')).body;

/** Valid CP932 for three lines, then bytes CP932 cannot decode on the fourth. */
const BAD = Buffer.concat([Buffer.from('a\r\nb\r\nc\r\n'), Buffer.from([0x82, 0x20, 0xff, 0x0d, 0x0a])]);

async function downloadAndImport() {
  await post('/downloads/hot_code', { start_date: '2026-01-01' });
  const download = jobOf(await runJobs(), 'download');
  await post('/imports/hot_code');
  return { download, imported: jobOf(await runJobs(), 'import') };
}

describe('one bad publisher file (issue 22 item 6, issue 36 item 8)', () => {
  it('never poisons imports: quarantined at download, never listed, and gone from the report once withdrawn', async () => {
    writeFileSync(upstream('bad-20261120.csv'), BAD);
    const first = await downloadAndImport();
    expect(first.download.status).toBe('SUCCEEDED');
    expect(JSON.stringify(first.download.result)).toMatch(/bad-20261120\.csv を取り込めませんでした。4行目: /);
    expect(first.imported.status, String(first.imported.status_reason)).toBe('SUCCEEDED');
    expect((await hotFiles()).map((f) => f.file_name)).not.toContain('bad-20261120.csv');

    rmSync(upstream('bad-20261120.csv'));
    const second = await downloadAndImport();
    expect(second.download.status).toBe('SUCCEEDED');
    expect((second.download.result as { quarantined: unknown[] }).quarantined).toEqual([]);
    expect(second.imported.status, String(second.imported.status_reason)).toBe('SUCCEEDED');
  });

  it('a downloaded file can be removed from the file list by staff (DELETE), after which the import runs again', async () => {
    writeFileSync(upstream('extra-20261121.csv'), readFileSync(join(__dirname, '../fixtures/masterFiles/medis-hot9-20030228-excerpt.csv'), 'utf8').split('\n').slice(0, 4).join('\r\n'));
    const first = await downloadAndImport();
    expect(first.imported.status).toBe('SUCCEEDED');
    // The publisher has not withdrawn it yet: staff remove the downloaded copy.
    const extra = (await hotFiles()).find((f) => f.file_name === 'extra-20261121.csv')!;
    expect(extra).toBeDefined();

    const pharmacy = await app.token(PHARMACY);
    expect((await app.call(`${FILES}/${extra.id}`, { method: 'DELETE', token: pharmacy })).status).toBe(403);
    const removed = await app.call(`${FILES}/${extra.id}`, { method: 'DELETE', token: await app.token() });
    expect(removed.status).toBe(200);
    expect(await removed.json()).toMatchObject({ id: extra.id, file_name: 'extra-20261121.csv' });
    expect((await hotFiles()).map((f) => f.id)).not.toContain(extra.id);
    expect(app.environments.production.storage.get('master-files', 'hot_code/extra-20261121.csv')).toBeUndefined();

    const again = await app.call(`${FILES}/${extra.id}`, { method: 'DELETE', token: await app.token() });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { errors: string[] }).errors.length).toBeGreaterThan(0);
    for (const hostile of ['abc', '0', '-1', '99999999999999999999']) {
      const res = await app.call(`${FILES}/${hostile}`, { method: 'DELETE', token: await app.token() });
      expect(res.status, hostile).toBeGreaterThanOrEqual(400);
      expect(res.status, hostile).toBeLessThan(500);
    }

    await post('/imports/hot_code');
    expect(jobOf(await runJobs(), 'import').status).toBe('SUCCEEDED');
    rmSync(upstream('extra-20261121.csv'));
  });
});
