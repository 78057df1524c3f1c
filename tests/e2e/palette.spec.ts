import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations } from './fixtures';
import { adminApi } from './adminApi';
import { expectFocusVisible } from './keyboard';
import { palette } from './palette';

/**
 * Issue 25 part 1, the jump palette, as a new user tries it: Ctrl+K (or the header's button),
 * type a code or a name, Enter. Everything after the first goto is the keyboard, except the test
 * of the button. Every state passes axe; no state has more than one palette request out at once
 * (a text's lookups go in one request, the lookups batch; `calls` lists the list calls it carries).
 */

const API = /\/(core|medorder)\/api\/v2\//;
/**
 * The shell's and the home screen's own readings, not the palette's: the unread count (issue 40),
 * the inquiries' first reads started at idle as the screen likely opened next (users/me, issue
 * 38) and the home's 最近の変更 (issue 39), which CI saw out beside a palette request.
 */
const SHELL = /\/api\/v2\/(admin\/inquiry_rooms|common\/users\/me|admin\/versions)/;

/** Counts the API calls the page makes and the most that were out at once. */
const watchCalls = (page: Page) => {
  const calls: string[] = [];
  let out = 0;
  let most = 0;
  page.on('request', (request) => {
    if (!API.test(request.url()) || SHELL.test(request.url())) return;
    const url = new URL(request.url());
    // The lookups batch (one request per text): each list call it carries, as the URL it stands for.
    const listed = url.pathname.endsWith('/api/v2/common/lookups')
      ? (request.postDataJSON() as { calls: { path: string; query: string }[] }).calls.map(({ path, query }) => `${path}?${query}`)
      : [url.pathname + url.search];
    calls.push(...listed.map((call) => decodeURIComponent(call)));
    out += 1;
    most = Math.max(most, out);
  });
  const done = (request: { url(): string }) => {
    if (API.test(request.url()) && !SHELL.test(request.url())) out -= 1;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    calls,
    get most() {
      return most;
    },
    reset() {
      calls.length = 0;
      most = out;
    },
  };
};

