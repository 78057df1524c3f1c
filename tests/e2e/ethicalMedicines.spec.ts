import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

const LIST = '/v2/core/ethical_medicines';
const totalOf = async (page: import('@playwright/test').Page) => Number((await page.getByTestId('list-total').innerText()).replace(/\D/g, ''));

test.describe('ethical medicines', () => {
  test('list: default columns, search by a full-width code and by names in hiragana and half-width kana, include inactive', async ({ page }) => {
    await page.goto(LIST);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '医療用医薬品一覧');
    // The wide table scrolls in its own box: the page does not, and the count and links stay in view.
    await expect(page.getByTestId('list-total')).toBeInViewport();
    await expect(page.getByRole('link', { name: 'マスター更新' })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', '販売名', 'YJコード', 'HOTコード', 'レセプト電算コード', 'JANコード', '一般名', '規格', '製造会社', '薬価', '後発品', '廃止日', '操作']);
    await expect(page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: /^\d+ページ$/ })).toHaveCount(10);
    await expect(rows.first()).toContainText('ネルボン錠５ｍｇ');
    await expect(rows.first()).toContainText('7.1');
    const activeTotal = await totalOf(page);

    const search = page.getByPlaceholder('販売名・一般名・成分名・各種コードで検索');
    await search.fill('１１２４００３Ｆ２２３０');
    await expect.poll(async () => (await rows.allInnerTexts()).length).toBe(1);
    await expect(rows.first()).toContainText('ネルボン錠５ｍｇ');
    await expectNoSeriousA11yViolations(page, '医療用医薬品一覧（コードで検索）');

    for (const name of ['ねるぼん', 'ﾈﾙﾎﾞﾝ']) {
      await search.fill(name);
      await expect.poll(async () => {
        const texts = await rows.allInnerTexts();
        return texts.length > 0 && texts.every((text) => text.includes('ネルボン'));
      }).toBe(true);
    }
    await search.fill('');
    await expect.poll(() => totalOf(page)).toBe(activeTotal);

    const includeInactive = page.getByRole('checkbox', { name: '無効になったものも含む' });
    await includeInactive.check();
    await expect(page).toHaveURL(/includeInactive/);
    await expect.poll(() => totalOf(page)).toBeGreaterThan(activeTotal);
    await expectNoSeriousA11yViolations(page, '医療用医薬品一覧（無効を含む）');
    await includeInactive.uncheck();
    await expect.poll(() => totalOf(page)).toBe(activeTotal);
  });

  test('the column chooser shows a hidden column and remembers it', async ({ page }) => {
    await page.goto(LIST);
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'HOT7' })).toHaveCount(0);
    await page.getByRole('button', { name: '列を編集' }).click();
    await expectNoSeriousA11yViolations(page, '列の選択');
    await page.getByRole('group', { name: '表示する列' }).getByRole('checkbox', { name: 'HOT7', exact: true }).check();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('columnheader', { name: 'HOT7' })).toBeVisible();
    await page.reload();
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'HOT7' })).toBeVisible();
  });

  test('detail: grouped fields, the price with one decimal, flags in Japanese, dates in Japanese', async ({ page }) => {
    await page.goto(LIST);
    await page.locator('tbody tr').first().getByRole('link', { name: '詳細' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/ethical_medicines\/1$/);
    for (const group of ['名称・規格', '薬価・収載', '規制・区分', 'コード', '包装', '製造・販売']) {
      await expect(page.getByRole('heading', { name: group })).toBeVisible();
    }
    const price = page.getByRole('region', { name: '薬価・収載' });
    await expect(price).toContainText('7.1');
    await expect(price).toContainText(/\d{4}年\d{1,2}月\d{1,2}日/);
    await expect(page.getByRole('region', { name: '規制・区分' })).toContainText('いいえ');
    await expect(page.getByRole('region', { name: 'コード' })).toContainText('1124003F2230');
    await expectNoSeriousA11yViolations(page, '医療用医薬品詳細');
  });

  test('import screen: start a download and an import, see the alert and the jobs succeed', async ({ page }) => {
    test.setTimeout(180_000);
    await page.goto(LIST);
    await page.getByRole('link', { name: 'マスター更新' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/ethical_medicines\/update$/);
    const hot = page.getByRole('region', { name: 'HOTコードマスター' });
    await expect(hot).toBeVisible();
    await expect(page.getByRole('region', { name: 'MEDHOTマスター' })).toBeVisible();
    const insurance = page.getByRole('region', { name: '医療保険マスター' });
    await expect(insurance).toContainText('2019年');
    await expect(hot.getByLabel('開始日')).toHaveAttribute('min', '2001-12-28');
    await expect(page.getByRole('region', { name: 'MEDHOTマスター' }).getByLabel('開始日')).toHaveAttribute('min', '2015-06-30');
    await expectNoSeriousA11yViolations(page, 'マスター更新');

    await hot.getByRole('button', { name: 'ダウンロード開始' }).click();
    await expect(page.getByRole('status').getByText('HOTコードマスターのダウンロードを開始しました。')).toBeVisible();
    await expect(hot.getByTestId('job-hot_code-download')).toContainText('成功', { timeout: 30_000 });
    // The HOT code master with the GS1 correspondence and option files MEDIS publishes beside it.
    await expect(hot.getByTestId('job-hot_code-download')).toContainText('3件のファイル');
    await expectNoSeriousA11yViolations(page, 'マスター更新（ダウンロード完了）');
    // The alert goes after 5 s.
    await expect(page.getByRole('status').getByText('HOTコードマスターのダウンロードを開始しました。')).toHaveCount(0, { timeout: 10_000 });

    await hot.getByRole('button', { name: '取り込み開始' }).click();
    const confirm = page.getByRole('dialog', { name: 'HOTコードマスターの取り込みの確認' });
    // It names what changes and the download it reads.
    await expect(confirm).toContainText('医療用医薬品マスター（薬価・名称など）を更新します。');
    await expect(confirm).toContainText('3件のファイル');
    await expect(confirm.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'マスター更新（取り込みの確認）');
    await confirm.getByRole('button', { name: '取り込み開始' }).click();
    await expect(page.getByRole('status').getByText('HOTコードマスターの取り込みを開始しました。')).toBeVisible();
    await expect(hot.getByTestId('job-hot_code-import')).toContainText('成功', { timeout: 30_000 });
    await expect(hot.getByTestId('job-hot_code-import')).toContainText('追加 10件');
    await expectNoSeriousA11yViolations(page, 'マスター更新（取り込み完了）');

    // The files the HOT download brought are listed with their rows (master sources, spec section 2).
    for (const [list, label] of [['medis_gs1s', 'GS1対応表'], ['medis_options', 'オプションファイル']]) {
      await page.goto(`/v2/core/master_sources/${list}`);
      const files = page.getByRole('table', { name: `${label}一覧` });
      await expect(files).toContainText(list === 'medis_gs1s' ? /MEDIS_GS1_\d{8}\.csv/ : /MEDIS_OPTION_\d{8}\.csv/);
      await files.locator('tbody tr').first().getByRole('link', { name: '詳細' }).click();
      await expect(page.getByRole('table', { name: /の行$/ })).toContainText(list === 'medis_gs1s' ? '販売包装単位GS1コード' : '薬効分類番号');
      await expectNoSeriousA11yViolations(page, `${label}（ファイルの行）`);
    }
  });
});
