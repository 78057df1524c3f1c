import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
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

/**
 * Starts the reference API (which serves dist/) on a fresh database and signs every test account in
 * once; the returned function stops the server.
 */
export default async function globalSetup(config: FullConfig) {
  const dataDir = mkdtempSync(join(tmpdir(), 'cs-portal-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (chunk) => (output += chunk));
  server.stderr.on('data', (chunk) => (output += chunk));
  try {
    await waitUntilUp(baseURL, Date.now() + 60_000);
  } catch (error) {
    server.kill();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
  process.env.E2E_BASE_URL = baseURL;
  // Tests that compare what the browser got with what the server stored (NSIPS downloads) read it here.
  process.env.E2E_DATA_DIR = dataDir;
  try {
    await signInOnce(config, baseURL);
  } catch (error) {
    server.kill();
    throw error;
  }
  return async () => {
    server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
