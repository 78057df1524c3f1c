import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';
import { PHARMACY_MESSAGES } from '../../src/contract/pharmacy';
import { todayInTokyo } from '../../src/contract/dates';
import type { Page } from '@playwright/test';

/**
 * Moves the browser's clock to `to` and lets it run from there, as the machine's own clock would:
 * Playwright's page.clock (and a plain `class extends Date`) give Date another prototype, which
 * code that copies or checks Date's methods can trip on. This constructor keeps the native
 * prototype and subclassing (Reflect.construct with new.target).
 */
const shiftBrowserClock = (page: Page, to: Date) =>
  page.addInitScript((target: number) => {
    const NativeDate = Date;
    const offset = target - NativeDate.now();
    function ShiftedDate(this: unknown, ...args: unknown[]) {
      if (!new.target) return new NativeDate(NativeDate.now() + offset).toString();
      return Reflect.construct(NativeDate, args.length > 0 ? args : [NativeDate.now() + offset], new.target);
    }
    ShiftedDate.prototype = NativeDate.prototype;
    Object.setPrototypeOf(ShiftedDate, NativeDate);
    ShiftedDate.now = () => NativeDate.now() + offset;
    globalThis.Date = ShiftedDate as unknown as DateConstructor;
  }, to.getTime());

const idFromUrl = (url: string) => /\/v2\/core\/pharmacies\/(\d+)/.exec(url)?.[1];

/** A 1×1 PNG, for the licence upload. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d605e70000000049454e44ae426082',
  'hex',
);

/** Fills the pharmacy form's required fields except the address (the postal lookup fills it). */
const fillPharmacy = async (page: Page, name: string) => {
  await page.getByLabel('薬局名').fill(name);
  // A valid length with a failed check digit: warned, never blocked.
  await page.getByLabel('薬局コード').fill('1341234560');
  await page.getByLabel('電話番号').fill('03-1234-5678');
  await page.getByLabel('メールアドレス').fill('e2e@pharmacy.example.jp');
};

/** Creates a pharmacy through the form, using the postal auto-fill, and returns its id. */
const createPharmacy = async (page: Page, name: string) => {
  await page.goto('/v2/core/pharmacies/new');
  await fillPharmacy(page, name);
  await page.getByLabel('郵便番号').fill('150-0002');
  await expect(page.getByLabel('都道府県')).toHaveValue('東京都');
  await page.getByRole('checkbox', { name: '発注' }).check();
  await page.getByRole('button', { name: '新規作成' }).click();
  await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
  return idFromUrl(page.url())!;
};

test.describe('pharmacies', () => {
  test('the list: total, create link, sortable columns, actions, the ended switch', async ({ page }) => {
    // A small laptop's screen: the six columns fit without a sideways scroll (which also cut the last link's focus ring).
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto('/v2/core/pharmacies');
    await expect(page.getByTestId('list-total')).toHaveText(/^全 \d+ 件$/);
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ID', '会社', '薬局名', '都道府県', '更新日時', '操作']);
    const wrapper = page.locator('.RaDataTable-tableWrapper');
    expect(await wrapper.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow.getByRole('link', { name: '発注アプリ（新しいタブで開く）' })).toHaveAttribute('href', /\/pharmacies\/\d+$/);
    await expect(firstRow.getByRole('link', { name: 'NSIPS' })).toHaveAttribute('href', /\/v2\/core\/nsipses\/\d+$/);
    await expect(page.getByRole('link', { name: '作成' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局一覧');
    // 会社 sorts by the name it shows (issue 40): the first rows' companies read in name order.
    await page.locator('thead').getByText('会社', { exact: true }).click();
    await expect(page).toHaveURL(/sort=companyId/);
    await page.locator('thead').getByText('会社', { exact: true }).click();
    await expect(page).toHaveURL(/order=DESC/);
    // The rows of the new order (the old ones stay on screen until they come): names, descending.
    const companies = async () => (await page.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((text) => text.trim());
    await expect.poll(async () => (await companies())[0]).not.toBe('');
    await expect.poll(async () => { const names = await companies(); return names.join('|') === [...names].sort().reverse().join('|'); }).toBe(true);
    await page.locator('thead').getByText('都道府県', { exact: true }).click();
    await expect(page).toHaveURL(/sort=address1/);
    await page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: '2ページ' }).click();
    await expect(page).toHaveURL(/page=2/);
    const total = async () => Number((await page.getByTestId('list-total').innerText()).replace(/\D/g, ''));
    const activeOnly = await total();
    await page.getByLabel('終了した薬局も表示').check();
    await expect.poll(total).toBeGreaterThan(activeOnly);
    await expectNoSeriousA11yViolations(page, '薬局一覧（終了した薬局も表示）');
  });

  test('create with the postal auto-fill and the rules, then licences: upload, view, delete', async ({ page }) => {
    await page.goto('/v2/core/pharmacies/new');
    const name = unique('E2E渋谷薬局');
    await fillPharmacy(page, name);
    await expect(page.getByText(PHARMACY_MESSAGES.micodeCheckDigit)).toBeVisible();
    // One code, two prefectures: the user picks.
    await page.getByLabel('郵便番号').fill('4980000');
    const candidates = page.getByRole('group', { name: '住所の候補' });
    await expect(candidates.getByRole('button')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, '薬局の新規作成（住所の候補）');
    await candidates.getByRole('button', { name: '三重県 桑名郡木曽岬町' }).click();
    await expect(page.getByLabel('都道府県')).toHaveValue('三重県');
    // Filled fields are never overwritten by another lookup: once its answer is in (a late answer
    // would otherwise fill the fields the next step empties).
    const answered = page.waitForResponse((response) => response.url().includes('/postal_codes/search'));
    await page.getByLabel('郵便番号').fill('150-0002');
    await answered;
    await expect(page.getByRole('status').filter({ hasText: '読み込み中…' })).toHaveCount(0);
    await expect(page.getByLabel('市区町村')).toHaveValue('桑名郡木曽岬町');
    for (const label of ['都道府県', '市区町村', '町域・番地']) await page.getByLabel(label).fill('');
    // Fewer than 7 digits, then the same code again: the lookup runs anew.
    await page.getByLabel('郵便番号').fill('150-000');
    await page.getByLabel('郵便番号').fill('150-0002');
    await expect(page.getByLabel('市区町村')).toHaveValue('渋谷区');
    await expect(page.getByLabel('町域・番地')).toHaveValue('渋谷');
    await page.getByLabel('町域・番地').fill('渋谷1丁目2-3');

    // The form's rules: no service chosen.
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(PHARMACY_MESSAGES.servicesRequired)).toBeVisible();
    await page.getByRole('checkbox', { name: '発注' }).check();
    // The company is picked by its name (issue 40 item 10); what is sent is its id.
    const company = page.getByRole('combobox', { name: '会社' });
    await company.fill('株式会社');
    const option = page.getByRole('option').first();
    const companyName = (await option.innerText()).trim();
    await option.click();
    await expect(company).toHaveValue(companyName);
    await expectNoSeriousA11yViolations(page, '薬局の新規作成（会社を名前で選ぶ）');
    // A rule only the server knows (the company gone between the pick and the save): the red
    // list, the input kept.
    let posted = false;
    await page.route(
      (url) => url.pathname.endsWith('/api/v2/admin/pharmacies'),
      async (route) => {
        if (route.request().method() !== 'POST' || posted) return route.fallback();
        posted = true;
        await route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), company_id: 999999 }) });
      },
    );
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByTestId('server-errors')).toContainText('存在しない会社が指定されました。(ID: 999999)');
    await expect(page.getByLabel('薬局名')).toHaveValue(name);
    await expectNoSeriousA11yViolations(page, '薬局の新規作成（サーバーエラー）');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
    const id = idFromUrl(page.url());
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('渋谷1丁目2-3')).toBeVisible();
    await expect(page.getByRole('link', { name: companyName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局詳細');

    await page.getByRole('tab', { name: 'ライセンス' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${id}/licenses$`));
    await expect(page.getByText('登録されている許可証はありません')).toBeVisible();
    await page.getByRole('button', { name: '許可証を登録' }).click();
    const dialog = page.getByRole('dialog', { name: '許可証の登録' });
    const save = dialog.getByRole('button', { name: '保存' });
    await expect(save).toBeDisabled();
    await dialog.getByLabel('許可番号').fill('13薬第99999号');
    await dialog.getByLabel('有効期限').fill('2001-01-01');
    await dialog.getByLabel('有効期限').blur();
    await expect(dialog.getByText(TEXTS.licenceExpiryFromToday)).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('有効期限').fill(todayInTokyo());
    await expect(save).toBeDisabled();
    // The file picker speaks Japanese whatever the browser's language (not Choose File / No file chosen).
    await expect(dialog.getByRole('button', { name: 'ファイルを選択' })).toBeVisible();
    await expect(dialog.getByTestId('license-file-name')).toHaveText('選択されていません');
    await dialog.getByLabel(/^ファイル/).setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
    await expect(dialog.getByTestId('license-file-name')).toHaveText('license.png');
    await expect(save).toBeEnabled();
    await expectNoSeriousA11yViolations(page, '許可証の登録ダイアログ');
    await save.click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: '許可証' }).getByRole('row', { name: /13薬第99999号/ });
    await expect(row).toContainText('有効');
    await expectNoSeriousA11yViolations(page, '薬局のライセンスタブ');

    const view = row.getByRole('link', { name: /13薬第99999号を表示/ });
    const href = (await view.getAttribute('href'))!;
    const popupPromise = page.waitForEvent('popup');
    await view.click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(new URL(href, page.url()).pathname);
    await popup.close();
    // The signed link serves the very bytes uploaded, as an image.
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await file.body())).toEqual(PNG);

    await row.getByRole('button', { name: '削除' }).click();
    await expect(page.getByText(TEXTS.confirmDelete)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '許可証の削除確認ダイアログ');
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect(page.getByText('登録されている許可証はありません')).toBeVisible();
  });

  test('join and leave a neighbour group, and change the batch queue', async ({ page }) => {
    const id = await createPharmacy(page, unique('E2Eグループ薬局'));
    await page.getByRole('tab', { name: 'グループ' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${id}/groups$`));
    await expect(page.getByText('所属している近隣グループはありません')).toBeVisible();
    await page.getByLabel('この薬局が所属していない近隣グループを検索').fill('グループ');
    await page.getByRole('button', { name: '検索' }).click();
    const results = page.getByRole('table', { name: '検索結果' });
    const first = results.locator('tbody tr').first();
    const groupName = (await first.locator('td').nth(1).innerText()).trim();
    await first.getByRole('button', { name: '追加' }).click();
    const members = page.getByRole('table', { name: '所属近隣グループ' });
    await expect(members.getByRole('row', { name: new RegExp(groupName) })).toContainText(TEXTS.member);
    await expect(results.getByText(groupName, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '薬局のグループタブ');
    await members.getByRole('button', { name: '削除' }).click();
    await expect(page.getByRole('dialog')).toContainText(TEXTS.confirmDelete);
    await page.getByRole('dialog').getByRole('button', { name: '削除' }).click();
    await expect(page.getByText('所属している近隣グループはありません')).toBeVisible();

    await page.getByRole('tab', { name: '設定' }).click();
    // A new pharmacy is unknown to the ordering service: its queue is off.
    await expect(page.getByRole('radio', { name: 'オフ' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, '薬局の設定タブ');
    await page.getByRole('radio', { name: /1時間/ }).check();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await page.reload();
    await expect(page.getByRole('radio', { name: /1時間/ })).toBeChecked();
  });

  test('ended today in Japan while still yesterday in New York: the same day reads back and the badge shows', async ({ page }) => {
    const today = todayInTokyo();
    // 00:30 today in Tokyo is 10:30 yesterday in New York (the browser's zone in these tests).
    await shiftBrowserClock(page, new Date(`${today}T00:30:00+09:00`));
    const name = unique('E2E終了薬局');
    const id = await createPharmacy(page, name);
    expect(await page.evaluate(() => new Date().getDate())).not.toBe(Number(today.slice(8)));

    await page.goto(`/v2/core/pharmacies/${id}/edit`);
    await page.getByLabel('終了日').fill(today);
    await expectNoSeriousA11yViolations(page, '薬局の編集');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    const [year, month, day] = today.split('-').map(Number);
    await expect(page.getByText(`${year}年${month}月${day}日`).first()).toBeVisible();
    await page.goto(`/v2/core/pharmacies/${id}/edit`);
    await expect(page.getByLabel('終了日')).toHaveValue(today);

    await page.goto(`/v2/core/pharmacies?filter=${encodeURIComponent(JSON.stringify({ query: name, addEnded: true }))}`);
    const row = page.locator('tbody tr').filter({ hasText: name });
    await expect(row.getByText('終了', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局一覧（終了バッジ）');
  });

  test('licence expiries: soonest first, with days left and the pharmacy by name, linked', async ({ page }) => {
    await page.goto('/v2/core/pharmacy_license_expires');
    await expect(page.getByTestId('list-total')).toHaveText(/^全 \d+ 件$/);
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['薬局', '許可番号', '有効期限', '残り日数', '操作']);
    await expect(page.locator('tbody tr').first()).toContainText(/期限切れ|本日まで|残り/);
    await expectNoSeriousA11yViolations(page, '許可証期限一覧');
    const first = page.locator('tbody tr').first();
    // The pharmacy column is the pharmacy's name (the answer carries it), not its number.
    const pharmacyLink = first.locator('td').first().getByRole('link');
    const pharmacyName = (await pharmacyLink.innerText()).trim();
    expect(pharmacyName).not.toMatch(/^#?\d+$/);
    await expect(first.getByRole('link', { name: '薬局を表示' })).toHaveAttribute('href', (await pharmacyLink.getAttribute('href'))!);
    await pharmacyLink.click();
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
    await expect(page.getByRole('heading', { name: pharmacyName })).toBeVisible();
  });

  test("the list names each pharmacy's company, looked up in one call for the page, and the name opens the company", async ({ page }) => {
    const lookups: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/api/v2/admin/companies') && url.searchParams.has('ids')) lookups.push(url);
    });
    await page.goto('/v2/core/pharmacies');
    const links = page.locator('tbody tr td:nth-child(2)').getByRole('link');
    await expect(links.first()).toBeVisible();
    const rows = await page.locator('tbody tr').count();
    expect(rows).toBe(25);
    // Names, not numbers: every company cell reads as a company's name.
    for (const text of await links.allInnerTexts()) expect(text.trim()).not.toMatch(/^#?\d+$/);
    expect(lookups).toHaveLength(1);
    expect(lookups[0].searchParams.get('ids')).toMatch(/^\d+(,\d+)*$/);

    const link = links.first();
    const companyName = (await link.innerText()).trim();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/v2\/core\/companies\/\d+$/);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { name: companyName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '会社詳細（薬局一覧の会社名から）');
  });
});
