import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

/*
 * Issue 23, "What a new user found walking every screen": each test is one finding, against the
 * seeded data (stock histories: server/services/medorder/stocksScenario.ts).
 */

test.describe('what a new user found walking every screen', () => {
  test('a loaded screen focuses its h1 for screen readers without drawing a ring; the keyboard still gets one', async ({ page }) => {
    await page.goto('/v2/core/companies');
    const heading = page.getByRole('heading', { level: 1, name: '薬局会社一覧' });
    await expect(heading).toBeFocused();
    const outline = () => heading.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(await outline()).toBe('none');
    await page.reload();
    await expect(heading).toBeFocused();
    expect(await outline()).toBe('none');
    // From the keyboard, the heading a navigation focused shows where focus is.
    await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'ホーム' }).focus();
    await page.keyboard.press('Enter');
    const home = page.getByRole('heading', { level: 1, name: 'ホーム' });
    await expect(home).toBeFocused();
    expect(await home.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  });

  test('the breadcrumb 「#3 / 編集」 has no gap after a short record name', async ({ page }) => {
    await page.goto('/v2/core/master_sources/stockable_item_fixtures');
    const firstId = await page.getByRole('row').nth(1).getByRole('cell').first().innerText();
    await page.goto(`/v2/core/master_sources/stockable_item_fixtures/${firstId.trim()}/edit`);
    const crumbs = page.getByRole('navigation', { name: 'パンくずリスト' });
    await expect(crumbs.getByText('編集')).toBeVisible();
    const gap = await crumbs.evaluate((nav) => {
      const record = nav.querySelector('[data-record-crumb]')!;
      const separator = record.closest('li')!.nextElementSibling!;
      const text = document.createRange();
      text.selectNodeContents(record);
      return separator.getBoundingClientRect().left - text.getBoundingClientRect().right;
    });
    // MUI's separator margin is 8 px; the record's crumb adds none.
    expect(gap).toBeLessThanOrEqual(10);
  });

  test('stock diff offers an adjustment only where it changes v2, and a new subject starts without the last error', async ({ page }) => {
    await page.goto('/v1/medorder/stocks/diff#3,1');
    const timeline = page.getByRole('table', { name: '在庫履歴 (v2 と v1 の時刻順)' });
    await expect(timeline.getByRole('row')).toHaveCount(1 + 7 + 6);
    // Pharmacy 3's item 1: v2 lacks only the last v1 dispense; every other v1 entry is already in v2.
    const offers = timeline.getByRole('button', { name: /^v2 に在庫調整を追加/ });
    await expect(offers).toHaveCount(1);
    await expect(offers).toHaveAccessibleName('v2 に在庫調整を追加 (2026年10月7日 09:30 の調剤 -7)');
    await expectNoSeriousA11yViolations(page, '在庫数比較 (調整が1件)');

    await page.route('**/stocks/*/logs', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ errors: ['試験用のエラーです。'] }) })
        : route.fallback(),
    );
    await offers.click();
    await expect(page.getByRole('alert').filter({ hasText: '試験用のエラーです。' })).toBeVisible();
    await page.getByLabel('品目ID').fill('4');
    await page.getByRole('button', { name: '表示' }).click();
    await expect(page.getByRole('region', { name: '在庫の概要' })).toContainText('一致しています');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(timeline.getByRole('button', { name: /^v2 に在庫調整を追加/ })).toHaveCount(0);
  });
});
