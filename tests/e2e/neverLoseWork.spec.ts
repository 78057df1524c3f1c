import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';
import { adminApi } from './adminApi';

/** The generic forms and dialogs never lose a user's work and never do it twice. */
test.describe('never lose work, never do it twice', () => {
  test('leaving an edited form by the sidebar asks first, and staying keeps what was typed', async ({ page }) => {
    await page.goto('/v2/core/companies/new');
    const name = page.getByRole('textbox', { name: '会社名', exact: true });
    await name.fill('入力途中の会社');
    await page.getByRole('link', { name: '近隣グループ一覧' }).click();
    const warning = page.getByRole('dialog', { name: '保存していない変更があります' });
    await expect(warning).toBeVisible();
    await expectNoSeriousA11yViolations(page, '未保存の変更の確認');
    // The safe choice has the focus: Enter stays.
    await expect(warning.getByRole('button', { name: /キャンセル/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/new$/);
    await expect(name).toHaveValue('入力途中の会社');

    // Leaving on purpose discards.
    await page.getByRole('link', { name: '近隣グループ一覧' }).click();
    await warning.getByRole('button', { name: '変更を破棄して移動' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/groups$/);
  });

  test('a double click on 新規作成 sends one POST', async ({ page }) => {
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/v2\/admin\/companies$/.test(request.url())) posts += 1;
    });
    await page.goto('/v2/core/companies/new');
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(unique('二度押し株式会社'));
    await page.getByRole('button', { name: '新規作成' }).dblclick();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    expect(posts).toBe(1);
  });

  test('a missing record says so on the page at once (no retries of a 404)', async ({ page }) => {
    let calls = 0;
    page.on('request', (request) => {
      if (/\/api\/v2\/admin\/companies\/99999999$/.test(request.url())) calls += 1;
    });
    await page.goto('/v2/core/companies/99999999');
    await expect(page.getByRole('alert')).toContainText('この薬局会社は存在しません。');
    await expectNoSeriousA11yViolations(page, '存在しない薬局会社');
    expect(calls).toBe(1);
  });

  test('the remove confirmation opens on キャンセル, so Enter does not remove', async ({ page }) => {
    await page.goto('/v2/core/companies/new');
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(unique('確認ダイアログ株式会社'));
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    await page.getByRole('tab', { name: '薬局一覧' }).click();
    await page.getByLabel('会社に所属していない薬局を検索').fill('薬局');
    await page.getByRole('button', { name: '検索' }).click();
    await page.getByRole('table', { name: '検索結果' }).locator('tbody tr').first().getByRole('button', { name: '追加' }).click();
    const members = page.getByRole('table', { name: '所属薬局' });
    await expect(members.getByText(TEXTS.member)).toBeVisible();

    await members.getByRole('button', { name: '削除' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /キャンセル/ })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(members.getByText(TEXTS.member)).toBeVisible();
  });
});

