import { expect, expectNoSeriousA11yViolations, storageStateFor, test, unique } from './fixtures';
import { TEXTS } from '../../src/i18n/texts';

/** Two staff on one record: no save overwrites another's without the user choosing so (issue 21). */
test('A renames a company while B edits its note: merged without a question; then both change the note: only that is asked', async ({ page, browser, baseURL }) => {
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

    // B, on the form opened before A's save, writes a note and saves. Nobody else changed the
    // note and B did not touch the name: merged three ways, saved without a question, and the
    // user is told A's change was kept.
    await pageB.getByLabel('備考').fill('B が書いた備考');
    await pageB.getByRole('button', { name: '保存', exact: true }).click();
    await expect(pageB.getByText(TEXTS.updated)).toBeVisible();
    await expect(pageB.getByRole('dialog', { name: '他のユーザーが先に更新しました' })).toHaveCount(0);
    await expect(pageB).toHaveURL(new RegExp(`/v2/core/companies/${id}$`));
    await expect(pageB.getByText('他のユーザーが先に変更した項目（会社名）は、その変更を残しました。')).toBeVisible();
    await expect(pageB.getByText(renamed).first()).toBeVisible();
    await expect(pageB.getByText('B が書いた備考')).toBeVisible();
    await expectNoSeriousA11yViolations(pageB, '同時編集の自動マージ');

    // A, editing again, now meets B's save: A replaces the note with its own choice.
    await page.goto(`/v2/core/companies/${id}/edit`);
    await expect(page.getByLabel('備考')).toHaveValue('B が書いた備考');
    await pageB.goto(`/v2/core/companies/${id}/edit`);
    await pageB.getByLabel('備考').fill('B の二度目の備考');
    await pageB.getByRole('button', { name: '保存', exact: true }).click();
    await expect(pageB.getByText(TEXTS.updated)).toBeVisible();
    await page.getByLabel('備考').fill('A の備考');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    // Both changed the note: that alone is asked, the other user's value chosen by default.
    const dialogA = page.getByRole('dialog', { name: '他のユーザーが先に更新しました' });
    const noteRow = dialogA.getByRole('row', { name: /備考/ });
    await expect(noteRow).toContainText('B の二度目の備考');
    await expect(noteRow).toContainText('A の備考');
    await expect(noteRow.getByRole('radio', { name: '他のユーザーの値' })).toBeChecked();
    await expect(dialogA.getByRole('row', { name: /会社名/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '同時編集の確認');

    // キャンセル keeps A's form as it was, and nothing was saved; saving again asks again.
    await dialogA.getByRole('button', { name: 'キャンセル' }).click();
    await expect(dialogA).toBeHidden();
    await expect(page.getByLabel('備考')).toHaveValue('A の備考');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await noteRow.getByRole('radio', { name: 'あなたの値' }).check();
    await dialogA.getByRole('button', { name: '選んだ値で保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page.getByText('A の備考')).toBeVisible();
  } finally {
    await other.close();
  }
});
