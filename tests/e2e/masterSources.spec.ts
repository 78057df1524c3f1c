import { SEEDS } from '../../server/app';
import { seedMedicineRecords } from '../../server/services/core/ethicalMedicines/seed';
import { test, expect, expectNoSeriousA11yViolations, unique } from './fixtures';

const BASE = '/v2/core/master_sources';
/** A product of the published master the ordering master has never held (only the first 300 are seeded there), out of every upstream file. */
const PRODUCT = seedMedicineRecords(SEEDS.production, 'small')[450];
const HOT = String(PRODUCT.hot_code);
const YJ = String(PRODUCT.yj_code);
const GS1 = String(PRODUCT.package_gs1_code);

test.describe('master sources', () => {
  test('from a HOT code: a stockable fixture, an orderable fixture, the diff, reflect, the item in the master', async ({ page }) => {
    test.setTimeout(180_000);
    const name = unique('E2E院内品目');
    await page.goto(BASE);
    await expect(page.getByRole('link', { name: '更新依頼' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '外部マスタデータ');
    await page.getByLabel('HOTコード').fill(HOT);
    await page.getByRole('button', { name: '開く' }).first().click();
    await expect(page).toHaveURL(`${BASE}/hot_codes/${HOT}`);

    const diff = page.getByRole('region', { name: 'マスター差分' });
    await expect(diff.getByText('新規作成').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'HOTコードマスター（基本）' })).toContainText(YJ);
    await expect(page.getByRole('table', { name: 'GS1対応表' })).toContainText(GS1);
    await expect(page.getByRole('region', { name: '発注マスター' })).toContainText('発注マスターに在庫品目はありません');
    const stockableSummary = page.getByRole('region', { name: '在庫品目補正' });
    await expect(stockableSummary).toContainText('登録はありません');
    await expectNoSeriousA11yViolations(page, 'HOTコード詳細（補正なし）');

    await stockableSummary.getByRole('link', { name: '在庫品目補正を新規登録' }).click();
    await expect(page).toHaveURL(new RegExp(`/stockable_item_fixtures/new\\?yjCode=${YJ}$`));
    await expect(page.getByLabel('YJコード', { exact: true })).toHaveValue(YJ);
    await page.getByLabel('名称', { exact: true }).fill(name);
    await page.getByLabel('メモ').fill('E2Eで登録');
    await expectNoSeriousA11yViolations(page, '在庫品目補正の新規登録');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/stockable_item_fixtures\/\d+$/);
    await expect(page.getByRole('region', { name: 'マスター差分' }).getByText('新規作成').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '在庫品目補正詳細');

    // Edit sends only what changed, the price as an integer.
    await page.getByRole('link', { name: '編集' }).click();
    await page.getByLabel('薬価').fill('12');
    // 後発品 and 在庫管理しない may stay unset: 未設定 / はい / いいえ.
    await page.getByRole('combobox', { name: '在庫管理しない' }).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['未設定', 'はい', 'いいえ']);
    await page.getByRole('option', { name: 'いいえ' }).click();
    await expectNoSeriousA11yViolations(page, '在庫品目補正の編集');
    const patch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/stockable_item_fixtures/'));
    await page.getByRole('button', { name: '保存' }).click();
    expect((await patch).postDataJSON()).toEqual({ price: 12, disable_stock: false });

    await page.goto(`${BASE}/hot_codes/${HOT}`);
    const orderableSummary = page.getByRole('region', { name: '発注品目補正' });
    await expect(page.getByRole('region', { name: '在庫品目補正' })).toContainText(name);
    await orderableSummary.getByRole('link', { name: '発注品目補正を新規登録' }).click();
    await expect(page).toHaveURL(new RegExp(`/orderable_item_fixtures/new\\?gs1Code=${GS1}&hotCode=${HOT}$`));
    await expect(page.getByLabel('GS1コード')).toHaveValue(GS1);
    await expect(page.getByLabel('HOTコード')).toHaveValue(HOT);
    await page.getByLabel('名称追記').fill('（E2E）');
    await expectNoSeriousA11yViolations(page, '発注品目補正の新規登録');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(new RegExp(`${BASE}/orderable_item_fixtures$`));
    await expect(page.locator('tbody tr').first()).toContainText('（E2E）');
    await expectNoSeriousA11yViolations(page, '発注品目補正一覧');

    await page.goto(`${BASE}/hot_codes/${HOT}`);
    const hotDiff = page.getByRole('region', { name: 'マスター差分' });
    await expect(hotDiff.getByRole('table', { name: '在庫品目の差分' })).toContainText(name);
    await expect(hotDiff.getByRole('table', { name: `発注品目 ${GS1} の差分` })).toContainText('（E2E）');
    await expect(hotDiff.getByRole('table', { name: '在庫品目の差分' })).toContainText('12');
    await expectNoSeriousA11yViolations(page, 'HOTコード詳細（差分あり）');
    await hotDiff.getByRole('button', { name: '反映する' }).click();
    await expect(page.getByText('マスターに反映しました。')).toBeVisible();
    await expect(hotDiff.getByText('新規作成')).toHaveCount(0);
    await expect(hotDiff.getByRole('button', { name: '反映する' })).toBeDisabled();
    const master = page.getByRole('region', { name: '発注マスター' });
    await expect(master).toContainText(name);
    await expect(master.getByRole('table')).toContainText(GS1);
    await expect(master.getByRole('table')).toContainText('（E2E）');
    await expectNoSeriousA11yViolations(page, 'HOTコード詳細（反映後）');

    // The orderable fixture now agrees with the master: its apply button is off.
    await page.goto(`${BASE}/orderable_item_fixtures`);
    await page.locator('tbody tr').first().getByRole('link', { name: '詳細' }).click();
    await expect(page.getByRole('region', { name: 'マスター差分' }).getByText('変更なし')).toBeVisible();
    await expect(page.getByRole('button', { name: '反映する' })).toBeDisabled();
    // Only the non-empty fields: the HOT code and the name append are there, the empty note and stockable fixture id are not.
    await expect(page.getByRole('tabpanel').getByText(HOT, { exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('（E2E）', { exact: true })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText(/^(メモ|在庫品目補正ID)$/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '発注品目補正詳細');

    // Edit sends only what changed: numbers as integers, an emptied field as null, the day as yyyy-MM-dd.
    await page.getByRole('link', { name: '編集' }).click();
    await expect(page.getByLabel('名称追記')).toHaveValue('（E2E）');
    await page.getByLabel('数量').fill('250');
    await page.getByLabel('名称追記').fill('');
    await page.getByLabel('販売中止日').fill('2027-03-31');
    await expectNoSeriousA11yViolations(page, '発注品目補正の編集');
    const orderablePatch = page.waitForRequest((request) => request.method() === 'PATCH' && request.url().includes('/orderable_item_fixtures/'));
    const fixtureId = /orderable_item_fixtures\/(\d+)/.exec(page.url())![1];
    await page.getByRole('button', { name: '保存' }).click();
    expect((await orderablePatch).postDataJSON()).toEqual({ quantity: 250, name_append: null, inactive_on: '2027-03-31' });
    await page.goto(`${BASE}/orderable_item_fixtures/${fixtureId}`);
    await expect(page.getByRole('tabpanel').getByText('2027年3月31日')).toBeVisible();
    await expect(page.getByRole('tabpanel').getByText('（E2E）', { exact: true })).toHaveCount(0);

    await page.goto(`${BASE}/stockable_items`);
    await page.getByLabel('名称・YJコード').fill(YJ);
    await page.getByRole('button', { name: '検索' }).click();
    await expect(page.getByRole('region', { name: '検索結果' })).toContainText(name);
    await expectNoSeriousA11yViolations(page, '在庫品目マスター検索');
  });

  test('import requests: reject one and update another; each leaves the open list', async ({ page }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.endsWith('/admin/stockable_item_import_requests')) listCalls.push(url.searchParams.get('state') ?? '(なし)');
    });
    await page.goto(`${BASE}/stockable_item_import_requests`);
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(25);
    // The open requests only: no unfiltered call before them.
    expect(listCalls).toEqual(['open']);
    await expectNoSeriousA11yViolations(page, '更新依頼一覧');
    const firstId = (await rows.first().locator('td').first().innerText()).trim();
    const firstCode = (await rows.first().locator('td').nth(1).innerText()).trim();
    // Each asks first, naming the code and what follows, with キャンセル focused: Enter changes nothing.
    await rows.first().getByRole('button', { name: '却下' }).click();
    const confirmReject = page.getByRole('dialog', { name: '却下の確認' });
    await expect(confirmReject).toContainText(`${firstCode} の取り込み依頼を却下します。`);
    await expect(confirmReject.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, '更新依頼の却下の確認');
    await page.keyboard.press('Enter');
    await expect(confirmReject).toBeHidden();
    await expect(rows.first().locator('td').first()).toHaveText(firstId);
    await rows.first().getByRole('button', { name: '却下' }).click();
    await confirmReject.getByRole('button', { name: '却下' }).click();
    await expect(page.getByText('却下しました。')).toBeVisible();
    await expect(rows.first().locator('td').first()).not.toHaveText(firstId);
    const secondId = (await rows.first().locator('td').first().innerText()).trim();
    await rows.first().getByRole('button', { name: '更新' }).click();
    const confirmAccept = page.getByRole('dialog', { name: '更新の確認' });
    await expect(confirmAccept).toContainText('を発注マスターに取り込み、依頼を取り込み済みにします。');
    await confirmAccept.getByRole('button', { name: '更新' }).click();
    await expect(page.getByText('更新しました。')).toBeVisible();
    await expect(rows.first().locator('td').first()).not.toHaveText(secondId);
    await expect(page.getByRole('cell', { name: firstId, exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '更新依頼一覧（処理後）');
  });

  test('unknown deliveries: 10 page links and the ignore switch, kept after a reload', async ({ page }) => {
    await page.goto(`${BASE}/unknown_sdcvan_delivery_d_records`);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: /^\d+ページ$/ })).toHaveCount(10);
    await expectNoSeriousA11yViolations(page, '不明な納品一覧');
    // The generated list's header count, and 未設定 for an empty name (not the old screen's
    // literal null, issue 40); at 1440 px every column is inside the window.
    await expect(page.getByTestId('list-total')).toHaveText(/^全 [\d,]+ 件$/);
    await expect(rows.locator('td', { hasText: /^未設定$/ }).first()).toBeVisible();
    await expect(rows.locator('td', { hasText: /^null$/ })).toHaveCount(0);
    const judged = page.getByRole('columnheader', { name: /不明と判定した日時/ });
    const box = (await judged.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    await expect(judged).toBeInViewport({ ratio: 1 });
    const id = (await rows.first().locator('td').first().innerText()).trim();
    const toggle = page.getByRole('switch', { name: `ID ${id} を無視する` }).or(page.getByRole('checkbox', { name: `ID ${id} を無視する` }));
    const before = await toggle.isChecked();
    await toggle.click();
    await expect(toggle).toBeChecked({ checked: !before });
    await page.reload();
    await expect(toggle).toBeChecked({ checked: !before });
    await toggle.click();
    await expect(toggle).toBeChecked({ checked: before });
    await expectNoSeriousA11yViolations(page, '不明な納品一覧（切り替え後）');
  });

  test('the index links to every list of the spec, in its order', async ({ page }) => {
    await page.goto(BASE);
    const links = page.getByRole('list', { name: '外部マスタデータの一覧' }).getByRole('link');
    await expect(links).toHaveText([
      '更新依頼', 'HOTコードマスターファイル一覧', 'オプションファイル一覧', 'GS1対応表一覧', '医療保険マスターファイル一覧', '在庫品目の手動登録（在庫品目補正）',
      '発注品目の手動登録（発注品目補正）', '不明な納品', '在庫品目マスター検索',
    ]);
    await page.getByRole('link', { name: 'HOTコードマスターファイル一覧' }).click();
    await expect(page).toHaveURL(`${BASE}/medis_bases`);
    await expect(page.getByRole('table', { name: 'HOTコードマスターファイル一覧' }).or(page.getByText(/ファイルはありません/))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'HOTコードマスターファイル一覧');
    await page.goto(`${BASE}/medis_options`);
    await expect(page.getByRole('table', { name: 'オプションファイル一覧' }).or(page.getByText(/ファイルはありません/))).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'オプションファイル一覧');
  });

  test('receipt code detail: diff, insurance, HOT base and GS1 rows, the stockable fixture', async ({ page }) => {
    const receipt = String(seedMedicineRecords(SEEDS.production, 'small')[460].receipt_code);
    await page.goto(`${BASE}/receipt_codes/${receipt}`);
    await expect(page.getByRole('table', { name: '医療保険マスター' })).toContainText(receipt);
    await expect(page.getByRole('region', { name: 'マスター差分' }).getByText('新規作成').first()).toBeVisible();
    await expect(page.getByRole('region', { name: '在庫品目補正' })).toContainText('登録はありません');
    await expectNoSeriousA11yViolations(page, 'レセプト電算コード詳細');
  });
});