test.describe('work survives a crash', () => {
  test('a reload of a dirty form offers the draft back; 復元する restores it, the save removes it, 破棄する forgets it', async ({ page }) => {
    await page.goto('/v2/core/companies/new');
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(unique('下書き株式会社'));
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    const editUrl = `${new URL(page.url()).pathname}/edit`;

    await page.goto(editUrl);
    await page.getByLabel('備考').fill('電話で聞いた新しい担当者: 山田 太郎');
    // The draft is written a moment after typing stops; the reload is the crash.
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cs-portal.draft')).length)).toBe(1);
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();

    const offer = page.getByRole('status').filter({ hasText: '保存されていない入力内容があります' });
    await expect(offer).toBeVisible();
    await expect(page.getByLabel('備考')).toHaveValue('');
    await expectNoSeriousA11yViolations(page, '下書きの復元');
    await offer.getByRole('button', { name: '復元する' }).click();
    await expect(offer).toBeHidden();
    await expect(page.getByLabel('備考')).toHaveValue('電話で聞いた新しい担当者: 山田 太郎');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page.getByText('電話で聞いた新しい担当者: 山田 太郎')).toBeVisible();

    // Saved: no draft is offered any more.
    await page.goto(editUrl);
    await expect(page.getByLabel('備考')).toHaveValue('電話で聞いた新しい担当者: 山田 太郎');
    await expect(offer).toHaveCount(0);

    // 破棄する forgets a draft for good.
    await page.getByLabel('備考').fill('書きかけ');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cs-portal.draft')).length)).toBe(1);
    page.once('dialog', (dialog) => dialog.accept());
    await page.reload();
    await offer.getByRole('button', { name: '破棄する' }).click();
    await expect(page.getByLabel('備考')).toHaveValue('電話で聞いた新しい担当者: 山田 太郎');
    await page.reload();
    await expect(page.getByLabel('備考')).toBeVisible();
    await expect(offer).toHaveCount(0);
  });

  test('a draft restored over a newer save asks about the field both changed, and merges the one only the other user changed (issue 40)', async ({ page, request }) => {
    const api = await adminApi(request);
    await page.goto('/v2/core/companies/new');
    const name = unique('下書き競合株式会社');
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(name);
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const editUrl = `/v2/core/companies/${id}/edit`;
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('cs-portal.draft')).length);

    // The draft is typed; the tab is closed unsaved (the page leaves).
    await page.goto(editUrl);
    await page.getByLabel('備考').fill('私の下書きの備考');
    await expect.poll(drafts).toBe(1);
    page.once('dialog', (dialog) => dialog.accept());
    await page.goto('/');

    // Meanwhile another user saves a different note.
    await api.put(`/core/api/v2/admin/companies/${id}`, { note: '相手が保存した備考' });

    await page.goto(editUrl);
    const offer = page.getByRole('status').filter({ hasText: '保存されていない入力内容があります' });
    await expect(offer).toContainText('他のユーザーがこのデータを更新しています');
    await expect(page.getByLabel('備考')).toHaveValue('相手が保存した備考');
    await offer.getByRole('button', { name: '復元する' }).click();
    const dialog = page.getByRole('dialog', { name: '他のユーザーが先に更新しました' });
    const row = dialog.getByRole('row', { name: /備考/ });
    await expect(row).toContainText('相手が保存した備考');
    await expect(row).toContainText('私の下書きの備考');
    await expect(row.getByRole('radio', { name: '他のユーザーの値' })).toBeChecked();
    await expectNoSeriousA11yViolations(page, '下書きの復元と他のユーザーの更新');

    // キャンセル restores nothing: the other user's note stays in the form and the offer remains.
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('備考')).toHaveValue('相手が保存した備考');

    // The user chooses their own note on purpose: it goes in, and saves without another question.
    await offer.getByRole('button', { name: '復元する' }).click();
    await row.getByRole('radio', { name: 'あなたの値' }).check();
    await dialog.getByRole('button', { name: '選んだ値で復元' }).click();
    await expect(page.getByLabel('備考')).toHaveValue('私の下書きの備考');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    expect((await api.get(`/core/api/v2/admin/companies/${id}`)).note).toBe('私の下書きの備考');

    // A draft of the note while the other user renames the company: restored without a question,
    // and the save keeps their new name.
    await page.goto(editUrl);
    await page.getByLabel('備考').fill('二度目の下書き');
    await expect.poll(drafts).toBe(1);
    page.once('dialog', (dialog) => dialog.accept());
    await page.goto('/');
    await api.put(`/core/api/v2/admin/companies/${id}`, { name: `${name}（新社名）` });
    await page.goto(editUrl);
    await offer.getByRole('button', { name: '復元する' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel('備考')).toHaveValue('二度目の下書き');
    await expect(page.getByRole('textbox', { name: '会社名', exact: true })).toHaveValue(`${name}（新社名）`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    const saved = await api.get(`/core/api/v2/admin/companies/${id}`);
    expect([saved.name, saved.note]).toEqual([`${name}（新社名）`, '二度目の下書き']);
  });
});
