import { test as base, expect, type Page } from '@playwright/test';

export const accounts = {
  admin: { email: 'admin@example.com', password: 'Admin1234' },
  pharmacy: { email: 'pharmacy@example.com', password: 'Pharmacy1234' },
  /** A seeded staff admin that only develop.spec.ts signs in as (it changes the password). */
  staff: { email: 'takahashi.yumi@example.com', password: 'Staff1234' },
} as const;

/** Signs in through the login card, as a user would, and waits to leave /login. */
export const signIn = async (page: Page, account: keyof typeof accounts = 'admin') => {
  await page.goto('/login');
  await page.getByLabel('メールアドレス').fill(accounts[account].email);
  await page.getByLabel('パスワード').fill(accounts[account].password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
};

/** A string no seed or other test uses, so parallel tests never see each other's records. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const test = base.extend({
  // globalSetup started the reference API on a free port and put its URL here.
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };
