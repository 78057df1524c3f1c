import { test, expect, expectNoSeriousA11yViolations, unique } from './fixtures';
import { adminApi } from './adminApi';
import { expectFocusVisible, tabTo } from './keyboard';
import { invoiceCheckDigit } from '../../src/contract/pharmacy';
import { RECORD_CONFLICT_MESSAGE } from '../../src/dataProvider/recordConflict';
import { TEXTS } from '../../src/i18n/texts';

/**
 * Issue 39: every change answerable. A pharmacy's invoice number changed in the form is found on
 * its 変更履歴 and on 最近の変更 by the editor's name, and restored, with the keyboard alone; a
 * restore over a newer save meets the conflict; a deleted record comes back with its id.
 */
const invoice = (base: string) => `T${invoiceCheckDigit(base)}${base}`;
const EDITOR = '管理 花子';

test('change an invoice number, find it on 変更履歴 and 最近の変更 by the editor, restore it: keyboard only; a restore over a newer save is a conflict', async ({ page, request }) => {
  test.setTimeout(240_000);
  const api = await adminApi(request);
  const before = invoice('200000000001');
  const after = invoice('300000000002');
  const name = unique('履歴テスト薬局');
  const { id } = await api.post<{ id: number }>('/core/api/v2/admin/pharmacies', {
    name, micode: '1341234567', postal_code: '150-0002', address1: '東京都', address2: '渋谷区', address3: '渋谷1丁目2-3',
    phone: '03-1234-5678', email: 'history@pharmacy.example.jp', services: ['medorder'],
    pharmacy_invoice_attributes: { invoice_number: before },
  });
  const { keyboard } = page;
  const heading = page.getByRole('heading', { level: 1, name });

  // The edit form: the invoice number typed over, saved with Enter on 保存.
  await page.goto(`/v2/core/pharmacies/${id}/edit`);
  const field = page.getByRole('textbox', { name: '適格請求書発行事業者登録番号' });
  await tabTo(page, field, { maxStops: 60 });
  await keyboard.press('ControlOrMeta+a');
  await keyboard.type(after);
  await tabTo(page, page.getByRole('button', { name: '保存', exact: true }), { maxStops: 80 });
  await keyboard.press('Enter');
  await expect(page.getByText(TEXTS.updated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${id}$`));
  await expect(heading).toBeFocused();

  // 変更履歴: from the selected tab, the arrow keys reach it and Enter opens it.
  await tabTo(page, page.getByRole('tab', { name: '詳細' }));
  await tabTo(page, page.getByRole('tab', { name: '変更履歴' }), { key: 'ArrowRight', maxStops: 8 });
  await keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${id}/history$`));
  const versions = page.getByRole('tabpanel').getByRole('listitem');
  await expect(versions).toHaveCount(2);
  const newest = versions.first();
  await expect(newest).toContainText('更新');
  await expect(newest.getByRole('link', { name: EDITOR })).toBeVisible();
  await expect(newest.getByRole('row', { name: /適格請求書発行事業者登録番号/ })).toContainText(`${before}${after}`);
  await expectFocusVisible(page);
  await expectNoSeriousA11yViolations(page, '変更履歴');

  // 最近の変更, from the sidebar, filtered by the editor's name: the change is there, linked to the pharmacy.
  const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
  await tabTo(page, sidebar.getByRole('link', { name: '最近の変更' }), { backwards: true, maxStops: 80 });
  await keyboard.press('Enter');
  await expect(page).toHaveURL(/\/v2\/core\/versions$/);
  await tabTo(page, page.getByRole('combobox', { name: '変更者' }));
  await keyboard.type(EDITOR);
  await expect(page.getByRole('option')).toHaveText([EDITOR]);
  await keyboard.press('ArrowDown');
  await keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: '変更者' })).toHaveValue(EDITOR);
  await expect(page).toHaveURL(/whodunnit/);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) }).first();
  await expect(row).toContainText(EDITOR);
  await expect(row).toContainText('適格請求書発行事業者登録番号');
  await expectNoSeriousA11yViolations(page, '最近の変更（変更者で絞り込み）');

  // Back to the pharmacy by its link, and restore the version before the change.
  await tabTo(page, row.getByRole('link', { name: `#${id}`, exact: true }), { maxStops: 80 });
  await keyboard.press('Enter');
  await expect(heading).toBeFocused();
  await tabTo(page, page.getByRole('tab', { name: '詳細' }));
  await tabTo(page, page.getByRole('tab', { name: '変更履歴' }), { key: 'ArrowRight', maxStops: 8 });
  await keyboard.press('Enter');
  await expect(versions).toHaveCount(2);
  const created = versions.nth(1);
  await tabTo(page, created.getByRole('button', { name: /の版に戻す$/ }), { maxStops: 60 });
  await keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: 'この版に戻しますか？' });
  await expect(question.getByRole('row', { name: /適格請求書発行事業者登録番号/ })).toContainText(`${after}${before}`);
  await expect(question.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '変更履歴（この版に戻すの確認）');
  await tabTo(page, question.getByRole('button', { name: 'この版に戻す' }));
  await keyboard.press('Enter');
  await expect(page.getByText('この版に戻しました。')).toBeVisible();
  // The restore is itself a version, and the record holds the old number again.
  await expect(versions).toHaveCount(3);
  await expect(versions.first().getByRole('row', { name: /適格請求書発行事業者登録番号/ })).toContainText(`${after}${before}`);
  expect((await api.get<{ pharmacy_invoice: { invoice_number: string } }>(`/core/api/v2/admin/pharmacies/${id}`)).pharmacy_invoice.invoice_number).toBe(before);
  await expectNoSeriousA11yViolations(page, '変更履歴（戻した後）');

  // Another staff member saves while the history is open: restoring now meets the conflict, and nothing is written.
  await api.put(`/core/api/v2/admin/pharmacies/${id}`, { note: '他のスタッフの備考' });
  await tabTo(page, versions.nth(1).getByRole('button', { name: /の版に戻す$/ }), { backwards: true, maxStops: 60 });
  await keyboard.press('Enter');
  await tabTo(page, page.getByRole('dialog').getByRole('button', { name: 'この版に戻す' }));
  await keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: RECORD_CONFLICT_MESSAGE })).toBeVisible();
  expect((await api.get<{ pharmacy_invoice: { invoice_number: string } }>(`/core/api/v2/admin/pharmacies/${id}`)).pharmacy_invoice.invoice_number).toBe(before);
  await expectNoSeriousA11yViolations(page, '変更履歴（同時編集）');
});

