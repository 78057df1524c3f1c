import { readFileSync, rmSync } from 'node:fs';
import { test as base, expect, type BrowserContextOptions, type Page } from '@playwright/test';
import { accounts, storageStatePath, type AccountName } from './accounts';
import { copyTemplate, startServer } from './globalSetup';

export { accounts, type AccountName };
export { expectNoSeriousA11yViolations } from './a11y';

/**
 * Signs in through the login card, as a user would, and waits to leave /login. Only the tests of
 * signing in (and of the environment switch, which signs out) need it: every other test starts
 * signed in as its `account` (see `test.use({ account })`).
 */
export const signIn = async (page: Page, account: AccountName = 'admin') => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(accounts[account].email);
  await page.getByLabel('パスワード').fill(accounts[account].password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

/** A string no seed or other test uses, so parallel tests never see each other's records. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * The browser state globalSetup kept for `account`, moved to `baseURL`'s origin: the session is in
 * localStorage, which belongs to an origin, and each worker's server listens on its own port.
 */
export const storageStateFor = (account: AccountName, baseURL: string): StorageState => {
  const state = JSON.parse(readFileSync(storageStatePath(account), 'utf8')) as StorageState;
  const from = process.env.E2E_TEMPLATE_ORIGIN;
  return {
    cookies: state.cookies,
    origins: state.origins.map((entry) => ({ ...entry, origin: entry.origin === from ? baseURL : entry.origin })),
  };
};

export interface WorkerServer {
  baseURL: string;
  /** The server's DATA_DIR (a copy of the seeded template), for tests that compare stored bytes. */
  dataDir: string;
}

export const test = base.extend<{ account: AccountName | null; dataDir: string }, { server: WorkerServer; apiProfile: 'full' | 'spec' }>({
  /** What the worker's reference API serves beyond spec section 7: every addition, or none (the `spec` project). */
  apiProfile: ['full', { option: true, scope: 'worker' }],
  /** One reference API per worker on its own copy of the seeded data: workers never share a database. */
  server: [
    async ({ apiProfile }, use) => {
      const dataDir = copyTemplate(process.env.E2E_TEMPLATE_DIR!);
      const { baseURL, stop } = await startServer(dataDir, { API_PROFILE: apiProfile });
      await use({ baseURL, dataDir });
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  /** The account a test starts signed in as (globalSetup signed each in once); null = signed out. */
  account: ['admin', { option: true }],
  storageState: async ({ account, server }, use) => {
    await use(account ? storageStateFor(account, server.baseURL) : { cookies: [], origins: [] });
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  dataDir: async ({ server }, use) => {
    await use(server.dataDir);
  },
  /**
   * The config reuses one browser context per worker (`reuseContext`, issue 26): a fresh context
   * per test paid a cold start of the SPA each time. Playwright's reset between tests clears
   * cookies, caches, local storage, routes and init scripts and re-applies the account's storage
   * state; what it leaves is reset here, so no test sees another's: the permissions a test granted
   * (clipboard, notifications), and the reused tab's sessionStorage (the list search remembered
   * for 一覧へ戻る).
   */
  page: async ({ page, context, baseURL }, use) => {
    await context.clearPermissions();
    const blank = `${baseURL}/__e2e_blank_tab`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
    await page.goto(blank);
    await page.evaluate(() => sessionStorage.clear());
    await page.unroute(blank);
    await page.goto('about:blank');
    await use(page);
  },
});

export { expect };
