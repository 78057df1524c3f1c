import { expect, expectNoSeriousA11yViolations, storageStateFor, test, unique } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';

/** Two staff on one record: no save overwrites another's without the user choosing so (issue 21). */
test('A renames a company while B edits its note: B sees the conflict, and A\'s name survives unless B chooses to replace it', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // A creates the company both will open.
  const original = unique('同時編集株式会社');
  await page.goto('/v2/core/companies/new');
  await page.getByRole('textbox', { name: '会社名', exact: true }).fill(original);
  await page.getByRole('button', { name: '新規作成' }).click();
  await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
  const id = new URL(page.url()).pathname.split('/').pop();

  const other = await browser.newContext({ baseURL, storageState: storageStateFor('admin', baseURL!), locale: 'ja-JP', timezoneId: 'America/New_York' });
  const pageB = await other.newPage();
  try {
    // Both open the form.
    await page.goto(`/v2/core/companies/${id}/edit`);
    await pageB.goto(`/v2/core/companies/${id}/edit`);
    await expect(pageB.getByRole('textbox', { name: '会社名', exact: true })).toHaveValue(original);

    // A saves a new name first.
    const renamed = `${original}（新社名）`;
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(renamed);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();

    // B, on the form opened before A's save, writes a note and saves.
    await pageB.getByLabel('備考').fill('B が書いた備考');
    await pageB.getByRole('button', { name: '保存', exact: true }).click();
    const dialog = pageB.getByRole('dialog', { name: '他のユーザーが先に更新しました' });
    await expect(dialog).toBeVisible();
    const row = dialog.getByRole('row', { name: /会社名/ });
    await expect(row).toContainText(renamed);
    await expect(row).toContainText(original);
    // The other person's value is the default; the note only B changed is no conflict.
    await expect(row.getByRole('radio', { name: '他のユーザーの値' })).toBeChecked();
    await expect(dialog.getByRole('row', { name: /備考/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(pageB, '同時編集の確認');

    // キャンセル keeps B's form as it was, and nothing was saved.
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialog).toBeHidden();
    await expect(pageB.getByLabel('備考')).toHaveValue('B が書いた備考');

    // Saving again asks again; B keeps A's name and saves the note.
    await pageB.getByRole('button', { name: '保存', exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: '選んだ値で保存' }).click();
    await expect(pageB.getByText(TEXTS.updated)).toBeVisible();
    await expect(pageB).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await expect(pageB.getByText(renamed).first()).toBeVisible();
    await expect(pageB.getByText('B が書いた備考')).toBeVisible();

    // A, editing again, now meets B's save: A replaces the note with its own choice.
    await page.goto(`/v2/core/companies/${id}/edit`);
    await expect(page.getByLabel('備考')).toHaveValue('B が書いた備考');
    await pageB.goto(`/v2/core/companies/${id}/edit`);
    await pageB.getByLabel('備考').fill('B の二度目の備考');
    await pageB.getByRole('button', { name: '保存', exact: true }).click();
    await expect(pageB.getByText(TEXTS.updated)).toBeVisible();
    await page.getByLabel('備考').fill('A の備考');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const dialogA = page.getByRole('dialog', { name: '他のユーザーが先に更新しました' });
    await dialogA.getByRole('row', { name: /備考/ }).getByRole('radio', { name: 'あなたの値' }).check();
    await dialogA.getByRole('button', { name: '選んだ値で保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page.getByText('A の備考')).toBeVisible();
  } finally {
    await other.close();
  }
});
