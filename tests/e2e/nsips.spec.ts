import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

const NSIPS = '/v2/core/nsipses';
/** Seeded: pharmacy 1 has 40 files and the month's 5 MB export, more than one listing page (25). */
const BUSY_PHARMACY = 1;
const BUSY_FILES = 41;
const LARGE_FILE = '20261031_all.csv';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The bytes the server stored, read from this worker's server's data dir (production environment). */
const storedBytes = (dataDir: string, pharmacyId: number, filename: string) =>
  readFileSync(join(dataDir, 'storage', 'production', 'nsips', String(pharmacyId), filename));

test.describe('NSIPS files', () => {
  test('choose a pharmacy, load more, open a file decoded as CP932 and download its original bytes', async ({ page, dataDir }) => {
    await page.goto(NSIPS);
    await expect(page.getByRole('heading', { level: 1, name: 'NSIPS一覧' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'NSIPS一覧（薬局の選択）');

    const selector = page.getByRole('combobox', { name: '薬局' });
    await selector.fill(String(BUSY_PHARMACY));
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'NSIPS一覧（薬局の候補）');
    await page.getByRole('option', { name: new RegExp(`^${BUSY_PHARMACY}: `) }).click();
    await expect(page).toHaveURL(new RegExp(`${NSIPS}/${BUSY_PHARMACY}$`));

    const rows = page.getByRole('table', { name: 'NSIPSファイル一覧' }).locator('tbody tr');
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId('list-total')).toHaveText('25 + 25 件');
    await expect(rows.first().getByRole('cell').nth(2)).toHaveText(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/);
    await expectNoSeriousA11yViolations(page, 'NSIPS一覧（1ページ目）');

    await page.getByRole('button', { name: 'さらに読み込む' }).click();
    await expect(rows).toHaveCount(BUSY_FILES);
    await expect(page.getByTestId('list-total')).toHaveText(`${BUSY_FILES} 件`);
    await expect(page.getByRole('button', { name: 'さらに読み込む' })).toHaveCount(0);
    await expect(rows.last().getByRole('cell').first()).toHaveText(`${BUSY_PHARMACY}/${LARGE_FILE}`);
    await expectNoSeriousA11yViolations(page, 'NSIPS一覧（すべて読み込み済み）');

    // The first file, on its own page.
    const key = (await rows.first().getByRole('cell').first().innerText()).trim();
    const filename = key.slice(`${BUSY_PHARMACY}/`.length);
    await rows.first().getByRole('link', { name: `${filename}の詳細` }).click();
    await expect(page).toHaveURL(`${NSIPS}/${BUSY_PHARMACY}/${encodeURIComponent(filename)}`);
    await expect(page.getByRole('heading', { level: 1, name: filename })).toBeVisible();
    const text = page.getByRole('region', { name: `${filename}の内容（CP932として表示）` });
    await expect(text).toContainText('JAHIS10');
    await expect(text).toContainText('①');
    await expect(text).toContainText('㈱');
    await expectNoSeriousA11yViolations(page, 'NSIPSファイル詳細');
    // The detail's URL ends in a file name: a reload (or a shared link) still opens the screen.
    await page.reload();
    await expect(text).toContainText('①');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Shift_JISのままダウンロード' }).click()]);
    expect(download.suggestedFilename()).toBe(filename);
    const downloaded = readFileSync((await download.path())!);
    expect(sha256(downloaded)).toBe(sha256(storedBytes(dataDir, BUSY_PHARMACY, filename)));
    // The download is the Shift_JIS bytes, not the UTF-8 shown on screen.
    expect(downloaded.includes(Buffer.from('①', 'utf8'))).toBe(false);
    expect(new TextDecoder('shift_jis').decode(downloaded)).toContain('①');
  });

  test('the list’s modal shows the same card; the prefix search finds the 5 MB export, shown in part', async ({ page, dataDir }) => {
    await page.goto(`${NSIPS}/${BUSY_PHARMACY}`);
    const rows = page.getByRole('table', { name: 'NSIPSファイル一覧' }).locator('tbody tr');
    await expect(rows).toHaveCount(25);
    const filename = (await rows.nth(1).getByRole('cell').first().innerText()).trim().slice(`${BUSY_PHARMACY}/`.length);
    await rows.nth(1).getByRole('button', { name: `${filename}をモーダルで表示` }).click();
    const dialog = page.getByRole('dialog', { name: 'NSIPSファイル' });
    await expect(dialog.getByRole('heading', { name: filename })).toBeVisible();
    await expect(dialog.getByRole('region', { name: `${filename}の内容（CP932として表示）` })).toContainText('㈱');
    await expectNoSeriousA11yViolations(page, 'NSIPSファイルのモーダル');
    await dialog.getByRole('button', { name: '閉じる' }).click();
    await expect(dialog).toBeHidden();

    const search = page.getByRole('searchbox', { name: 'ファイル名（前方一致）' });
    await search.fill('20261031_');
    await search.press('Enter');
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('list-total')).toHaveText('1 件');
    await rows.first().getByRole('link', { name: `${LARGE_FILE}の詳細` }).click();
    await expect(page.getByText('ファイルが大きいため先頭の一部だけを表示しています。全体はダウンロードしてご覧ください。')).toBeVisible();
    await expect(page.getByText(/^[\d,]+ バイト$/)).toHaveText(`${storedBytes(dataDir, BUSY_PHARMACY, LARGE_FILE).length.toLocaleString('ja-JP')} バイト`);
    await expectNoSeriousA11yViolations(page, 'NSIPSファイル詳細（5MB）');

    await page.goto(`${NSIPS}/${BUSY_PHARMACY}?filter=${encodeURIComponent(JSON.stringify({ query: 'nothing' }))}`);
    await expect(page.getByText('NSIPSファイルが見つかりません')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'NSIPS一覧（該当なし）');
  });

  test('the pharmacies list’s NSIPS link lands on that pharmacy’s files', async ({ page }) => {
    await page.goto('/v2/core/pharmacies');
    const link = page.getByRole('table').locator('tbody tr').first().getByRole('link', { name: 'NSIPS' });
    const href = (await link.getAttribute('href'))!;
    const id = /\/v2\/core\/nsipses\/(\d+)$/.exec(href)![1];
    await link.click();
    await expect(page).toHaveURL(`${NSIPS}/${id}`);
    await expect(page.getByRole('combobox', { name: '薬局' })).toHaveValue(new RegExp(`^${id}: .+`));
    // The heading and the breadcrumb name the pharmacy, not its id.
    const name = (await page.getByRole('combobox', { name: '薬局' }).inputValue()).replace(/^\d+: /, '');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`NSIPS一覧（${name}）`);
    await expect(page.locator('[data-record-crumb]')).toHaveText(name);
  });
});
