import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

test.describe('dealers', () => {
  test('search by name and open the detail', async ({ page }) => {
    await page.goto('/v2/core/dealers');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '卸一覧');
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', '卸コード', '卸名', '都道府県ID', '都道府県名', '操作']);
    const ids = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(ids.map(Number)).toEqual([...ids.map(Number)].sort((a, b) => a - b));
    await expect(page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: /^\d+ページ$/ })).toHaveCount(10);
    await page.getByPlaceholder('卸名で検索').fill('メディセオ');
    // Wait for the search to apply (the URL carries it), then every row matches.
    await expect(page).toHaveURL(/%E3%83%A1%E3%83%87%E3%82%A3%E3%82%BB%E3%82%AA|メディセオ/);
    const rows = page.locator('tbody tr');
    await expect.poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 0 && texts.every((text) => text.includes('メディセオ'));
    }).toBe(true);
    await rows.first().getByRole('link', { name: '詳細' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/dealers\/\d+$/);
    await expect(page.getByRole('tab', { name: '詳細' })).toBeVisible();
    await expect(page.getByText('メディセオ').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '卸詳細');
  });
});