test('a deleted 定型文 is listed under 削除済み and comes back with its id by 復元', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const title = unique('復元テスト');
  const { id } = await api.post<{ id: number }>('/core/api/v2/admin/saved_replies', { title, shortcut: unique('restore').toLowerCase().replace(/[^a-z0-9]/g, ''), body: '本文' });
  // Another reply after it, so the deleted one's id is not the newest (SQLite would give it out again).
  await api.post('/core/api/v2/admin/saved_replies', { title: unique('後の定型文'), shortcut: unique('later').toLowerCase().replace(/[^a-z0-9]/g, ''), body: '本文' });

  await page.goto(`/v2/core/saved_replies/${id}`);
  await page.getByRole('button', { name: '削除' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
  await expect(page.getByText('定型文を削除しました。')).toBeVisible();

  // 削除済み: the deletes of 定型文 whose record is still gone.
  const filter = encodeURIComponent(JSON.stringify({ itemType: 'v2/core/saved_replies', event: 'destroy', latest: true }));
  await page.goto(`/v2/core/versions?filter=${filter}`);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('削除');
  await expectNoSeriousA11yViolations(page, '削除済み');
  await row.getByRole('button', { name: `定型文 #${id} を復元` }).click();
  const question = page.getByRole('dialog', { name: `定型文 #${id} を復元しますか？` });
  await expect(question.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '削除済み（復元の確認）');
  await question.getByRole('button', { name: '復元' }).click();
  await expect(page.getByText(`定型文 #${id} を復元しました。`)).toBeVisible();
  // No longer deleted: gone from the list, and its detail is back under the same id.
  await expect(row).toHaveCount(0);
  await page.goto(`/v2/core/saved_replies/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '復元した定型文');
});

test('delete an empty company from its detail page and restore it from 削除済み with its id, every button by the keyboard; one with pharmacies says why it cannot go', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const name = unique('削除して戻す会社');
  const { id } = await api.post<{ id: number }>('/core/api/v2/admin/companies', { name, note: '削除前の備考' });
  const { keyboard } = page;
  const heading = page.getByRole('heading', { level: 1, name });

  // A company with pharmacies: 削除 is disabled, the reason (with the count) its description.
  const [held] = await api.get<{ id: number; name: string; pharmacies_count: number }[]>('/core/api/v2/admin/companies?sort=-pharmacies_count');
  expect(held.pharmacies_count).toBeGreaterThan(0);
  await page.goto(`/v2/core/companies/${held.id}`);
  const refusedDelete = page.getByRole('button', { name: '削除' });
  await expect(refusedDelete).toBeDisabled();
  await expect(refusedDelete).toHaveAccessibleDescription(`所属している薬局が${held.pharmacies_count.toLocaleString('ja-JP')}件あるため削除できません。先に薬局一覧タブで薬局を会社から外してください。`);
  // The reason wraps within the page (the toolbar's nowrap once ran it off the right edge).
  const reason = page.getByText(/^所属している薬局が/);
  const { right, overflow } = await reason.evaluate((el) => ({ right: el.getBoundingClientRect().right, overflow: el.scrollWidth - el.clientWidth }));
  expect(overflow).toBe(0);
  expect(right).toBeLessThanOrEqual(page.viewportSize()!.width);
  await expectNoSeriousA11yViolations(page, '会社詳細（削除できない）');

  // The empty company: 削除 from its detail page, asked first with focus on キャンセル.
  await page.goto(`/v2/core/companies/${id}`);
  await expect(heading).toBeVisible();
  await tabTo(page, page.getByRole('button', { name: '削除' }), { maxStops: 80 });
  await expectNoSeriousA11yViolations(page, '会社詳細（削除できる）');
  await keyboard.press('Enter');
  const question = page.getByRole('dialog', { name: `薬局会社「${name}」を削除しますか？` });
  await expect(question.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '会社詳細（削除の確認）');
  await tabTo(page, question.getByRole('button', { name: '削除する' }));
  await keyboard.press('Enter');
  await expect(page.getByText('薬局会社を削除しました。')).toBeVisible();
  await expect(page).toHaveURL(/\/v2\/core\/companies(\?|$)/);

  // 削除済み of 薬局会社 on 最近の変更: the company is there, and 復元 brings it back.
  const filter = encodeURIComponent(JSON.stringify({ itemType: 'v2/core/companies', event: 'destroy', latest: true }));
  await page.goto(`/v2/core/versions?filter=${filter}`);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('会社名、備考');
  await expectNoSeriousA11yViolations(page, '削除済み（薬局会社）');
  await tabTo(page, row.getByRole('button', { name: `薬局会社 #${id} を復元` }), { maxStops: 120 });
  await keyboard.press('Enter');
  const restore = page.getByRole('dialog', { name: `薬局会社 #${id} を復元しますか？` });
  await expect(restore.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '削除済み（会社の復元の確認）');
  await tabTo(page, restore.getByRole('button', { name: '復元' }));
  await keyboard.press('Enter');
  await expect(page.getByText(`薬局会社 #${id} を復元しました。`)).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await api.get<{ id: number; name: string; note: string }>(`/core/api/v2/admin/companies/${id}`))).toMatchObject({ id, name, note: '削除前の備考' });

  // Its detail is back under the same id, and its 変更履歴 tells the delete and the restore.
  await page.goto(`/v2/core/companies/${id}`);
  await expect(heading).toBeVisible();
  await tabTo(page, page.getByRole('tab', { name: '詳細' }), { maxStops: 80 });
  await tabTo(page, page.getByRole('tab', { name: '変更履歴' }), { key: 'ArrowRight', maxStops: 8 });
  await keyboard.press('Enter');
  const versions = page.getByRole('tabpanel').getByRole('listitem');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('登録');
  await expect(versions.nth(1)).toContainText('削除');
  await expect(versions.nth(1).getByRole('row', { name: /備考/ })).toContainText('削除前の備考未設定');
  // The 項目 column holds its label on one line (「備考」 wrapped onto two at 1440 px).
  const label = versions.nth(1).getByRole('rowheader', { name: '備考' });
  expect(await label.evaluate((cell) => {
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  })).toBe(1);
  await expectNoSeriousA11yViolations(page, '変更履歴（復元した会社）');
});

