import { test as base, expect, type Page } from '@playwright/test';
import { accounts, storageStatePath, type AccountName } from './accounts';

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

export const test = base.extend<{ account: AccountName | null }>({
  /** The account a test starts signed in as (globalSetup signed each in once); null = signed out. */
  account: ['admin', { option: true }],
  storageState: async ({ account }, use) => {
    await use(account ? storageStatePath(account) : { cookies: [], origins: [] });
  },
  // globalSetup started the reference API on a free port and put its URL here.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
