import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';
import { adminApi } from './adminApi';
import { TEXTS } from '../../src/i18n/texts';
import { RECORD_DELETED_MESSAGE } from '../../src/dataProvider/recordConflict';

const BASE = '/core/api/v2/admin/saved_replies';

/** Saved replies (定型文): a master declared from the contract's shape, managed on its own screens. */
test.describe('saved replies', () => {
  test('from the sidebar: list, create with the form’s rules and the server’s, edit from the row, delete after a safe question', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: '定型文一覧' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies$/);
    await expect(page.locator('tbody tr', { hasText: 'thanks' })).toBeVisible();
    const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
    expect(headers).toEqual(['ショートカット', 'タイトル', '更新日時', '更新者', '操作']);
    const shortcuts = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(shortcuts).toEqual([...shortcuts].sort());
    expect(shortcuts).toContain('thanks');
    await expectNoSeriousA11yViolations(page, '定型文一覧');

    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies\/new$/);
    const title = `営業時間のご案内${unique('')}`;
    const shortcut = unique('hours-').toLowerCase();
    await page.getByLabel('タイトル', { exact: false }).fill(title);
    await page.getByLabel('ショートカット', { exact: false }).fill('営業時間');
    await page.getByLabel('本文', { exact: false }).fill('{薬局名} ご担当者様\n平日9時〜18時です。{担当者名}');
    await page.getByRole('button', { name: '新規作成' }).click();
    // The contract's rule, in the form: nothing was sent, what was typed stays.
    await expect(page.getByText('ショートカットは半角英小文字・数字・-・_ で入力してください。')).toBeVisible();
    await expect(page.getByLabel('タイトル', { exact: false })).toHaveValue(title);
    await expectNoSeriousA11yViolations(page, '定型文の新規作成（入力エラー）');

    // A shortcut another reply holds: only the API knows, and says so in the same words.
    await page.getByLabel('ショートカット', { exact: false }).fill('thanks');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByTestId('server-errors')).toContainText('そのショートカットはすでに使われています。');
    await expect(page).toHaveURL(/\/new$/);

    await page.getByLabel('ショートカット', { exact: false }).fill(shortcut);
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText('平日9時〜18時です。{担当者名}')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '定型文詳細');

    // Edit from the list's row, found by the list's search.
    await page.getByRole('link', { name: '一覧へ戻る' }).click();
    await page.getByPlaceholder('タイトル・本文で検索').fill(shortcut);
    const row = page.locator('tbody tr', { hasText: shortcut });
    await expect(row).toHaveCount(1);
    await row.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies\/\d+\/edit$/);
    await page.getByLabel('タイトル', { exact: false }).fill(`${title}（改）`);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    const api = await adminApi(page.request);
    const [saved] = await api.get<{ id: number; title: string; shortcut: string; body: string }[]>(`${BASE}?query=${shortcut}`);
    expect(saved).toMatchObject({ title: `${title}（改）`, shortcut, body: '{薬局名} ご担当者様\n平日9時〜18時です。{担当者名}' });

    await page.goto(`/v2/core/saved_replies/${saved.id}`);
    await page.getByRole('button', { name: '削除' }).click();
    const question = page.getByRole('dialog', { name: `定型文「${title}（改）」を削除しますか？` });
    await expect(question.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, '定型文の削除確認');
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies\/\d+$/);
    await page.getByRole('button', { name: '削除' }).click();
    await question.getByRole('button', { name: '削除する' }).click();
    await expect(page.getByText('定型文を削除しました。')).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/saved_replies$/);
    expect(await api.get(`${BASE}?query=${shortcut}`)).toEqual([]);
    // An old link to it says so on the page.
    await page.goto(`/v2/core/saved_replies/${saved.id}`);
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('saving a reply someone else deleted meanwhile says it was deleted, and keeps what was typed (issue 40)', async ({ page, request }) => {
    const api = await adminApi(request);
    const shortcut = unique('gone').replace(/[^a-z0-9_-]/gi, '').slice(0, 20).toLowerCase();
    const created = await api.post<{ id: number }>(BASE, { title: unique('消される定型文'), shortcut, body: '元の本文' });
    await page.goto(`/v2/core/saved_replies/${created.id}/edit`);
    const body = page.getByLabel(/^本文/);
    await body.fill('書き直した本文。まだ保存していない。');
    await api.delete(`${BASE}/${created.id}`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(RECORD_DELETED_MESSAGE)).toBeVisible();
    await expect(body).toHaveValue('書き直した本文。まだ保存していない。');
    await expectNoSeriousA11yViolations(page, '定型文（削除されたものを保存）');
  });
});
