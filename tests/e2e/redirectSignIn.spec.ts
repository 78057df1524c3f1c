import { rmSync } from 'node:fs';
import { test as base, expect, type Page } from '@playwright/test';
import { accounts } from './accounts';
import { expectNoSeriousA11yViolations } from './a11y';
import { copyTemplate, freePort, startServer } from './globalSetup';

/**
 * Redirect mode end to end: a second reference API, started by this file with AUTH_MODE=redirect
 * and its own URL as the issuer (the SDK checks each id_token's iss against its domain), serves
 * the same build; @auth0/auth0-spa-js signs in through the hosted login form unchanged.
 */
const test = base.extend<object, { redirectBaseURL: string }>({
  redirectBaseURL: [
    async ({}, use) => {
      // A copy of the seeded template (no seeding of its own); every test here starts signed out.
      const dataDir = copyTemplate(process.env.E2E_TEMPLATE_DIR!);
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const { stop } = await startServer(dataDir, { AUTH_MODE: 'redirect', ISSUER: `${url}/` }, port);
      await use(url);
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ redirectBaseURL }, use) => use(redirectBaseURL),
  // Every test starts signed out: the sign-in is what is tested.
  storageState: async ({}, use) => use({ cookies: [], origins: [] }),
});

const CALLBACK_ERROR_KEY = 'cs-portal.auth.callbackError';

/** The refresh token the SDK keeps in localStorage (cacheLocation 'localstorage'). */
const cachedRefreshToken = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('@@auth0spajs@@'))
      .map((key) => (JSON.parse(localStorage.getItem(key)!) as { body?: { refresh_token?: string } }).body?.refresh_token)
      .find(Boolean),
  );

/** From the portal's login page to the identity provider's hosted form. */
const openHostedLogin = async (page: Page) => {
  await page.goto('/login');
  await expect(page.getByLabel('メールアドレス')).toHaveCount(0); // redirect mode: no credentials on the portal's card
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/authorize\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'CS portal にログイン' })).toBeVisible();
};

test.describe('sign-in through the identity provider redirect', () => {
  test('a deep link survives the identity provider round trip (issue 40 item 7)', async ({ page, baseURL }) => {
    await page.goto('/v2/core/pharmacies/12/edit#memo');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(/\/authorize\?/);
    // The page to return to travels in the SDK's appState, never in the URL the identity provider sees.
    expect(page.url()).not.toContain('pharmacies');
    await page.getByLabel('メールアドレス').fill(accounts.admin.email);
    await page.getByLabel('パスワード').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(`${baseURL}/v2/core/pharmacies/12/edit#memo`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('編集');
    await expectNoSeriousA11yViolations(page, 'ディープリンクの編集画面（リダイレクト方式）');
  });

  test('the admin signs in on the hosted form, stays signed in across a reload, and signs out', async ({ page, baseURL }) => {
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page, 'ログイン（リダイレクト方式）');
    await openHostedLogin(page);
    expect(new URL(page.url()).searchParams.get('code_challenge_method')).toBe('S256');
    await expectNoSeriousA11yViolations(page, 'ホスト型ログイン');

    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByText('メールアドレスを入力してください', { exact: true })).toBeVisible();
    await expect(page.getByText('パスワードを入力してください', { exact: true })).toBeVisible();
    await expect(page.getByLabel('メールアドレス')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'ホスト型ログイン（未入力エラー）');

    await page.getByLabel('メールアドレス').fill(accounts.admin.email);
    await page.getByLabel('パスワード').fill('wrong-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert')).toHaveText('メールアドレスまたはパスワードが正しくありません。');
    await expect(page.getByLabel('メールアドレス')).toHaveValue(accounts.admin.email);
    await expect(page.getByLabel('パスワード')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'ホスト型ログイン（認証エラー）');

    await page.getByLabel('パスワード').fill(accounts.admin.password);
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByTestId('sidebar-title')).toHaveText('CS portal');
    await expect(page.getByRole('button', { name: /管理 花子/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ホーム（リダイレクト方式）');

    await page.reload();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('button', { name: /管理 花子/ }).first()).toBeVisible();
    await page.goto('/v2/core/dealers/1');
    await expect(page).toHaveURL(/\/v2\/core\/dealers\/1$/);
    await expectNoSeriousA11yViolations(page, '卸（リダイレクト方式）');

    // Renewal is refresh-token rotation (the client's useRefreshTokens): the JWT screen forces one.
    await page.goto('/develop/jwt');
    await expect(page.getByTestId('jwt-token')).not.toBeEmpty();
    const before = await cachedRefreshToken(page);
    expect(before).toBeTruthy();
    const renewal = page.waitForResponse((response) => new URL(response.url()).pathname === '/oauth/token');
    await page.getByRole('button', { name: 'トークンを更新' }).click();
    expect((await renewal).status()).toBe(200);
    await expect.poll(() => cachedRefreshToken(page)).not.toBe(before);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('jwt-token')).not.toBeEmpty();
    await expect(page).toHaveURL(/\/develop\/jwt$/);

    await page.getByRole('button', { name: /管理 花子/ }).first().click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(`${baseURL}/login`);
    await page.goto('/v2/core/dealers/1');
    await expect(page).toHaveURL(`${baseURL}/login`);
    // The SDK's cached tokens are gone, and the refresh token was revoked before they went.
    const cached = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('@@auth0spajs@@')));
    expect(cached).toEqual([]);
  });

  test('a signed-out visitor goes to /login without a round trip to the identity provider', async ({ page, baseURL }) => {
    const logouts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/v2/logout') logouts.push(request.url());
    });
    await page.goto('/v2/core/companies');
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    expect(logouts).toEqual([]);
  });

  test('a callback error is stored and not displayed', async ({ page, baseURL }) => {
    await openHostedLogin(page);
    await page.getByRole('button', { name: 'キャンセル' }).click();
    // Back at the portal with ?error=access_denied&error_description=…; the query is dropped.
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('button', { name: 'ログイン' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const stored = await page.evaluate((key) => localStorage.getItem(key), CALLBACK_ERROR_KEY);
    expect(JSON.parse(stored!)).toMatchObject({ message: 'ユーザーがログインをキャンセルしました。' });
    await expectNoSeriousA11yViolations(page, 'ログイン（コールバックエラー後）');

    // A forged callback (no sign-in under way in this browser) is refused the same quiet way.
    await page.goto('/login?error=access_denied&error_description=forged');
    await expect(page).toHaveURL(`${baseURL}/login`);
    await expect(page.getByRole('alert')).toHaveCount(0);
    const forged = await page.evaluate((key) => localStorage.getItem(key), CALLBACK_ERROR_KEY);
    expect(JSON.parse(forged!).message).toBe('Invalid state');
  });
});
