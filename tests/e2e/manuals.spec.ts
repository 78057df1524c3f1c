import { adminApi, withoutAudit } from './adminApi';
import { test, expect, unique, expectNoSeriousA11yViolations } from './fixtures';

const MANUALS = '/v2/core/manuals';
/** A 1×1 PNG, uploaded through the presigned link like any picked image. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test.describe('manuals', () => {
  test('browse the category tree, open a manual and its view count goes up', async ({ page }) => {
    await page.goto(MANUALS);
    const tree = page.getByRole('navigation', { name: 'マニュアルのカテゴリ' });
    await expect(tree.getByRole('link', { name: '発注・在庫' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'マニュアル一覧');

    // Children load on first opening, with the keyboard.
    const stockToggle = tree.getByRole('button', { name: '発注・在庫のサブカテゴリ' });
    await expect(stockToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(tree.getByRole('link', { name: '在庫', exact: true })).toHaveCount(0);
    await stockToggle.focus();
    await page.keyboard.press('Enter');
    await expect(stockToggle).toHaveAttribute('aria-expanded', 'true');
    await tree.getByRole('button', { name: '在庫のサブカテゴリ', exact: true }).click();
    await expect(tree.getByRole('link', { name: '棚卸し' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'マニュアルのカテゴリツリー（展開）');
    await stockToggle.click();
    await expect(tree.getByRole('link', { name: '棚卸し' })).toBeHidden();
    await stockToggle.click();

    await tree.getByRole('link', { name: '在庫', exact: true }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\?categoryId=\d+$/);
    const crumbs = page.getByRole('navigation', { name: 'カテゴリの階層' });
    await expect(crumbs).toHaveText(/マニュアル.*発注・在庫.*在庫/);
    const folders = page.getByRole('list', { name: 'サブカテゴリ' });
    await expect(folders.getByRole('link')).toHaveText(['棚卸し', '在庫数の修正']);
    await folders.getByRole('link', { name: '棚卸し' }).click();
    await expect(crumbs).toHaveText(/発注・在庫.*在庫.*棚卸し/);
    await expect(tree.getByRole('link', { name: '棚卸し' })).toHaveAttribute('aria-current', 'page');
    const row = page.getByRole('list', { name: 'マニュアル' }).getByRole('listitem').filter({ hasText: '棚卸しの実施手順' });
    const listed = Number(/閲覧数 ([\d,]+)/.exec(await row.innerText())![1].replace(/,/g, ''));
    await expectNoSeriousA11yViolations(page, 'カテゴリのマニュアル一覧');

    await row.getByRole('link', { name: '棚卸しの実施手順' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '棚卸しの実施手順' })).toBeVisible();
    await expect(page.getByTestId('impressions-count')).toHaveText((listed + 1).toLocaleString('ja-JP'));
    await expect(page.getByRole('navigation', { name: 'カテゴリの階層' })).toHaveText(/発注・在庫.*在庫.*棚卸し/);
    await expect(page.getByText(/^作成日 \d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
    await expect(page.getByText(/^更新日 \d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
    await expect(page.getByTestId('manual-content').getByRole('heading', { name: '手順' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'マニュアル詳細');
    // A reload by the same person is the same reading.
    await page.reload();
    await expect(page.getByTestId('impressions-count')).toHaveText((listed + 1).toLocaleString('ja-JP'));
  });

  test('search finds kana in any form, shows the count and marks the matches; an empty search goes to the list', async ({ page }) => {
    await page.goto(MANUALS);
    const box = page.getByRole('search').getByRole('textbox', { name: 'タイトルまたは本文で検索' });
    await box.fill('てんぷれーと');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/search\?query=/);
    await expect(page.getByRole('status').filter({ hasText: '件見つかりました' })).toHaveText(/^\d+件見つかりました$/);
    const results = page.getByRole('list', { name: '検索結果' });
    await expect(results.getByRole('link', { name: '返信テンプレート集' })).toBeVisible();
    const marks = results.locator('mark');
    await expect(marks.first()).toHaveText('テンプレート');
    const count = Number(/^(\d+)件/.exec(await page.getByRole('status').filter({ hasText: '件見つかりました' }).innerText())![1]);
    await expect(results.getByRole('listitem')).toHaveCount(count);
    await expectNoSeriousA11yViolations(page, 'マニュアルの検索結果');

    await box.fill('');
    await page.getByRole('button', { name: '検索' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals$/);
  });

  test('create with the editor (a heading, a list and an uploaded image), edit as markdown, delete after confirming', async ({ page }) => {
    await page.goto(`${MANUALS}/new`);
    const save = page.getByRole('button', { name: '新規作成' });
    await expect(save).toBeDisabled();
    await page.getByRole('combobox', { name: 'カテゴリ' }).click();
    await page.getByRole('option', { name: '医薬品マスタ', exact: true }).click();
    const title = page.getByLabel('タイトル', { exact: true });
    await expect(title).toHaveAttribute('placeholder', '医薬品マスタ / タイトル');
    await expectNoSeriousA11yViolations(page, 'マニュアルの新規作成');

    const name = unique('新薬の登録依頼への対応E2E');
    await title.fill(name);
    await expect(save).toBeDisabled();
    const editor = page.getByRole('textbox', { name: '本文', exact: true });
    await editor.click();
    await page.getByRole('button', { name: '見出し2' }).click();
    await page.keyboard.type('受付の手順');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: '箇条書き' }).click();
    await page.keyboard.type('HOTコードを伺う');
    await page.keyboard.press('Enter');
    await page.keyboard.type('取り込み依頼に登録する');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.locator('input[type=file][aria-label="挿入する画像"]').setInputFiles({ name: '受付画面.png', mimeType: 'image/png', buffer: PNG });
    await expect(editor.locator('img[src*="/storage/manual-images/"]')).toHaveCount(1);
    await expect(save).toBeEnabled();
    await page.getByRole('button', { name: 'リンク' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'リンクを挿入' });
    await linkDialog.getByRole('textbox', { name: 'リンク先のURL' }).fill('https://www.mhlw.go.jp/');
    await expectNoSeriousA11yViolations(page, 'マニュアルの新規作成（リンクの挿入）');
    await page.keyboard.press('Enter');
    await expect(linkDialog).toBeHidden();
    await expect(editor.getByRole('link', { name: 'https://www.mhlw.go.jp/' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'マニュアルの新規作成（本文入力後）');

    // Leaving with unsaved work asks first, and Enter keeps the work.
    await page.getByRole('navigation', { name: 'マニュアルのカテゴリ' }).getByRole('link', { name: '基本操作' }).click();
    const leave = page.getByRole('dialog', { name: '保存していない変更があります' });
    await expect(leave).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/new$/);
    await expect(editor.locator('h2')).toHaveText('受付の手順');

    await save.click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const content = page.getByTestId('manual-content');
    await expect(content.getByRole('heading', { level: 2, name: '受付の手順' })).toBeVisible();
    await expect(content.getByRole('listitem')).toHaveText(['HOTコードを伺う', '取り込み依頼に登録する']);
    await expect(content.getByRole('link', { name: 'https://www.mhlw.go.jp/' })).toHaveAttribute('href', 'https://www.mhlw.go.jp/');
    const image = content.locator('img');
    await expect(image).toHaveAttribute('alt', '受付画面');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await expect(page.getByRole('navigation', { name: 'カテゴリの階層' })).toHaveText(/医薬品マスタ/);

    await page.getByRole('link', { name: '編集' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/\d+\/edit$/);
    await page.getByRole('button', { name: 'Markdown' }).click();
    const source = page.getByRole('textbox', { name: '本文（Markdown）' });
    await expect(source).toHaveValue(/^## 受付の手順\n\n- HOTコードを伺う\n- 取り込み依頼に登録する\n\n!\[受付画面\]\(\/storage\/manual-images\/[^)]+\)/);
    await expectNoSeriousA11yViolations(page, 'マニュアルの編集（Markdown表示）');
    await source.press('End');
    await source.press('Control+End');
    await page.keyboard.type('\n\n> 新薬は翌月末に追加されます。');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/\d+$/);
    await expect(page.getByTestId('manual-content').locator('blockquote')).toHaveText('新薬は翌月末に追加されます。');

    await page.getByRole('button', { name: '削除' }).click();
    const dialog = page.getByRole('dialog', { name: `マニュアル「${name}」を削除しますか？` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'マニュアルの削除確認');
    await dialog.getByRole('button', { name: '削除する' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\?categoryId=\d+$/);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('hostile markdown saved as a manual runs nothing in the browser', async ({ page }) => {
    const ran: string[] = [];
    page.on('dialog', async (dialog) => {
      ran.push(dialog.message());
      await dialog.dismiss();
    });
    const payloads = [
      '<script>alert("script")</script>',
      '<img src=x onerror=alert("onerror")>',
      '<svg onload=alert("svg")></svg>',
      '<iframe src="javascript:alert(\'iframe\')"></iframe>',
      '<a href="javascript:alert(\'href\')">html link</a>',
      '[md link](javascript:alert("md"))',
      '[tab link](java\tscript:alert("tab"))',
      '![img](javascript:alert("img"))',
      '<style>body{display:none}</style>',
      '<p style="position:fixed;inset:0" onmouseover="alert(\'hover\')">hover</p>',
      '<details open ontoggle=alert("toggle")>',
      '"><script>alert("break")</script>',
    ];
    await page.goto(`${MANUALS}/new`);
    const name = unique('<img src=x onerror=alert("title")>');
    await page.getByLabel('タイトル', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Markdown' }).click();
    await page.getByRole('textbox', { name: '本文（Markdown）' }).fill(`## 安全性の確認\n\n${payloads.join('\n\n')}\n\n本文の終わり`);
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals\/\d+$/);
    const content = page.getByTestId('manual-content');
    await expect(content).toContainText('本文の終わり');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    // Raw HTML blocks are dropped when the manual is saved (issue 22 item 10): nothing to hover.
    await expect(content.getByText('hover', { exact: true })).toHaveCount(0);
    const found = await content.evaluate((root) => ({
      elements: [...root.querySelectorAll('script, iframe, style, svg, object, embed, details')].map((e) => e.tagName),
      handlers: [...root.querySelectorAll('*')].flatMap((e) => [...e.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name)),
      hrefs: [...root.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '').filter((href) => !/^(https?:|mailto:|\/|#|$)/.test(href)),
      images: [...root.querySelectorAll('img')].map((img) => img.getAttribute('src')),
    }));
    expect(found).toEqual({ elements: [], handlers: [], hrefs: [], images: [] });
    // The editor keeps what the rich view cannot hold in the source view, warning so.
    await page.getByRole('link', { name: '編集' }).click();
    await expect(page.getByRole('textbox', { name: '本文（Markdown）' })).toHaveValue(/本文の終わり/);
    await expect(page.getByText('リッチテキストで表示できない書式')).toBeVisible();
    expect(ran).toEqual([]);
  });

  test('organise categories: add, add below, rename, move, and delete only when empty', async ({ page }) => {
    const parentName = unique('研修');
    await page.goto(MANUALS);
    await page.getByRole('button', { name: 'カテゴリを追加' }).click();
    const dialog = page.getByRole('dialog', { name: 'カテゴリを追加' });
    await expect(dialog.getByRole('button', { name: '追加' })).toBeDisabled();
    await dialog.getByLabel('カテゴリ名').fill(parentName);
    await expectNoSeriousA11yViolations(page, 'カテゴリの追加');
    await dialog.getByRole('button', { name: '追加' }).click();
    await expect(page).toHaveURL(/\?categoryId=\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: parentName })).toBeVisible();
    const tree = page.getByRole('navigation', { name: 'マニュアルのカテゴリ' });
    await expect(tree.getByRole('link', { name: parentName })).toHaveAttribute('aria-current', 'page');

    await page.getByRole('button', { name: 'サブカテゴリを追加' }).click();
    await page.getByRole('dialog').getByLabel('カテゴリ名').fill('新人研修');
    await page.getByRole('dialog').getByRole('button', { name: '追加' }).click();
    await expect(page.getByRole('navigation', { name: 'カテゴリの階層' })).toHaveText(new RegExp(`${parentName}.*新人研修`));

    // Never lose data (issue 21): the rename dialog saved as it opened leaves the category as it was.
    const childId = new URL(page.url()).searchParams.get('categoryId');
    const api = await adminApi(page.request);
    const category = () => api.get(`/core/api/v2/admin/manual_categories/${childId}`);
    const before = await category();
    await page.getByRole('button', { name: '名前を変更' }).click();
    await expect(page.getByRole('dialog').getByLabel('カテゴリ名')).toHaveValue('新人研修');
    await page.getByRole('dialog').getByRole('button', { name: '変更' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(withoutAudit(await category())).toEqual(withoutAudit(before));

    await page.getByRole('button', { name: '名前を変更' }).click();
    await page.getByRole('dialog').getByLabel('カテゴリ名').fill('中途研修');
    await page.getByRole('dialog').getByRole('button', { name: '変更' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '中途研修' })).toBeVisible();

    // Its 変更履歴 (issue 39): 最近の変更 kept to the category, the rename by its label; the record links back to its folder.
    await page.getByRole('link', { name: '変更履歴' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/versions\?/);
    const changes = page.locator('tbody tr');
    await expect(changes).toHaveCount(2);
    await expect(changes.first()).toContainText('マニュアルカテゴリ');
    await expect(changes.first()).toContainText('更新');
    await expect(changes.first()).toContainText('カテゴリ名');
    await expectNoSeriousA11yViolations(page, '最近の変更（マニュアルカテゴリ）');
    await changes.first().getByRole('link', { name: `#${childId}`, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: '中途研修' })).toBeVisible();

    // The parent is not empty: its delete is disabled, and says why (issue 40).
    await page.getByRole('navigation', { name: 'カテゴリの階層' }).getByRole('link', { name: parentName }).click();
    const remove = page.getByRole('button', { name: 'カテゴリを削除' });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription('サブカテゴリ1件があるため削除できません。先に移動するか削除してください。');
    await expectNoSeriousA11yViolations(page, 'マニュアル（削除できないカテゴリ）');

    // Move the child to the top level, then both can go.
    await page.getByRole('list', { name: 'サブカテゴリ' }).getByRole('link', { name: '中途研修' }).click();
    await page.getByRole('button', { name: '移動' }).click();
    await page.getByRole('dialog').getByLabel('移動先').click();
    await page.getByRole('option', { name: '（いちばん上の階層）' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '移動' }).click();
    await expect(page.getByRole('navigation', { name: 'カテゴリの階層' })).toHaveText(/^マニュアル.*中途研修$/);
    await page.getByRole('button', { name: 'カテゴリを削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/manuals$/);
    await expect(tree.getByRole('link', { name: '中途研修' })).toHaveCount(0);
    await tree.getByRole('link', { name: parentName }).click();
    await page.getByRole('button', { name: 'カテゴリを削除' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
    await expect(tree.getByRole('link', { name: parentName })).toHaveCount(0);
  });
});
