import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type FullConfig } from '@playwright/test';
import { accounts, storageStatePath, type AccountName } from './accounts';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export const waitUntilUp = async (url: string, deadline: number) => {
  for (;;) {
    try {
      const response = await fetch(`${url}/config.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`reference API did not start at ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/**
 * Signs each account in once, through the login card as a user would, and keeps the browser state
 * (the session in localStorage) for the tests: signing in through the UI in every test cost more
 * than the tests themselves.
 */
const signInOnce = async (config: FullConfig, baseURL: string) => {
  const browser = await chromium.launch(config.projects[0].use.launchOptions);
  try {
    await Promise.all(
      (Object.keys(accounts) as AccountName[]).map(async (account) => {
        const context = await browser.newContext({ baseURL, locale: 'ja-JP' });
        const page = await context.newPage();
        await page.goto('/login');
        await page.getByLabel('メールアドレス').fill(accounts[account].email);
        await page.getByLabel('パスワード').fill(accounts[account].password);
        await page.getByRole('button', { name: 'ログイン' }).click();
        await page.waitForURL((url) => url.pathname !== '/login');
        const path = storageStatePath(account);
        mkdirSync(dirname(path), { recursive: true });
        await context.storageState({ path });
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
};

/** The reference API (serving dist/) on `dataDir` and a free port; `stop` ends it (SIGTERM) and waits. */
export const startServer = async (dataDir: string, env: Record<string, string> = {}, port?: number) => {
  port ??= await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let output = '';
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitUntilUp(baseURL, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  return { baseURL, stop };
};

/** A copy of the seeded template data dir for one worker's server (tests/e2e/fixtures.ts). */
export const copyTemplate = (template: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-e2e-worker-'));
  cpSync(template, dataDir, { recursive: true, preserveTimestamps: true });
  return dataDir;
};

/**
 * Seeds a template data dir once, signs every test account in against it (the sessions, and the
 * refresh tokens the identity store keeps for them, are part of the template), and stops that
 * server. Each Playwright worker then runs its own server on its own copy (the `server` fixture in
 * tests/e2e/fixtures.ts), so the two workers' tests never see each other's writes.
 */
export default async function globalSetup(config: FullConfig) {
  const template = mkdtempSync(join(tmpdir(), 'cs-portal-e2e-template-'));
  const { baseURL, stop } = await startServer(template);
  try {
    await signInOnce(config, baseURL);
  } finally {
    // SIGTERM: the server closes its databases, so the copies are whole files without a WAL.
    await stop();
  }
  process.env.E2E_TEMPLATE_DIR = template;
  process.env.E2E_TEMPLATE_ORIGIN = baseURL;
  return async () => {
    rmSync(template, { recursive: true, force: true });
  };
}
