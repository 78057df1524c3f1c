import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';

const idFromUrl = (url: string) => /\/v2\/core\/companies\/(\d+)/.exec(url)?.[1];

test.describe('companies', () => {
  test('the list shows the total, sorts, searches and pages through ?page=', async ({ page }) => {
    await page.goto('/v2/core/companies');
    await expect(page.getByTestId('list-total')).toHaveText(/^全 \d+ 件$/);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局会社一覧');
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', '会社名', '薬局数', '更新日時', '操作']);
    // Sorting really sorts: ids ascending, then descending.
    const ids = async () => (await page.locator('tbody tr td:first-child').allInnerTexts()).map(Number);
    await page.locator('thead').getByText('ID', { exact: true }).click();
    await expect(page).toHaveURL(/sort=id.*order=ASC|order=ASC.*sort=id/);
    const ordered = (list: number[], ascending: boolean) =>
      list.length > 1 && list.every((id, i) => i === 0 || (ascending ? id > list[i - 1] : id < list[i - 1]));
    await expect.poll(async () => ordered(await ids(), true)).toBe(true);
    await page.locator('thead').getByText('ID', { exact: true }).click();
    await expect(page).toHaveURL(/order=DESC/);
    await expect.poll(async () => ordered(await ids(), false)).toBe(true);
    await page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: '2ページ' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByPlaceholder('会社名で検索').fill('ホールディングス');
    await expect(page.locator('tbody tr').first()).toContainText('ホールディングス');
    await expectNoSeriousA11yViolations(page, '薬局会社一覧（検索）');
  });

  test('bad input gets the server errors in a red list and loses nothing', async ({ page }) => {
    await page.goto('/v2/core/companies/new');
    await page.getByLabel('備考', { exact: true }).fill('入力した備考');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByTestId('server-errors')).toContainText('会社名を入力してください。');
    await expect(page).toHaveURL(/\/v2\/core\/companies\/new$/);
    await expect(page.getByLabel('備考', { exact: true })).toHaveValue('入力した備考');
    await expectNoSeriousA11yViolations(page, '薬局会社の新規作成（サーバーエラー）');
  });

  test('create, see the detail, edit, and manage its pharmacies', async ({ page }) => {
    const name = unique('株式会社E2E');
    await page.goto('/v2/core/companies');
    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/new$/);
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(name);
    await page.getByLabel('備考', { exact: true }).fill('一行目\n二行目');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText('新規作成しました。')).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    const id = idFromUrl(page.url());
    await expect(page.getByText(name).first()).toBeVisible();
    await expect(page.getByText('管理 花子').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局会社詳細');

    await page.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}/edit$`));
    await expect(page.getByLabel('ID')).toHaveValue(String(id));
    await expectNoSeriousA11yViolations(page, '薬局会社の編集');
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(`${name}改`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('更新成功しました。')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await expect(page.getByText(`${name}改`).first()).toBeVisible();

    await page.getByRole('tab', { name: '薬局一覧' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/companies/${id}/pharmacies$`));
    await expect(page.getByText('所属している薬局はありません')).toBeVisible();
    await page.getByLabel('会社に所属していない薬局を検索').fill('薬局');
    await page.getByRole('button', { name: '検索' }).click();
    const results = page.getByRole('table', { name: '検索結果' });
    const firstResult = results.locator('tbody tr').first();
    const pharmacyName = (await firstResult.locator('td').nth(1).innerText()).trim();
    await firstResult.getByRole('button', { name: '追加' }).click();
    const members = page.getByRole('table', { name: '所属薬局' });
    await expect(members.getByRole('row', { name: new RegExp(pharmacyName) })).toContainText('所属中');
    await expect(results.getByText(pharmacyName, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '薬局会社の薬局一覧タブ（検索結果と所属中）');

    await members.getByRole('button', { name: '削除' }).click();
    await expect(page.getByText('削除しますが、本当によろしいですか？')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局の削除確認ダイアログ');
    await page.getByRole('button', { name: '削除' }).last().click();
    await expect(page.getByText('所属している薬局はありません')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('tab', { name: '薬局一覧', selected: true })).toBeVisible();
  });

  test('a seeded date where New York and Japan disagree on the day shows the Japan day and time', async ({ page }) => {
    const listCall = page.waitForResponse((response) => /\/api\/v2\/admin\/companies\?/.test(response.url()));
    await page.goto('/v2/core/companies');
    const companies = (await (await listCall).json()) as { id: number; updated_at: string }[];
    const dayIn = (zone: string, iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(new Date(iso));
    const disagreeing = companies.find((company) => dayIn('Asia/Tokyo', company.updated_at) !== dayIn('America/New_York', company.updated_at));
    expect(disagreeing, 'the seed has a company updated when the two zones are on different days').toBeDefined();
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(disagreeing!.updated_at))
        .map((part) => [part.type, part.value]),
    );
    const expected = `${parts.year}年${parts.month}月${parts.day}日 ${parts.hour}:${parts.minute}`;
    await page.goto(`/v2/core/companies/${disagreeing!.id}`);
    await expect(page.getByText(expected, { exact: true }).first()).toBeVisible();
  });

  test('half-width, full-width and hiragana searches find the same companies', async ({ page }) => {
    const totals: string[] = [];
    for (const text of ['ﾌｧｰﾏ', 'ファーマ', 'ふぁーま']) {
      await page.goto(`/v2/core/companies?filter=${encodeURIComponent(JSON.stringify({ query: text }))}`);
      await expect(page.locator('tbody tr').first()).toContainText('ファーマ');
      totals.push((await page.getByTestId('list-total').innerText()).trim());
    }
    expect(totals[0]).not.toBe('全 0 件');
    expect(new Set(totals).size).toBe(1);
  });
});
