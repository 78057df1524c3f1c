import { test, expect, signIn } from './fixtures';

test.describe('the shell', () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test('the sidebar lists every section and dropdown of the spec, in order', async ({ page }) => {
    const sidebar = page.locator('.RaSidebar-fixed, .RaSidebar-root').first();
    await expect(sidebar.getByText('CS portal')).toBeVisible();
    await sidebar.getByRole('menuitem', { name: '薬局マスタ' }).click();
    await sidebar.getByRole('menuitem', { name: 'その他マスタ' }).click();
    const entries = [
      '問い合わせ一覧',
      '薬局一覧',
      'ユーザー一覧',
      '薬局会社一覧',
      '近隣グループ一覧',
      '許可証期限管理',
      '卸一覧',
      '医療用医薬品一覧',
      '外部マスタデータ',
      'NSIPS一覧',
      'マニュアル一覧',
      'バッチコピー管理',
      'プロフィール',
      'JWT',
      '在庫数比較',
    ];
    const texts = await sidebar.locator('a[role="menuitem"], a.MuiMenuItem-root').allInnerTexts();
    const visible = texts.map((text) => text.trim()).filter((text) => entries.includes(text));
    expect(visible).toEqual(entries);
    await sidebar.getByRole('menuitem', { name: '薬局会社一覧' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies$/);
  });

  test('the sidebar can be minimised to icons and opened again', async ({ page }) => {
    const title = page.getByTestId('sidebar-title');
    await expect(title).toHaveText('CS portal');
    await page.getByRole('button', { name: /メニュー|閉じる|開く/ }).first().click();
    await expect(title).toHaveText('CS');
    await page.getByRole('button', { name: /メニュー|閉じる|開く/ }).first().click();
    await expect(title).toHaveText('CS portal');
  });

  test('home shows the PC-app downloads and the job-queue links', async ({ page }) => {
    await expect(page.getByRole('cell', { name: 'Windows' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Mac' })).toBeVisible();
    const macRow = page.getByRole('row', { name: /Mac/ });
    await expect(macRow.getByRole('link')).toHaveAttribute('href', /\.dmg$/);
    await expect(page.getByRole('link', { name: /medorder/ })).toBeVisible();
  });

  test('breadcrumbs follow the URL and link back', async ({ page }) => {
    await page.goto('/v2/core/dealers/1');
    const crumbs = page.getByRole('navigation', { name: 'パンくずリスト' });
    await expect(crumbs).toContainText('ホーム');
    await expect(crumbs).toContainText('卸一覧');
    await crumbs.getByRole('link', { name: '卸一覧' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/dealers$/);
  });

  test('switching to the demo environment signs out, and its data is its own', async ({ page }) => {
    await page.getByRole('combobox', { name: '接続先' }).click();
    await page.getByRole('option', { name: 'デモ環境' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('デモ環境にログイン')).toBeVisible();
    await signIn(page);
    await expect(page.locator('header[data-environment="demo"]')).toBeVisible();
    await page.goto('/v2/core/companies');
    const demoFirst = await page.locator('tbody tr').first().innerText();
    await page.getByRole('combobox', { name: '接続先' }).click();
    await page.getByRole('option', { name: '本番環境' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page);
    await page.goto('/v2/core/companies');
    await expect(page.locator('tbody tr').first()).not.toHaveText(demoFirst);
  });
});