test('edit an item fixture, find the change on its 変更履歴 (the ordering service\'s versions) and on 最近の変更 by its マスター, restore it', async ({ page, request }) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  const name = unique('履歴テスト補正');
  const base = '/medorder/api/v2/admin/stockable_item_fixtures';
  const { id } = await api.post<{ id: number }>(base, { name, yj_code: '1124003F2230', unit: '錠', price: 10 });

  await page.goto(`/v2/core/master_sources/stockable_item_fixtures/${id}/edit`);
  await page.getByRole('spinbutton', { name: '薬価' }).fill('12');
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText(TEXTS.updated)).toBeVisible();
  expect((await api.get<{ price: number }>(`${base}/${id}`)).price).toBe(12);

  await page.getByRole('tab', { name: '変更履歴' }).click();
  await expect(page).toHaveURL(new RegExp(`/v2/core/master_sources/stockable_item_fixtures/${id}/history$`));
  const versions = page.getByRole('tabpanel').getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText('更新');
  await expect(versions.first().getByRole('link', { name: EDITOR })).toBeVisible();
  await expect(versions.first().getByRole('row', { name: /薬価/ })).toContainText('1012');
  await expectNoSeriousA11yViolations(page, '変更履歴（在庫品目補正）');

  // 最近の変更 with マスター 在庫品目補正: the ordering service's list, the change linked to the fixture.
  await page.goto('/v2/core/versions');
  await page.getByRole('combobox', { name: 'マスター' }).click();
  await page.getByRole('option', { name: '在庫品目補正' }).click();
  await expect(page).toHaveURL(/\/v2\/medorder\/versions\?/);
  const row = page.locator('tbody tr').filter({ has: page.getByRole('link', { name: `#${id}`, exact: true }) }).first();
  await expect(row).toContainText('在庫品目補正');
  await expect(row).toContainText('薬価');
  await expectNoSeriousA11yViolations(page, '最近の変更（在庫品目補正）');

  // Back to the fixture by its link, and restore the version before the change.
  await row.getByRole('link', { name: `#${id}`, exact: true }).click();
  await page.getByRole('tab', { name: '変更履歴' }).click();
  await expect(versions).toHaveCount(2);
  await versions.nth(1).getByRole('button', { name: /の版に戻す$/ }).click();
  const question = page.getByRole('dialog', { name: 'この版に戻しますか？' });
  await expect(question.getByRole('row', { name: /薬価/ })).toContainText('1210');
  await expect(question.getByRole('button', { name: 'キャンセル' })).toBeFocused();
  await expectNoSeriousA11yViolations(page, '変更履歴（在庫品目補正を戻す確認）');
  await question.getByRole('button', { name: 'この版に戻す' }).click();
  await expect(page.getByText('この版に戻しました。')).toBeVisible();
  await expect(versions).toHaveCount(3);
  expect((await api.get<{ price: number; name: string }>(`${base}/${id}`))).toMatchObject({ price: 10, name });
  await expectNoSeriousA11yViolations(page, '変更履歴（在庫品目補正を戻した後）');
});
