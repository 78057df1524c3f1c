import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

/** react-admin's stock buttons and redirects must land on the spec's route table. */
test.describe('stock react-admin buttons land on the spec URLs', () => {
  test('CreateButton, ShowButton, EditButton, ListButton, tabs and cancel', async ({ page }) => {
    await page.goto('/v2/core/companies');
    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/new$/);
    await page.getByRole('link', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies$/);

    const firstRow = page.locator('tbody tr').first();
    const id = (await firstRow.locator('td').first().innerText()).trim();
    await firstRow.getByRole('link', { name: '詳細' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await page.getByRole('tab', { name: '薬局一覧' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}/pharmacies$`));
    await page.getByRole('tab', { name: '詳細' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await page.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}/edit$`));
    await page.getByRole('link', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await page.getByRole('link', { name: '一覧へ戻る' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies$/);

    await page.locator('tbody tr').first().getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+\/edit$/);
  });

  test('history URLs load directly', async ({ page }) => {
    await page.goto('/v2/core/companies/1/pharmacies');
    await expect(page.getByRole('tab', { name: '薬局一覧', selected: true })).toBeVisible();
    await page.goto('/v2/core/companies/1/edit');
    await expect(page.getByRole('textbox', { name: '会社名', exact: true })).not.toHaveValue('');
    await page.goto('/v2/core/companies/new');
    await expect(page.getByRole('button', { name: '新規作成' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局会社の新規作成');
  });
});