const optionTexts = async (page: Page) => (await palette(page).options.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

test.describe('jump palette', () => {
  test('opens from any screen with Ctrl+K and from the header; recent records empty at first; Esc closes', async ({ page }) => {
    await page.goto('/v2/core/companies');
    await expect(page.getByRole('heading', { level: 1, name: '薬局会社一覧' })).toBeVisible();
    const p = palette(page);
    await p.open();
    await expectFocusVisible(page, 'the palette box');
    await expect(p.status).toHaveText('最近開いたレコードはありません。ID・コード・名前を入力してください。');
    await expect(p.box).toHaveAttribute('aria-expanded', 'false');
    await expectNoSeriousA11yViolations(page, 'パレット（開いたところ）');
    await page.keyboard.press('Escape');
    await expect(p.dialog).toBeHidden();
    // The mouse's way in: the header's button, which names its keys.
    const button = page.getByRole('button', { name: /ジャンプ/ });
    await expect(button).toHaveAttribute('aria-keyshortcuts', 'Control+K Meta+K');
    await button.click();
    await expect(p.box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    // From inside a text field too (the list's search box).
    await page.getByRole('searchbox').first().focus();
    await p.open();
  });

  test('codes by their shape: micode, postal code, id, phone number, YJ (full-width), JAN, HOT13, receipt code, dealer code', async ({ page, request }) => {
    const api = await adminApi(request);
    const [pharmacy] = await api.get<{ id: number; name: string; micode: string; postal_code: string; phone: string }[]>('/core/api/v2/admin/pharmacies?sort=id&add_ended=true');
    const [medicine] = await api.get<{ id: number; brand_name: string; yj_code: string; jan_code: string; hot_code: string; receipt_code: string }[]>(
      '/core/api/v2/master/ethical_medicines?sort=id',
    );
    const [dealer] = await api.get<{ id: number; name: string; code: string }[]>('/core/api/v2/master/dealers?sort=id');
    const calls = watchCalls(page);
    await page.goto('/');
    const p = palette(page);
    await p.open();

    const fullWidth = (text: string) => text.replace(/[0-9A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0));
    const cases: { typed: string; group: string; first: string; detail: RegExp }[] = [
      { typed: pharmacy.micode, group: '薬局', first: pharmacy.name, detail: new RegExp(`薬局コード ${pharmacy.micode}`) },
      { typed: `〒${pharmacy.postal_code.slice(0, 3)}-${pharmacy.postal_code.slice(3)}`, group: '薬局', first: pharmacy.name, detail: new RegExp(`郵便番号 ${pharmacy.postal_code}`) },
      { typed: String(pharmacy.id), group: '薬局', first: pharmacy.name, detail: new RegExp(`ID ${pharmacy.id}`) },
      // A pharmacy calling in: the number on the caller's line, as digits alone.
      { typed: pharmacy.phone.replaceAll('-', ''), group: '薬局', first: pharmacy.name, detail: new RegExp(`電話番号 ${pharmacy.phone}`) },
      { typed: fullWidth(medicine.yj_code), group: '医療用医薬品', first: medicine.brand_name, detail: new RegExp(`YJコード ${medicine.yj_code}`) },
      { typed: medicine.jan_code, group: '医療用医薬品', first: medicine.brand_name, detail: new RegExp(`JANコード ${medicine.jan_code}`) },
      { typed: medicine.hot_code, group: '医療用医薬品', first: medicine.brand_name, detail: new RegExp(`HOTコード ${medicine.hot_code}`) },
      { typed: medicine.receipt_code, group: '医療用医薬品', first: medicine.brand_name, detail: new RegExp(`レセプト電算コード ${medicine.receipt_code}`) },
      { typed: dealer.code, group: '卸', first: dealer.name, detail: new RegExp(`卸コード ${dealer.code}`) },
    ];
    for (const { typed, group, first, detail } of cases) {
      calls.reset();
      await p.search(typed);
      const found = p.group(group).getByRole('option').first();
      await expect(found, typed).toContainText(first);
      await expect(found, typed).toContainText(detail);
      // Equality lookups only: nothing was searched as text.
      expect(calls.calls.filter((call) => /[?&]query=[^&]*[^\d&A-Z]/.test(call)), typed).toEqual([]);
      expect(calls.most, `calls out at once for ${typed}`).toBeLessThanOrEqual(1);
    }
    // A code the master finds once: it is the best match, first of all groups.
    await p.search(pharmacy.micode);
    await expect(p.options.first()).toContainText(pharmacy.name);
    await expect(p.box).toHaveAttribute('aria-activedescendant', (await p.options.first().getAttribute('id'))!);
    await expectNoSeriousA11yViolations(page, 'パレット（薬局コードの結果）');
    // A HOT code also offers its master diff page, without a lookup.
    await p.search(medicine.hot_code);
    await expect(p.group('コードの詳細').getByRole('option', { name: new RegExp(`HOTコード ${medicine.hot_code}`) })).toBeVisible();
  });

  test('names in three scripts find the same records; IME composition sends nothing', async ({ page }) => {
    const calls = watchCalls(page);
    await page.goto('/');
    const p = palette(page);
    await p.open();
    await p.search('メディカル');
    const katakana = await optionTexts(page);
    expect(katakana.length).toBeGreaterThan(1);
    await expect(p.group('薬局').getByRole('option').first()).toContainText('メディカル');
    await expectNoSeriousA11yViolations(page, 'パレット（名前の結果）');
    await p.search('めでぃかる');
    expect(await optionTexts(page)).toEqual(katakana.map((text) => text.replace('「メディカル」', '「めでぃかる」')));
    await p.search('ﾒﾃﾞｨｶﾙ');
    expect(await optionTexts(page)).toEqual(katakana.map((text) => text.replace('「メディカル」', '「ﾒﾃﾞｨｶﾙ」')));
    expect(calls.most).toBeLessThanOrEqual(1);

    // Typing through an IME (a word not asked yet: answers are kept while the palette is open):
    // the reading and its conversion send nothing until the conversion is committed.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    const cdp = await page.context().newCDPSession(page);
    calls.reset();
    for (const reading of ['ふ', 'ふぁ', 'ふぁー', 'ふぁーま', 'ファーマ']) {
      await cdp.send('Input.imeSetComposition', { text: reading, selectionStart: reading.length, selectionEnd: reading.length });
    }
    await page.waitForTimeout(600);
    expect(calls.calls, 'calls during the composition').toEqual([]);
    await cdp.send('Input.insertText', { text: 'ファーマ' });
    await expect(p.box).toHaveValue('ファーマ');
    await expect(p.status).toHaveText(/^\d+件を表示$/);
    expect(calls.calls.length).toBeGreaterThan(0);
    expect(calls.calls.every((call) => call.includes('query=ファーマ')), calls.calls.join('\n')).toBe(true);
    expect(calls.most).toBeLessThanOrEqual(1);
  });

  test('Enter opens the record, Ctrl+Enter a new tab; recent records come first next time', async ({ page, context, request }) => {
    const api = await adminApi(request);
    const [first, second] = await api.get<{ id: number; name: string; micode: string }[]>('/core/api/v2/admin/pharmacies?sort=id&add_ended=true');
    await page.goto('/v2/core/groups');
    const p = palette(page);
    await p.open();

    // A scanned code: typed and Enter at once, before any answer; the best answer opens.
    await page.keyboard.type(first.micode);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${first.id}$`));
    await expect(p.dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();

    // Ctrl+Enter: the record in a new tab (the spec's route), the palette stays.
    await p.open();
    await p.search(second.micode);
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Control+Enter')]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(`/v2/core/pharmacies/${second.id}`);
    await expect(tab.getByRole('heading', { level: 1, name: new RegExp(second.name) })).toBeVisible();
    await tab.close();
    await expect(p.box).toBeFocused();
    await page.keyboard.press('Escape');

    // Before typing: the records opened, newest first; ↓ and Enter open one.
    await p.open();
    await expect(p.group('最近開いたレコード').getByRole('option')).toHaveText([new RegExp(second.name), new RegExp(first.name)]);
    await expect(p.box).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yViolations(page, 'パレット（最近開いたレコード）');
    await page.keyboard.press('ArrowDown');
    await expect(p.options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/v2/core/pharmacies/${first.id}$`));

    // Screens and actions by name: 新規薬局, マスター更新.
    await p.open();
    await p.search('新規薬局');
    await expect(p.options.first()).toContainText('新規薬局');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/pharmacies\/new$/);
    await p.open();
    await p.search('ﾏｽﾀｰ更新');
    await expect(p.options.first()).toContainText('マスター更新');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/ethical_medicines\/update$/);
  });
});
