import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import type { Locator, Page } from '@playwright/test';

/**
 * Issue 23 item 10: at 1280 px and wider a detail page lays its fields out in columns, under the
 * headings its declaration groups them by, and a form puts two short inputs in a row; below the
 * md breakpoint (900 px) both fall back to one column.
 */

const box = async (locator: Locator) => {
  await expect(locator).toBeVisible();
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
};

/** Side by side: one top edge (within a pixel), the second starting right of where the first ends. */
const expectSideBySide = async (first: Locator, second: Locator) => {
  const [a, b] = [await box(first), await box(second)];
  expect(Math.abs(a.y - b.y)).toBeLessThanOrEqual(1);
  expect(b.x).toBeGreaterThanOrEqual(a.x + a.width);
};

/** One under the other: one left edge, the second lower. */
const expectStacked = async (first: Locator, second: Locator) => {
  const [a, b] = [await box(first), await box(second)];
  expect(Math.abs(a.x - b.x)).toBeLessThanOrEqual(1);
  expect(b.y).toBeGreaterThan(a.y + 10);
};

/** The height of the page's content area (the detail card and its toolbar), not the viewport. */
const contentHeight = (page: Page) => page.locator('#main-content').evaluate((element) => element.scrollHeight);

const label = (scope: Locator, text: string) => scope.getByText(text, { exact: true });

const openPharmacy = async (page: Page) => {
  await page.goto('/v2/core/pharmacies/1');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
  await expect(page.getByText('更新者', { exact: true })).toBeVisible();
};

test.describe('detail pages use the width', () => {
  for (const width of [1280, 1440]) {
    test(`pharmacy detail at ${width} px: grouped fields in columns, chips in a row, no taller than 1.3 screens`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await openPharmacy(page);
      const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
      await expect(headings).toHaveText(['基本情報', '住所・連絡先', '契約', '作成・更新']);
      const basics = page.getByRole('region', { name: '基本情報' });
      await expectSideBySide(label(basics, '薬局名'), label(basics, '薬局コード'));
      const address = page.getByRole('region', { name: '住所・連絡先' });
      await expectSideBySide(label(address, '郵便番号'), label(address, '都道府県'));
      const audit = page.getByRole('region', { name: '作成・更新' });
      await expectSideBySide(label(audit, '作成日時'), label(audit, '更新日時'));
      // 契約サービス: the seeded pharmacy 1 has both services, one chip beside the other.
      const contract = page.getByRole('region', { name: '契約' });
      await expectSideBySide(contract.getByText('在庫シェア', { exact: true }), contract.getByText('発注', { exact: true }));
      const height = await contentHeight(page);
      test.info().annotations.push({ type: 'content height', description: `${width} px: ${height} px` });
      expect(height).toBeLessThanOrEqual(900 * 1.3);
      await expectNoSeriousA11yViolations(page, `pharmacy detail at ${width} px`);
    });

    test(`forms at ${width} px put two short inputs in a row`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/v2/core/pharmacies/1/edit');
      await expect(page.getByLabel('薬局名')).not.toHaveValue('');
      await expectSideBySide(page.getByLabel('開始日'), page.getByLabel('終了日'));
      await expectSideBySide(page.getByLabel('電話番号'), page.getByLabel('FAX番号'));
      // Long text keeps the whole row: 備考 is as wide as two cells.
      const [phone, note] = [await box(page.getByLabel('電話番号')), await box(page.getByLabel('備考'))];
      expect(note.width).toBeGreaterThan(phone.width * 1.8);
      await expectNoSeriousA11yViolations(page, `pharmacy edit at ${width} px`);

      // A create form has no ID yet: the edit form shows it read-only beside the name.
      await page.goto('/v2/core/companies/1/edit');
      await expect(page.getByLabel('会社名')).not.toHaveValue('');
      await expectSideBySide(page.getByLabel('ID'), page.getByLabel('会社名'));
      await expectNoSeriousA11yViolations(page, `company edit at ${width} px`);
    });
  }

  test('a company detail groups its fields as well', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/v2/core/companies/1');
    await expect(page.getByText('更新者', { exact: true })).toBeVisible();
    const headings = page.getByRole('tabpanel').getByRole('heading', { level: 2 });
    await expect(headings).toHaveText(['基本情報', '作成・更新']);
    const basics = page.getByRole('region', { name: '基本情報' });
    await expectSideBySide(label(basics, 'ID'), label(basics, '会社名'));
    await expectNoSeriousA11yViolations(page, 'company detail at 1280 px');
  });

  test('at 800 px the detail and the form fall back to one column', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await openPharmacy(page);
    const basics = page.getByRole('region', { name: '基本情報' });
    await expectStacked(label(basics, '薬局名'), label(basics, '薬局コード'));
    await expectNoSeriousA11yViolations(page, 'pharmacy detail at 800 px');
    await page.goto('/v2/core/pharmacies/1/edit');
    await expect(page.getByLabel('薬局名')).not.toHaveValue('');
    await expectStacked(page.getByLabel('開始日'), page.getByLabel('終了日'));
  });
});
