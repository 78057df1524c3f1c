import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { adminApi } from './adminApi';
import { readCsvRows } from '../../server/shared/csv';

/** An instant as Japan wall time `yyyy/MM/dd HH:mm`, by Intl: an oracle apart from the SPA's own formatting. */
const tokyoMinute = (iso: string) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
};
const tokyoToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(new Date());
/** What a spreadsheet would run as a formula starts with a `'` in the file. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

interface WirePharmacy {
  id: number;
  company_id: number | null;
  name: string;
  address1: string;
  updated_at: string;
}

const SEARCH = '調剤';

/** The rows 薬局一覧 shows for the search, as the API answers them: id, company (its name), name, address, updated. */
const expectedRows = async (page: Page) => {
  const api = await adminApi(page.request);
  const pharmacies = await api.getAllPages<WirePharmacy>(`/core/api/v2/admin/pharmacies?query=${encodeURIComponent(SEARCH)}&sort=-updated_at`);
  const companyIds = [...new Set(pharmacies.map((p) => p.company_id).filter((id): id is number => id !== null))];
  const names = new Map<number, string>();
  for (let index = 0; index < companyIds.length; index += 100) {
    const companies = await api.get<{ id: number; name: string }[]>(`/core/api/v2/admin/companies?ids=${companyIds.slice(index, index + 100).join(',')}`);
    for (const company of companies) names.set(company.id, company.name);
  }
  return pharmacies.map((p) => [
    String(p.id),
    p.company_id === null ? '' : asText(names.get(p.company_id) ?? `#${p.company_id}`),
    asText(p.name),
    asText(p.address1),
    tokyoMinute(p.updated_at),
  ]);
};

const HEADER = ['ID', '会社', '薬局名', '都道府県', '更新日時'];

const bytesOf = async (download: Download) => new Uint8Array(await readFile((await download.path())!));

test.describe('export a list', () => {
  test('薬局一覧 with a search, as CP932 (keyboard only) and as UTF-8 with BOM, cell by cell', async ({ page }) => {
    await page.goto('/v2/core/pharmacies');
    await page.getByPlaceholder('薬局名で検索').fill(SEARCH);
    await expect(page).toHaveURL(/filter=/);
    await expect.poll(async () => (await page.locator('tbody tr').allInnerTexts()).every((text) => text.includes(SEARCH))).toBe(true);
    const expected = await expectedRows(page);
    // More than one page, so the export pages as the list does.
    expect(expected.length).toBeGreaterThan(25);

    // CP932, keyboard only: the button, the default encoding, Tab to 開始, Enter.
    const button = page.getByRole('button', { name: 'エクスポート' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '薬局一覧をエクスポート' });
    await expect(dialog.getByRole('radio', { name: 'Excel 向け (Shift_JIS/CP932)' })).toBeFocused();
    await expect(dialog.getByRole('radio', { name: 'Excel 向け (Shift_JIS/CP932)' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, 'エクスポート（文字コードの選択）');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'エクスポート開始' })).toBeFocused();
    const [cp932Download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    expect(cp932Download.suggestedFilename()).toBe(`薬局一覧_${tokyoToday()}.csv`);
    await expect(dialog.getByText(`${expected.length.toLocaleString('ja-JP')} 行を「薬局一覧_${tokyoToday()}.csv」に保存しました。`)).toBeVisible();
    await expect(dialog.getByTestId('export-replaced')).toHaveText(/置き換えた文字はありません/);
    await expectNoSeriousA11yViolations(page, 'エクスポート（完了）');
    await expect(dialog.getByRole('button', { name: '閉じる' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    const cp932 = await bytesOf(cp932Download);
    expect([...cp932.slice(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const cp932Rows = readCsvRows(new TextDecoder('shift_jis').decode(cp932));
    expect(cp932Rows[0]).toEqual(HEADER);
    expect(cp932Rows.slice(1)).toEqual(expected);

    // UTF-8 with BOM, by pointer.
    await button.click();
    await dialog.getByRole('radio', { name: 'UTF-8 (BOM付き)' }).check();
    const [utf8Download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'エクスポート開始' }).click()]);
    const utf8 = await bytesOf(utf8Download);
    expect([...utf8.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const utf8Rows = readCsvRows(new TextDecoder('utf-8').decode(utf8));
    expect(utf8Rows[0]).toEqual(HEADER);
    expect(utf8Rows.slice(1)).toEqual(expected);
    await dialog.getByRole('button', { name: '閉じる' }).click();
  });
});
