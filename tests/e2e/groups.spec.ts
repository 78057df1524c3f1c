import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';

const idFromUrl = (url: string) => /\/v2\/core\/groups\/(\d+)/.exec(url)?.[1];

/** Neighbour groups: the proof that a master is a declaration plus the shared membership tab. */
test.describe('neighbour groups', () => {
  test('the list shows the total, sorts by id, and says when a search finds nothing', async ({ page }) => {
    await page.goto('/v2/core/groups');
    await expect(page.getByTestId('list-total')).toHaveText(/^全 \d+ 件$/);
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', 'グループ名', '薬局数', '更新日時', '操作']);
    await expectNoSeriousA11yViolations(page, '近隣グループ一覧');

    await page.locator('thead').getByText('ID', { exact: true }).click();
    await expect(page).toHaveURL(/sort=id/);
    await expect(page).toHaveURL(/order=ASC/);
    const ascending = async () => {
      const ids = (await page.locator('tbody tr td:first-child').allInnerTexts()).map(Number);
      return ids.length > 1 && ids.every((id, i) => i === 0 || id > ids[i - 1]);
    };
    await expect.poll(ascending).toBe(true);

    await page.getByPlaceholder('グループ名で検索').fill(unique('該当なし'));
    await expect(page.getByText(TEXTS.noGroups)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '近隣グループ一覧（該当なし）');
  });

  test('create, join and leave a pharmacy, edit, and the server errors in a red list', async ({ page }) => {
    await page.goto('/v2/core/groups/new');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByTestId('server-errors')).toContainText('を入力してください。');
    await expect(page).toHaveURL(/\/v2\/core\/groups\/new$/);
    await expectNoSeriousA11yViolations(page, '近隣グループの新規作成（サーバーエラー）');

    const name = unique('渋谷駅前グループE2E');
    await page.getByRole('textbox', { name: 'グループ名', exact: true }).fill(name);
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/groups\/\d+$/);
    const id = idFromUrl(page.url());
    await expect(page.getByText(name).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '近隣グループ詳細');

    await page.getByRole('tab', { name: '薬局一覧' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/groups/${id}/pharmacies$`));
    await expect(page.getByText('所属している薬局はありません')).toBeVisible();
    await page.getByLabel('このグループに所属していない薬局を検索').fill('薬局');
    await page.getByRole('button', { name: '検索' }).click();
    const results = page.getByRole('table', { name: '検索結果' });
    const firstResult = results.locator('tbody tr').first();
    const pharmacyName = (await firstResult.locator('td').nth(1).innerText()).trim();
    await firstResult.getByRole('button', { name: '追加' }).click();
    const members = page.getByRole('table', { name: '所属薬局' });
    await expect(members.getByRole('row', { name: new RegExp(pharmacyName) })).toContainText(TEXTS.member);
    // Only pharmacies not in the group are offered.
    await expect(results.getByText(pharmacyName, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '近隣グループの薬局一覧タブ（検索結果と所属中）');

    await members.getByRole('button', { name: '削除' }).click();
    await expect(page.getByText(TEXTS.confirmDelete)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '近隣グループの薬局の削除確認ダイアログ');
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect(page.getByText('所属している薬局はありません')).toBeVisible();

    await page.getByRole('tab', { name: '詳細' }).click();
    await page.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/groups/${id}/edit$`));
    await expect(page.getByRole('textbox', { name: 'グループ名', exact: true })).toHaveValue(name);
    await expectNoSeriousA11yViolations(page, '近隣グループの編集');
    await page.getByRole('textbox', { name: 'グループ名', exact: true }).fill(`${name}改`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/v2/core/groups/${id}$`));
    await expect(page.getByText(`${name}改`).first()).toBeVisible();
  });
});
