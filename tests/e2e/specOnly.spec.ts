import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { adminApi, withoutAudit } from './adminApi';
import { accounts } from './accounts';
import { beyondSpec, platformPath } from '../../server/shared/apiProfile';
import { TEXTS } from '../../src/i18n/texts';
import { palette } from './palette';

/**
 * The portal against the platform as spec section 7 specifies it (issue 35): this project's
 * server runs with API_PROFILE=spec, so every addition answers as the platform would (404, 422)
 * and /config.json names none. A new user signs in and works; the page never sends a request the
 * spec lacks, and the console shows no error.
 */

/** Every request the page sends to a service that section 7 does not have, and every console error. */
const watchSpec = (page: Page) => {
  const beyond: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const path = platformPath(url.pathname);
    if (path === undefined) return;
    const refused = beyondSpec(request.method(), path, url.searchParams);
    if (refused) beyond.push(`${request.method()} ${url.pathname}${url.search} (${refused.status})`);
    if (request.headers()['if-unmodified-since'] !== undefined) beyond.push(`${request.method()} ${url.pathname} with If-Unmodified-Since`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    expectClean: () => {
      expect(beyond, 'requests beyond spec section 7').toEqual([]);
      expect(errors, 'console errors').toEqual([]);
    },
  };
};

test.describe('the platform as specified (API_PROFILE=spec)', () => {
  test.describe('signed out', () => {
    test.use({ account: null });

    test('a new user signs in; /config.json names no addition, and the sidebar has no 定型文', async ({ page }) => {
      const watch = watchSpec(page);
      const config = (await (await page.request.get('/config.json')).json()) as { environments: { capabilities?: string[] }[] };
      expect(config.environments.map((environment) => environment.capabilities)).toEqual([[], []]);
      await page.goto('/v2/core/pharmacies');
      await expect(page).toHaveURL(/\/login$/);
      await page.getByLabel('メールアドレス').fill(accounts.admin.email);
      await page.getByLabel('パスワード').fill(accounts.admin.password);
      await page.getByRole('button', { name: 'ログイン' }).click();
      await expect(page).not.toHaveURL(/\/login$/);
      const menu = page.getByRole('navigation', { name: 'メインメニュー' });
      await expect(menu.getByRole('link', { name: '問い合わせ一覧' })).toBeVisible();
      await expect(menu.getByRole('link', { name: '定型文一覧' })).toHaveCount(0);
      // No record history (issue 39): no 最近の変更 entry, and no home panel.
      await expect(menu.getByRole('link', { name: '最近の変更' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: '最近の変更' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: サインイン後');
      // The 定型文 screen is not there at all: its URL is the not-found page.
      await page.goto('/v2/core/saved_replies');
      await expect(page.getByRole('heading', { level: 1 })).toContainText('見つかりません');
      watch.expectClean();
    });
  });

  test('a list, a detail and a save without changes, with no call beyond the spec', async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    await page.goto('/v2/core/pharmacies');
    const firstRow = page.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 薬局一覧');
    await firstRow.getByRole('link', { name: '詳細' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: '詳細' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '変更履歴' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 薬局詳細');
    const before = await api.get(`/core/api/v2/admin/pharmacies/${id}`);
    await page.goto(`/v2/core/pharmacies/${id}/edit`);
    await page.getByRole('button', { name: '保存', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${id}$`));
    expect(withoutAudit(await api.get(`/core/api/v2/admin/pharmacies/${id}`))).toEqual(withoutAudit(before));
    watch.expectClean();
  });

  test('a save over another user\'s change meets the conflict dialog, found by reading before writing', async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    const [company] = await api.get<{ id: number }[]>('/core/api/v2/admin/companies?sort=id');
    await page.goto(`/v2/core/companies/${company.id}/edit`);
    await expect(page.getByLabel('備考')).toBeVisible();
    await api.put(`/core/api/v2/admin/companies/${company.id}`, { note: '他のスタッフが書いた備考' });
    await page.getByLabel('備考').fill('私の備考');
    await page.getByRole('button', { name: '保存', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '他のユーザーが先に更新しました' });
    await expect(dialog.getByRole('row', { name: /備考/ })).toContainText('他のスタッフが書いた備考');
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 同時編集の確認');
    await dialog.getByRole('button', { name: '選んだ値で保存' }).click();
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    expect((await api.get(`/core/api/v2/admin/companies/${company.id}`)).note).toBe('他のスタッフが書いた備考');
    watch.expectClean();
  });

  test('the palette finds a pharmacy by micode and by a name in three scripts, through spec list calls', async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    const [orange] = await api.get<{ id: number; name: string; micode: string }[]>(`/core/api/v2/admin/pharmacies?add_ended=true&query=${encodeURIComponent('オレンジ')}`);
    expect(orange.name).toContain('オレンジ');
    const lookups: string[] = [];
    page.on('request', (sent) => {
      if (sent.method() === 'POST' || !/\/api\/v2\//.test(sent.url())) return;
      lookups.push(new URL(sent.url()).pathname);
    });
    await page.goto('/v2/core/companies');
    const p = palette(page);
    await p.open();
    await p.search(orange.micode);
    await expect(p.options.filter({ hasText: orange.name }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: パレット（医療機関コード）');
    // Without relevance the list's default order is re-ranked in the page: the same pharmacies
    // whatever the script, each named オレンジ.
    const pharmacyGroup = p.dialog.getByRole('group', { name: /薬局$/ }).first();
    const shown: string[][] = [];
    for (const text of ['オレンジ', 'おれんじ', 'ｵﾚﾝｼﾞ']) {
      await p.search(text);
      const options = (await pharmacyGroup.getByRole('option').allInnerTexts()).map((name) => name.split('\n')[0]);
      // The last option opens the list with the search: 「薬局一覧で「…」をすべて表示（N件）」.
      const names = options.filter((option) => !option.includes('をすべて表示'));
      expect(names.length, text).toBeGreaterThan(0);
      for (const name of names) expect(name, text).toContain('オレンジ');
      shown.push([...names, options.at(-1)!.replace(/「.*」/, '「」')]);
    }
    expect(shown[1]).toEqual(shown[0]);
    expect(shown[2]).toEqual(shown[0]);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: パレット（名前）');
    // No group failed, and the lookups were the lists' own calls.
    await expect(p.dialog.getByText('検索できませんでした')).toHaveCount(0);
    expect(lookups).toContain('/core/api/v2/admin/pharmacies');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/\d+$/);
    watch.expectClean();
  });

  test('the send dialog has no 定型文, and a message is sent', async ({ page }) => {
    const watch = watchSpec(page);
    await page.goto('/v2/core/inquiries');
    const rooms = page.getByRole('list', { name: /ルーム/ }).getByRole('button');
    await rooms.first().click();
    await page.getByRole('button', { name: 'メッセージを送信' }).click();
    const dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
    await expect(dialog.getByRole('button', { name: 'マニュアルから挿入' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: '定型文を挿入' })).toHaveCount(0);
    await expect(dialog.getByText(/定型文/)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: メッセージ送信');
    const text = `仕様どおりのAPIで送ったメッセージ ${Date.now()}`;
    await dialog.getByLabel('メッセージ').fill(`/${text}`);
    await expect(dialog.getByRole('listbox')).toHaveCount(0);
    await dialog.getByRole('button', { name: '送信' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(/^inquiry-message-/).getByText(`/${text}`)).toBeVisible();
    watch.expectClean();
  });

  test('the ordering masters\' records open from their lists, read by ids (section 7 has no detail call for them)', async ({ page }) => {
    const watch = watchSpec(page);
    // The seeded fixtures (the master files' lists are empty until a download).
    for (const list of ['/v2/core/master_sources/stockable_item_fixtures', '/v2/core/master_sources/orderable_item_fixtures']) {
      await page.goto(list);
      await page.locator('tbody tr').first().getByRole('link', { name: '詳細' }).click();
      await expect(page).toHaveURL(/\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(page.getByText('見つかりません')).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 在庫品目補正の詳細');
    watch.expectClean();
  });

  test('export of a list', async ({ page }) => {
    const watch = watchSpec(page);
    await page.goto('/v2/core/companies');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    await page.getByRole('button', { name: 'エクスポート' }).click();
    const dialog = page.getByRole('dialog', { name: '薬局会社一覧をエクスポート' });
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'エクスポート開始' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^薬局会社一覧_\d{4}-\d{2}-\d{2}\.csv$/);
    await expect(dialog.getByText(/行を「薬局会社一覧_/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: エクスポート');
    watch.expectClean();
  });
});
