import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { adminApi } from './adminApi';
import { palette } from './palette';

/**
 * Issue 40 items 8 and 9, as an agent works: a name typed without the space the record has, an
 * invoice or licence number read off a document, in the list's search and in the jump palette
 * (Ctrl+K); then a row opened by a click anywhere on it. Every state passes axe.
 */

const PHARMACIES = '/core/api/v2/admin/pharmacies';
/**
 * What the agent typed, as the seed holds it: a name and a licence number. The invoice
 * number is read from the record (the seed's now carry the National Tax Agency's check digit).
 */
const NAME = 'かもめ薬局 市川店';
const TYPED = 'かもめ薬局市川店';
const LICENSE = '14薬第91565号';

interface Pharmacy {
  id: number;
  name: string;
}

test.describe('issue 40 item 8: searches find what agents type', () => {
  test('the list search finds 「かもめ薬局 市川店」 typed without the space', async ({ page }) => {
    await page.goto('/v2/core/pharmacies');
    await page.getByPlaceholder('薬局名で検索').fill(TYPED);
    const table = page.getByRole('table', { name: '薬局一覧' });
    await expect(table.getByRole('row').nth(1)).toContainText(NAME);
    // Only かもめ薬局 市川店 (the seed has two), under the header row.
    await expect(table.getByRole('row').filter({ hasNotText: NAME })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, '薬局一覧（スペースなしで検索）');
  });

  test('the palette finds it without the space, by its invoice number and by a licence number', async ({ page, request }) => {
    const api = await adminApi(request);
    const [kamome] = await api.get<Pharmacy[]>(`${PHARMACIES}?add_ended=true&sort=id&query=${encodeURIComponent(NAME)}`);
    const { pharmacy_invoice: invoice } = await api.get<{ pharmacy_invoice: { invoice_number: string } }>(`${PHARMACIES}/${kamome.id}`);
    const INVOICE = invoice.invoice_number;
    expect(INVOICE).toMatch(/^T\d{13}$/);
    await page.goto('/');
    const p = palette(page);
    await p.open();

    await p.search(TYPED);
    await expect(p.group('薬局').getByRole('option').first()).toContainText(NAME);
    await expectNoSeriousA11yViolations(page, 'パレット（スペースなしの名前）');

    await p.search(INVOICE);
    const byInvoice = p.group('薬局').getByRole('option');
    await expect(byInvoice).toHaveCount(1);
    await expect(byInvoice).toContainText(NAME);
    await expect(byInvoice).toContainText(`登録番号 ${INVOICE}`);
    await expectNoSeriousA11yViolations(page, 'パレット（登録番号）');

    await p.search(LICENSE);
    const byLicense = p.group('薬局').getByRole('option');
    await expect(byLicense).toHaveCount(1);
    await expect(byLicense).toContainText(`許可番号 ${LICENSE}`);
    await expectNoSeriousA11yViolations(page, 'パレット（許可番号）');
    // Enter opens the holder: its licences tab lists the number.
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
    await page.getByRole('tab', { name: 'ライセンス' }).click();
    await expect(page.getByText(LICENSE)).toBeVisible();
  });
});

test.describe('issue 40 item 9: a row opens on a click anywhere on it', () => {
  test('a click on a cell opens the detail; a link in the row still goes where it says; a text selection stays', async ({ page, request }) => {
    const api = await adminApi(request);
    const [first] = await api.get<Pharmacy[]>(`${PHARMACIES}?sort=id`);
    await page.goto('/v2/core/pharmacies?sort=id&order=ASC');
    const table = page.getByRole('table', { name: '薬局一覧' });
    const row = table.getByRole('row').filter({ hasText: first.name });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(page, '薬局一覧（行を開く前）');

    // A drag over the name selects its text: reading, not opening.
    const name = row.getByText(first.name, { exact: true });
    const box = (await name.boundingBox())!;
    await page.mouse.move(box.x + 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    expect(await page.evaluate(() => window.getSelection()?.toString())).not.toBe('');
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\?/);

    // A plain click on the row's name cell: the detail, at the spec's URL.
    await name.click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(first.name);
    await expectNoSeriousA11yViolations(page, '薬局詳細（行から開いた）');

    // The row's own links keep their targets (編集 opens the form, not the detail).
    await page.goBack();
    await row.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${first.id}/edit$`));
  });

  test('on users, the e-mail is text and a click on it opens the user, not mailto:', async ({ page, request }) => {
    const api = await adminApi(request);
    const [user] = await api.get<{ id: number; email: string }[]>('/core/api/v2/admin/users?sort=id');
    await page.goto('/v2/core/users?sort=id&order=ASC');
    const table = page.getByRole('table', { name: 'ユーザー一覧' });
    const email = table.getByText(user.email, { exact: true });
    await expect(email).toBeVisible();
    await expect(table.getByRole('link', { name: user.email })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'ユーザー一覧（メールは文字）');
    await email.click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/users/${user.id}$`));
    await expectNoSeriousA11yViolations(page, 'ユーザー詳細（行から開いた）');
  });
});
