import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

/*
 * The stock tools against the seeded histories (server/db/stocksScenario.ts):
 * pharmacy 3's item 1 lacks its last v1 dispense in v2 (-7 on 2026-10-07 00:30 UTC); pharmacy 2
 * holds 3 drugs in v1, of which 1129009F2048's fix is refused.
 *
 * The stock fix's waits (1 s per drug, 10 s after a failure) are shortened here by planting
 * `__CS_PORTAL_STOCK_FIX_WAITS__` on the window before the app loads: a test-only hook
 * (src/customRoutes/stocks/fixRunner.ts, unit-tested with the spec's values on fake timers).
 */

const plantWaits = (beforeEachMs: number, afterFailureMs: number) =>
  ({ beforeEachMs, afterFailureMs }) as const;

test.describe('stock diff', () => {
  // Issue 23's finding, first: the next test adds the very adjustment this one is offered.
  test('stock diff offers an adjustment only where it changes v2, and a new subject starts without the last error', async ({ page }) => {
    await page.goto('/v1/medorder/stocks/diff#3,1');
    const timeline = page.getByRole('table', { name: '在庫履歴 (v2 と v1 の時刻順)' });
    // The seeded history (header, 7 v2, 6 v1), before the next test adds its adjustment (tests of a
    // file run in order, in one worker with its own data).
    await expect(timeline.getByRole('row').nth(1 + 7 + 6 - 1)).toBeVisible();
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
    await page.getByRole('dialog', { name: '在庫調整の追加の確認' }).getByRole('button', { name: '追加する' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '試験用のエラーです。' })).toBeVisible();
    await page.getByLabel('品目ID').fill('4');
    await page.getByRole('button', { name: '表示' }).click();
    await expect(page.getByRole('region', { name: '在庫の概要' })).toContainText('一致しています');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(timeline.getByRole('button', { name: /^v2 に在庫調整を追加/ })).toHaveCount(0);
  });

  test('opened from a hash URL: names, both quantities, a Tokyo-time timeline; an adjustment makes them agree', async ({ page }) => {
    await page.goto('/v1/medorder/stocks/diff#3,1');
    await expect(page.getByRole('heading', { name: '在庫数比較', level: 1 })).toBeVisible();
    await expect(page.getByLabel('薬局ID')).toHaveValue('3');
    await expect(page.getByLabel('品目ID')).toHaveValue('1');
    const summary = page.getByRole('region', { name: '在庫の概要' });
    await expect(summary).toContainText('ネルボン錠５ｍｇ');
    await expect(summary).toContainText('1124003F2230');
    await expect(summary).toContainText('一致していません (差 -7)');
    const timeline = page.getByRole('table', { name: '在庫履歴 (v2 と v1 の時刻順)' });
    // 2026-10-01 00:30 UTC is 09:30 in Japan (the browser itself runs in New York).
    await expect(timeline.getByRole('row').nth(1)).toContainText('2026年10月1日 09:30');
    await expect(timeline.getByRole('row').nth(1)).toContainText('棚卸し');
    await expect(timeline.getByRole('cell', { name: '購入', exact: true })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, '在庫数比較');
    // The page is as wide as the window: nothing scrolls sideways into blank space (issue 40).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => document.documentElement.clientWidth));

    const addAdjustment = timeline.getByRole('button', { name: 'v2 に在庫調整を追加 (2026年10月7日 09:30 の調剤 -7)' });
    // The label shows as written (v2, the generation's name everywhere else), not upper-cased.
    expect(await addAdjustment.innerText()).toBe('v2 に在庫調整を追加');
    // A stock write asks first, naming the pharmacy, the item and the change; キャンセル writes nothing.
    await addAdjustment.click();
    const confirm = page.getByRole('dialog', { name: '在庫調整の追加の確認' });
    await expect(confirm).toContainText('2026年10月7日 09:30 の調剤に合わせた在庫調整 -7 を v2 に追加します。');
    await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, '在庫調整の追加の確認');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(summary).toContainText('一致していません (差 -7)');
    await addAdjustment.click();
    await confirm.getByRole('button', { name: '追加する' }).click();
    await expect(page.getByRole('status').filter({ hasText: '追加しました' })).toBeVisible();
    await expect(summary).toContainText('一致しています');
    const adjustments = timeline.getByRole('row').filter({ has: page.getByRole('cell', { name: '在庫調整', exact: true }) });
    await expect(adjustments).toHaveCount(1);
    await expect(adjustments).toContainText('2026年10月7日 09:30');
    await expect(adjustments).toContainText('v2');
    await expectNoSeriousA11yViolations(page, '在庫数比較 (追加後)');
  });

  test('loads nothing and says why unless both ids are integers', async ({ page }) => {
    await page.goto('/v1/medorder/stocks/diff#abc,1.5');
    await expect(page.getByText('薬局IDが整数ではないため、読み込みません。')).toBeVisible();
    await expect(page.getByText('品目IDが整数ではないため、読み込みません。')).toBeVisible();
    await expect(page.getByRole('region', { name: '在庫の概要' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '在庫数比較 (不正なID)');
    await page.getByLabel('薬局ID').fill('3');
    await page.getByLabel('品目ID').fill('4');
    await page.getByRole('button', { name: '表示' }).click();
    await expect(page).toHaveURL(/\/v1\/medorder\/stocks\/diff#3,4$/);
    await expect(page.getByRole('region', { name: '在庫の概要' })).toContainText('一致しています');
  });
});

test.describe('stock fix', () => {
  test('v1/medorder opens the fix; a small pharmacy is fixed drug by drug and the report names the failed code', async ({ page }) => {
    await page.addInitScript((waits) => {
      (window as unknown as Record<string, unknown>).__CS_PORTAL_STOCK_FIX_WAITS__ = waits;
    }, plantWaits(50, 100));
    await page.goto('/v1/medorder');
    await expect(page).toHaveURL(/\/v1\/medorder\/stocks\/fix$/);
    await expect(page.getByRole('table', { name: '薬局の早見表' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '在庫修正');

    await page.getByLabel('薬局ID').fill('x');
    await page.getByRole('button', { name: '在庫修正を実行' }).click();
    await expect(page.getByText('薬局IDは整数で入力してください。')).toBeVisible();

    await page.getByRole('button', { name: /\(ID: 2\) を選ぶ$/ }).click();
    await expect(page.getByLabel('薬局ID')).toHaveValue('2');
    await page.getByRole('button', { name: '在庫修正を実行' }).click();
    const dialog = page.getByRole('dialog', { name: '在庫修正 (薬局ID: 2)' });
    await expect(dialog).toContainText('在庫のある薬: 3件');
    await expect(dialog.getByRole('alert')).toContainText('在庫修正が完了しました。');
    await expect(dialog.getByRole('alert')).toContainText('修正できなかった薬 (1件): 1129009F2048');
    await expect(dialog).toContainText('処理済み: 3件');
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expectNoSeriousA11yViolations(page, '在庫修正 (結果)');
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('closing mid-run asks first, then stops the run', async ({ page }) => {
    await page.addInitScript((waits) => {
      (window as unknown as Record<string, unknown>).__CS_PORTAL_STOCK_FIX_WAITS__ = waits;
    }, plantWaits(60_000, 60_000));
    await page.goto('/v1/medorder/stocks/fix');
    await page.getByLabel('薬局ID').fill('1');
    await page.getByRole('button', { name: '在庫修正を実行' }).click();
    const dialog = page.getByRole('dialog', { name: '在庫修正 (薬局ID: 1)' });
    // 12 drugs in v1 over three pages of 5.
    await expect(dialog).toContainText('在庫のある薬: 12件');
    await expect(dialog.getByText('修正中')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '在庫修正 (実行中)');
    await dialog.getByRole('button', { name: '閉じる' }).click();
    const confirm = page.getByRole('dialog', { name: '在庫修正を中止しますか？' });
    await expect(confirm).toBeVisible();
    await expectNoSeriousA11yViolations(page, '在庫修正 (閉じる確認)');
    await confirm.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toContainText('修正中');
    await dialog.getByRole('button', { name: '中止' }).click();
    await expect(dialog.getByRole('alert')).toContainText('在庫修正を中止しました。');
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(dialog).toHaveCount(0);
  });
});
