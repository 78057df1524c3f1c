import { test, expect, unique, accounts, expectNoSeriousA11yViolations } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';
import { parseLoginInfo } from '../../src/resources/users/loginInfo';
import type { Page } from '@playwright/test';
import { expectPlaceholdersFit } from './layout';

/** Fills the shared fields of either create tab and submits. */
const createUser = async (page: Page, name: string, email: string) => {
  await page.getByLabel('名前').fill(name);
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '新規作成' }).click();
};

test.describe('users', () => {
  test('the list sorts by e-mail, searches, and says ユーザが見つかりません for a search with no hit', async ({ page }) => {
    await page.goto('/v2/core/users');
    await expect(page.getByTestId('list-total')).toHaveText(/^全 \d+ 件$/);
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', '名前', 'メールアドレス', 'ユーザ種別', '更新日時', '操作']);
    await expectPlaceholdersFit(page.locator('body'));
    await expectNoSeriousA11yViolations(page, 'ユーザー一覧');
    await page.locator('thead').getByText('メールアドレス', { exact: true }).click();
    await expect(page).toHaveURL(/sort=email/);
    const emails = async () => (await page.locator('tbody tr td:nth-child(3)').allInnerTexts()).map((text) => text.trim());
    await expect.poll(async () => {
      const shown = await emails();
      return shown.length > 1 && shown.every((email, i) => i === 0 || email >= shown[i - 1]);
    }).toBe(true);

    await page.getByPlaceholder('名前・メールアドレスで検索').fill('yamamoto');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody')).toContainText('山本 和樹');
    await page.getByPlaceholder('名前・メールアドレスで検索').fill(unique('該当なし'));
    await expect(page.getByText(TEXTS.noUsers)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ユーザー一覧（該当なし）');
  });

  test('create a pharmacy user, copy the login information, and that user signs in to the 403 page', async ({ page, context, browser, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/v2/core/users');
    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/users\/new\/pharmacy$/);
    await expect(page.getByRole('tab', { name: '薬局ユーザー', selected: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: '編集可' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'ユーザー新規作成（薬局ユーザー）');

    const email = `${unique('e2e.pharmacy.')}@pharmacy.example.jp`;
    const pharmacy = page.getByRole('combobox', { name: /^薬局/ });
    await pharmacy.fill('薬局');
    const option = page.getByRole('option').first();
    const pharmacyName = (await option.innerText()).replace(/（ID: \d+）$/, '').trim();
    await option.click();
    await createUser(page, '新井 薬子', email);

    const dialog = page.getByRole('dialog', { name: 'ログイン情報' });
    await expect(dialog).toBeVisible();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(dialog.getByTestId('login-email')).toHaveText(email);
    const shownPassword = (await dialog.getByTestId('login-password').innerText()).trim();
    await expectNoSeriousA11yViolations(page, 'ログイン情報ダイアログ');
    await dialog.getByRole('button', { name: 'コピー' }).click();
    await expect(dialog.getByRole('button', { name: TEXTS.copied })).toBeVisible();
    const copied = parseLoginInfo(await page.evaluate(() => navigator.clipboard.readText()));
    expect(copied).toEqual({ email, password: shownPassword });
    // The label goes back after 1.5 s.
    await expect(dialog.getByRole('button', { name: 'コピー', exact: true })).toBeVisible();

    await dialog.getByRole('link', { name: 'ユーザー詳細へ' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/users\/\d+$/);
    await expect(page.getByText(email).first()).toBeVisible();
    // The detail names the user's pharmacy by name, linked, as the database and the identity provider hold it.
    for (const field of ['所属薬局', '認証基盤の所属薬局']) {
      await expect(page.getByText(field, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: pharmacyName, exact: true })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'ユーザー詳細');
    await page.getByRole('tab', { name: '薬局' }).click();
    const row = page.getByRole('table', { name: '所属薬局' }).getByRole('row', { name: new RegExp(pharmacyName) });
    await expect(row).toContainText('編集可');
    await expectNoSeriousA11yViolations(page, 'ユーザーの薬局タブ');

    // The new user signs in with what was copied, in a browser that has never signed in (the
    // fixture's stored admin session would otherwise come along).
    const fresh = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      const other = await fresh.newPage();
      await other.goto('/login');
      await other.getByLabel('メールアドレス').fill(copied!.email);
      await other.getByLabel('パスワード').fill(copied!.password);
      await other.getByRole('button', { name: 'ログイン' }).click();
      await expect(other).toHaveURL(/\/forbidden$/);
      await expect(other.getByRole('heading', { name: /403/ })).toBeVisible();
    } finally {
      await fresh.close();
    }
  });

  test('create an admin user from the second tab', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/v2/core/users/new');
    await expect(page).toHaveURL(/\/v2\/core\/users\/new\/pharmacy$/);
    await page.getByRole('tab', { name: '管理ユーザー' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/users\/new\/admin$/);
    await expect(page.getByRole('combobox', { name: /^薬局/ })).toHaveCount(0);
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(/を入力してください。/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'ユーザー新規作成（管理ユーザー、未入力）');

    await createUser(page, '新人 管理', accounts.admin.email);
    await expect(page.getByTestId('server-errors')).toContainText('このメールアドレスはすでに登録されています。');
    await expectNoSeriousA11yViolations(page, 'ユーザー新規作成（サーバーエラー）');
    const email = `${unique('e2e.admin.')}@example.com`;
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '新規作成' }).click();
    const dialog = page.getByRole('dialog', { name: 'ログイン情報' });
    await expect(dialog.getByTestId('login-email')).toHaveText(email);
    await dialog.getByRole('button', { name: 'コピー' }).click();
    await dialog.getByRole('link', { name: 'ユーザー詳細へ' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/users\/\d+$/);
    const roleChip = page.locator('.MuiChip-root', { hasText: '管理ユーザー' });
    await expect(roleChip).toBeVisible();
    // The chip is as wide as its label, not stretched across the detail's column.
    const chipWidth = (await roleChip.boundingBox())?.width ?? Infinity;
    expect(chipWidth).toBeLessThan(200);
    await page.getByRole('tab', { name: '薬局' }).click();
    await expect(page.getByText('管理ユーザーは薬局に所属しません。')).toBeVisible();
  });

  test("on a pharmacy's users tab: switch a permission, add a user read-only, and remove them", async ({ page }) => {
    await page.goto('/v2/core/pharmacies/2/users');
    const members = page.getByRole('table', { name: '所属ユーザー' });
    const nakamura = members.getByRole('row', { name: /中村 彩/ });
    await expect(nakamura).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局のユーザータブ');
    const before = (await nakamura.locator('td').nth(3).innerText()).trim();
    const after = before === '編集可' ? '閲覧のみ' : '編集可';
    await nakamura.getByRole('button', { name: `中村 彩を${after}にする` }).click();
    await expect(page.getByText(`中村 彩の権限を${after}に変更しました。`)).toBeVisible();
    await expect(nakamura.locator('td').nth(3)).toHaveText(after);

    await page.getByRole('textbox', { name: 'この薬局に所属していない薬局ユーザーを検索' }).fill('kobayashi');
    await page.getByRole('search', { name: 'この薬局に所属していない薬局ユーザーを検索' }).getByRole('button', { name: '検索' }).click();
    const results = page.getByRole('table', { name: 'ユーザーの検索結果' });
    await results.getByRole('button', { name: '小林 翔太を閲覧のみで追加' }).click();
    const kobayashi = members.getByRole('row', { name: /小林 翔太/ });
    await expect(kobayashi.locator('td').nth(3)).toHaveText('閲覧のみ');
    await expect(results.getByText('小林 翔太')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '薬局のユーザータブ（追加後）');

    await kobayashi.getByRole('button', { name: '小林 翔太を削除' }).click();
    await expect(page.getByText(TEXTS.confirmDelete)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局のユーザーの削除確認ダイアログ');
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect(members.getByRole('row', { name: /小林 翔太/ })).toHaveCount(0);

    // Back as it was for the next run on the same data.
    await nakamura.getByRole('button', { name: `中村 彩を${before}にする` }).click();
    await expect(nakamura.locator('td').nth(3)).toHaveText(before);
  });
});
