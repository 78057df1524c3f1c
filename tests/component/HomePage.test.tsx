import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import HomePage from '../../src/customRoutes/home/HomePage';
import { renderWithAdmin, testEnvironment, testRuntime } from './renderWithAdmin';

const host = testEnvironment.pcAppHost;

const windowsYaml = `version: 2.3.1
files:
  - url: CS-App-Setup-2.3.1.exe
    sha512: abc==
path: CS App Setup 2.3.1.exe
releaseDate: '2026-03-04T01:30:00.000Z'
`;

const macYaml = `version: 2.3.0
files:
  - url: CS-App-2.3.0-mac.zip
  - url: CS-App-2.3.0.dmg
path: CS-App-2.3.0-mac.zip
releaseDate: '2026-02-28T16:00:00.000Z'
`;

const requested: URL[] = [];
const server = setupServer(
  http.get(`${host}/latest.yml`, ({ request }) => {
    requested.push(new URL(request.url));
    return HttpResponse.text(windowsYaml);
  }),
  http.get(`${host}/latest-mac.yml`, ({ request }) => {
    requested.push(new URL(request.url));
    return HttpResponse.text(macYaml);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requested.length = 0;
});
afterAll(() => server.close());

const table = (name: string) => screen.getByRole('table', { name });

describe('HomePage', () => {
  it('lists the Windows and Mac releases from the descriptors', async () => {
    renderWithAdmin(<HomePage />);
    const downloads = table('PCアプリのダウンロード');
    expect(within(downloads).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'プラットフォーム',
      '環境',
      'リリース日',
      'バージョン',
      'ダウンロード',
    ]);

    const windows = await within(downloads).findByRole('row', { name: /Windows/ });
    await within(windows).findByText('2.3.1');
    expect(within(windows).getByText('本番環境')).toBeInTheDocument();
    // 01:30 UTC is 10:30 in Tokyo, same day.
    expect(within(windows).getByText('2026年3月4日')).toBeInTheDocument();
    expect(within(windows).getByRole('link')).toHaveAttribute('href', `${host}/CS%20App%20Setup%202.3.1.exe`);

    const mac = within(downloads).getByRole('row', { name: /Mac/ });
    await within(mac).findByText('2.3.0');
    // 16:00 UTC on 28 Feb is 1 March in Tokyo.
    expect(within(mac).getByText('2026年3月1日')).toBeInTheDocument();
    expect(within(mac).getByRole('link')).toHaveAttribute('href', `${host}/CS-App-2.3.0.dmg`);

    // Each descriptor is fetched with a cache-busting timestamp.
    expect(requested.map((url) => url.pathname).sort()).toEqual(['/releases/latest-mac.yml', '/releases/latest.yml']);
    for (const url of requested) expect(url.searchParams.get('t')).toMatch(/^\d{13}$/);
  });

  it('shows a loading state until the descriptors arrive', async () => {
    renderWithAdmin(<HomePage />);
    expect(screen.getAllByText('読み込み中…')).toHaveLength(2);
    await screen.findByText('2.3.1');
  });

  it('shows an error row when a descriptor is missing', async () => {
    server.use(http.get(`${host}/latest-mac.yml`, () => new HttpResponse('Not Found', { status: 404 })));
    renderWithAdmin(<HomePage />);
    const downloads = table('PCアプリのダウンロード');
    const mac = within(downloads).getByRole('row', { name: /Mac/ });
    expect(await within(mac).findByText('リリース情報を取得できませんでした。')).toBeInTheDocument();
    expect(within(mac).queryByRole('link')).not.toBeInTheDocument();
    // The other platform is unaffected.
    const windows = within(downloads).getByRole('row', { name: /Windows/ });
    expect(await within(windows).findByText('2.3.1')).toBeInTheDocument();
  });

  it('lists the job-queue dashboards, opening in a new tab', () => {
    renderWithAdmin(<HomePage />);
    const jobs = table('ジョブキュー管理画面');
    expect(within(jobs).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['サービス', 'リンク']);
    const links = within(jobs).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(testEnvironment.jobQueueLinks.map((link) => link.url));
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    }
    expect(within(jobs).getByRole('rowheader', { name: '発注サービス（medorder）' })).toBeInTheDocument();
    expect(within(jobs).getByRole('link', { name: 'Share ジョブキュー（新しいタブで開きます）' })).toBeInTheDocument();
  });

  it('names what each job-queue link opens when the configuration gives only the service key', () => {
    const jobQueueLinks = ['core', 'medorder', 'share'].map((service) => ({ service, label: service, url: `https://jobs.example.test/${service}` }));
    renderWithAdmin(<HomePage />, { runtime: testRuntime({ jobQueueLinks }) });
    const jobs = table('ジョブキュー管理画面');
    expect(within(jobs).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'コアサービス（core）',
      '発注サービス（medorder）',
      '共有サービス（share）',
    ]);
    expect(within(jobs).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'コアサービスのジョブキュー管理画面（新しいタブで開きます）',
      '発注サービスのジョブキュー管理画面（新しいタブで開きます）',
      '共有サービスのジョブキュー管理画面（新しいタブで開きます）',
    ]);
  });
});
