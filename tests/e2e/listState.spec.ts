import { test, expect } from './fixtures';

/** A list's state lives in its URL: Back undoes a page change, the sidebar opens the default sort, 一覧へ戻る returns to where the user was. */
test.describe('list state', () => {
  test('Back, the sidebar and 一覧へ戻る', async ({ page }) => {
    await page.goto('/v2/core/companies');
    const pages = page.getByRole('navigation', { name: 'ページ送り' });
    await pages.getByRole('button', { name: '2ページ' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(pages.getByRole('button', { name: '1ページ' })).toHaveAttribute('aria-current', 'page');

    // A sort chosen once is not restored when the list is opened again from the sidebar.
    await page.locator('thead').getByText('ID', { exact: true }).click();
    await expect(page).toHaveURL(/sort=id/);
    await page.getByRole('link', { name: '近隣グループ一覧' }).click();
    await page.getByRole('link', { name: '薬局会社一覧' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies$/);
    await expect(page.locator('thead').getByText('更新日時')).toBeVisible();
    await expect(page.locator('thead [aria-sort="descending"]')).toContainText('更新日時');

    // 一覧へ戻る returns to the page the user came from.
    await pages.getByRole('button', { name: '2ページ' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.locator('tbody tr').first().getByRole('link', { name: '詳細' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    await page.getByRole('link', { name: '一覧へ戻る' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\?.*page=2/);
  });
});
