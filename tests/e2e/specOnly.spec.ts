import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, unique } from './fixtures';
import { adminApi, withoutAudit } from './adminApi';
import { accounts } from './accounts';
import { beyondSpec, platformPath } from '../../server/shared/apiProfile';
import { apiRootOf } from '../../src/contract/apiRoots';
import { TEXTS } from '../../src/i18n/texts';
import { samplePng } from '../../server/services/core/inquiries/files';
import { palette } from './palette';

/**
 * The portal against the platform as spec section 7 specifies it (issue 35): this project's
 * server runs with API_PROFILE=spec, so every addition answers as the platform would (404, 422)
 * and /config.json names none. A new user signs in and works; the page never sends a request the
 * spec lacks, and the console shows no error.
 */

/**
 * What the platform has beside section 7's calls, which a page may ask: the identity provider's
 * token and keys, the deployment's `/config.json`, the PC app's update files and the storage's
 * presigned links (section 7's direct GET and PUT); and the SPA's own files. The services' paths
 * are judged by section 7 (beyondSpec, from src/contract/section7.ts).
 */
const BESIDE_SECTION_7 = [
  /^POST \/oauth\/(token|revoke)$/,
  /^GET \/\.well-known\/jwks\.json$/,
  /^GET \/userinfo$/,
  /^GET (\/demo)?\/config\.json$/,
  /^GET (\/demo)?\/pc-app\/latest(-mac)?\.yml$/,
  /^(GET|PUT) (\/demo)?\/storage\//,
];

/**
 * Every request the page sends, judged: a service's must be a call of section 7 with only its
 * parameters and no If-Unmodified-Since or If-Match; anything else under an API root must be one
 * the platform has beside section 7 (above); the rest is the SPA's own. Every console error, and
 * any field of an addition in the cable's frames, is kept too.
 */
const watchSpec = (page: Page) => {
  const beyond: string[] = [];
  const errors: string[] = [];
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const call = `${request.method()} ${url.pathname}`;
    const path = platformPath(url.pathname);
    if (path === undefined) {
      if (apiRootOf(url.pathname) !== undefined && !BESIDE_SECTION_7.some((allowed) => allowed.test(call))) beyond.push(`${call}${url.search} (not the platform's)`);
      return;
    }
    sent.push(`${request.method()} ${path}${url.search}`);
    const refused = beyondSpec(request.method(), path, url.searchParams);
    if (refused) beyond.push(`${call}${url.search} (${refused.status}: ${refused.message})`);
    for (const header of ['if-unmodified-since', 'if-match']) if (request.headers()[header] !== undefined) beyond.push(`${call} with ${header}`);
  });
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (String(payload).includes('unread_total')) beyond.push(`cable frame with unread_total: ${String(payload).slice(0, 120)}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    /** The service calls sent so far, as the SPA addresses them (`GET /api/v2/core/admin/x?query=…`). */
    sent,
    expectClean: () => {
      expect(beyond, 'requests beyond spec section 7').toEqual([]);
      expect(errors, 'console errors').toEqual([]);
      // Something was judged: a watch that saw no service call proves nothing.
      expect(sent.length, 'service calls seen').toBeGreaterThan(0);
    },
  };
};

/** No 定型文 control anywhere on the screen (the savedReplies addition). */
const expectNoSavedReplies = async (page: Page) => {
  await expect(page.getByText(/定型文/)).toHaveCount(0);
};

/**
 * Every screen of the spec's route table with a list or a view of its own (section 2), as the
 * sidebar and the screens' links reach them: each shows its heading with nothing beyond section 7.
 */
const SCREENS = [
  '/',
  '/v2/core/inquiries',
  '/v2/core/pharmacies',
  '/v2/core/pharmacy_license_expires',
  '/v2/core/users',
  '/v2/core/companies',
  '/v2/core/groups',
  '/v2/core/dealers',
  '/v2/core/ethical_medicines',
  '/v2/core/ethical_medicines/update',
  '/v2/core/master_sources',
  '/v2/core/master_sources/medis_bases',
  '/v2/core/master_sources/medis_gs1s',
  '/v2/core/master_sources/medis_options',
  '/v2/core/master_sources/iryohokens',
  '/v2/core/master_sources/stockable_item_import_requests',
  '/v2/core/master_sources/stockable_item_fixtures',
  '/v2/core/master_sources/orderable_item_fixtures',
  '/v2/core/master_sources/unknown_sdcvan_delivery_d_records',
  '/v2/core/nsipses',
  '/v2/core/manuals',
  '/v2/core/embulk_manager',
  '/v2/core/embulk_manager/embulks',
  '/v1/medorder/stocks/diff',
  '/v1/medorder/stocks/fix',
  '/develop/profile',
  '/develop/jwt',
];

/**
 * A small real PDF: one A4 page saying `text`, with a cross-reference table whose offsets are
 * counted from the bytes, so a PDF reader opens it as it would a scanned licence.
 */
const onePagePdf = (text: string): Buffer => {
  const stream = `BT /F1 24 Tf 72 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = body.length;
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** The service calls of a kind the watch saw (`POST /api/v2/core/admin/companies`), without their queries. */
const callsTo = (sent: string[], call: string) => sent.filter((seen) => seen.split('?')[0] === call);

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

  test('every screen of the route table opens with no call beyond the spec and no 定型文', async ({ page }) => {
    const watch = watchSpec(page);
    for (const screen of SCREENS) {
      await page.goto(screen);
      await expect(page.getByRole('heading', { level: 1 }), screen).toBeVisible();
      // Every call the screen makes on opening has been answered (an event, not a pause).
      await page.waitForLoadState('networkidle');
      await expectNoSavedReplies(page);
      await expect(page.getByRole('alert').filter({ hasText: /エラー|失敗/ }), screen).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 画面の一巡');
    watch.expectClean();
    // A list section 7 gives no sort shows the service's order: its ID column (sortable where the
    // services take a sort, listSort) has no sort control, and no sort was asked of such a list.
    await page.goto('/v2/core/master_sources/stockable_item_fixtures');
    await expect(page.getByRole('columnheader', { name: 'ID' })).toBeVisible();
    await expect(page.locator('thead .MuiTableSortLabel-root')).toHaveCount(0);
    expect(watch.sent.filter((call) => /\/(manuals|licenses\/expires|stockable_item_fixtures)\?/.test(call) && /[?&]sort=/.test(call))).toEqual([]);
    watch.expectClean();
  });

  test("a pharmacy's tabs and a company's membership search work from section 7's calls alone", async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    const [pharmacy] = await api.get<{ id: number; name: string; company_id: number | null }[]>('/core/api/v2/admin/pharmacies?sort=id');
    for (const tab of ['', '/licenses', '/groups', '/users', '/configs']) {
      await page.goto(`/v2/core/pharmacies/${pharmacy.id}${tab}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoSavedReplies(page);
    }
    // The users tab lists the pharmacy's users unsearched (a search of them is listSearch) and finds pharmacy users to add.
    await page.goto(`/v2/core/pharmacies/${pharmacy.id}/users`);
    await expect(page.getByRole('search', { name: '所属ユーザーを検索' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'この薬局に所属していない薬局ユーザーを検索' }).fill('pharmacy.example.jp');
    await page.getByRole('search', { name: 'この薬局に所属していない薬局ユーザーを検索' }).getByRole('button', { name: '検索' }).click();
    await expect(page.getByRole('table', { name: 'ユーザーの検索結果' }).locator('tbody tr').first()).toBeVisible();
    expect(watch.sent.filter((call) => call.startsWith('GET /api/v2/core/admin/users?')).at(-1)).toMatch(/^GET \/api\/v2\/core\/admin\/users\?query=pharmacy\.example\.jp&sort=id&page=1$/);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 薬局のユーザー');
    // A company's search offers only pharmacies of no company, left out in the page the search answers.
    const [company] = await api.get<{ id: number }[]>('/core/api/v2/admin/companies?sort=id');
    await page.goto(`/v2/core/companies/${company.id}/pharmacies`);
    await page.getByRole('textbox', { name: '会社に所属していない薬局を検索' }).fill('薬局');
    await page.getByRole('button', { name: '検索', exact: true }).click();
    const results = page.getByRole('table', { name: '検索結果' });
    await expect(results).toBeVisible();
    const offered = await results.locator('tbody tr').count();
    const withCompany = (await api.get<{ id: number; company_id: number | null }[]>(`/core/api/v2/admin/pharmacies?query=${encodeURIComponent('薬局')}&sort=id`)).filter((row) => row.company_id !== null);
    for (const held of withCompany.slice(0, 5)) await expect(results.getByRole('cell', { name: String(held.id), exact: true })).toHaveCount(0);
    expect(offered).toBeGreaterThan(0);
    watch.expectClean();
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
    // By micode: one lookup, the pharmacies' own search (equality first on the service).
    expect(watch.sent.filter((call) => call.startsWith('GET /api/v2/core/admin/pharmacies?')).at(-1)).toContain(`query=${orange.micode}`);
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
    // In kanji (a word of its name; romaji is not searched, the names have no reading): found too.
    const kanji = /\p{Script=Han}{2,}/u.exec(orange.name)?.[0];
    expect(kanji, orange.name).toBeDefined();
    await p.search(orange.name);
    await expect(pharmacyGroup.getByRole('option').filter({ hasText: orange.name }).first()).toBeVisible();
    await p.search(kanji!);
    const kanjiNames = (await pharmacyGroup.getByRole('option').allInnerTexts()).map((name) => name.split('\n')[0]).filter((name) => !name.includes('をすべて表示'));
    expect(kanjiNames.length).toBeGreaterThan(0);
    for (const name of kanjiNames) expect(name).toContain(kanji);
    await expect(p.dialog.getByRole('group', { name: /定型文/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: パレット（名前）');
    await p.search(orange.name);
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

  test('a message with an attached image: the link asked with no type, the image PUT with its own, and the picture shows', async ({ page }) => {
    const watch = watchSpec(page);
    await page.goto('/v2/core/inquiries');
    await page.getByRole('list', { name: /ルーム/ }).getByRole('button').first().click();
    await page.getByRole('button', { name: 'メッセージを送信' }).click();
    const dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
    const text = `仕様どおりのAPIで送った写真 ${Date.now()}`;
    await dialog.getByLabel('メッセージ').fill(text);
    await dialog.locator('input[type=file]').setInputFiles({ name: '仕様の棚.png', mimeType: 'image/png', buffer: samplePng(90, 60, [30, 90, 200], [240, 240, 240]) });
    await expect(dialog.getByTestId('inquiry-attachment-name')).toContainText('仕様の棚.png');
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 画像を添付したメッセージ');
    const uploaded = page.waitForRequest((request) => request.method() === 'PUT' && new URL(request.url()).pathname.startsWith('/storage/inquiry-files/'));
    await dialog.getByRole('button', { name: '送信' }).click();
    expect((await uploaded).headers()['content-type']).toBe('image/png');
    await expect(dialog).toBeHidden();
    const message = page.getByTestId(/^inquiry-message-/).filter({ hasText: text });
    const thumbnail = message.getByRole('button', { name: '画像を表示: 仕様の棚.png' });
    await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(90);
    expect(callsTo(watch.sent, 'GET /api/v2/core/admin/inquiry_messages/file_presigned_url')).toEqual(['GET /api/v2/core/admin/inquiry_messages/file_presigned_url']);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 画像つきのメッセージ');
    watch.expectClean();
  });

  test('a company is created (新規作成) and shows, with the POST section 7 gives', async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    const name = unique('株式会社仕様どおり');
    await page.goto('/v2/core/companies');
    await page.getByRole('link', { name: '新規作成' }).click();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/new$/);
    await page.getByRole('textbox', { name: '会社名', exact: true }).fill(name);
    await page.getByLabel('備考', { exact: true }).fill('仕様どおりのAPIで作った会社');
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 薬局会社の新規作成');
    await page.getByRole('button', { name: '新規作成' }).click();
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/\d+$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await expect(page.getByText(name).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 作った薬局会社');
    expect(await api.get(`/core/api/v2/admin/companies/${id}`)).toMatchObject({ name, note: '仕様どおりのAPIで作った会社' });
    expect(callsTo(watch.sent, 'POST /api/v2/core/admin/companies')).toHaveLength(1);
    watch.expectClean();
  });

  test("a manual's body is edited, an image put in it, and saved: the text and the picture show", async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    // Section 7's list of manuals (no sort): the newest first page, any of them.
    const [manual] = await api.get<{ id: number; title: string }[]>('/core/api/v2/admin/manuals?page=1');
    const before = await api.get<{ content: string }>(`/core/api/v2/admin/manuals/${manual.id}`);
    await page.goto(`/v2/core/manuals/${manual.id}/edit`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Markdown' }).click();
    const source = page.getByRole('textbox', { name: '本文（Markdown）' });
    await expect(source).toHaveValue(before.content);
    const line = `仕様どおりのAPIで書き足した一文 ${Date.now()}`;
    await source.press('Control+End');
    await page.keyboard.type(`\n\n${line}`);
    await page.locator('input[type=file][aria-label="挿入する画像"]').setInputFiles({ name: '仕様の図.png', mimeType: 'image/png', buffer: samplePng(64, 32, [200, 120, 30], [250, 250, 250]) });
    await expect(source).toHaveValue(/\n\n!\[仕様の図\]\(\/storage\/manual-images\/[^)]+\)$/);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: マニュアルの編集');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(new RegExp(`/v2/core/manuals/${manual.id}$`));
    const content = page.getByTestId('manual-content');
    await expect(content).toContainText(line);
    const image = content.locator('img[alt="仕様の図"]');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 編集したマニュアル');
    // What was there is kept, and the new paragraph and picture follow it.
    const saved = (await api.get<{ content: string }>(`/core/api/v2/admin/manuals/${manual.id}`)).content;
    expect(saved.startsWith(before.content)).toBe(true);
    expect(saved).toMatch(new RegExp(`${line}\\n\\n!\\[仕様の図\\]\\(/storage/manual-images/[^)]+\\)$`));
    expect(callsTo(watch.sent, 'GET /api/v2/core/admin/manual_files/presigned_url')).toEqual(['GET /api/v2/core/admin/manual_files/presigned_url']);
    expect(callsTo(watch.sent, `PATCH /api/v2/core/admin/manuals/${manual.id}`)).toHaveLength(1);
    watch.expectClean();
  });

  test("a licence file (a PDF) is uploaded on a pharmacy's licence tab and registered: it is listed and its link serves the PDF", async ({ page, request }) => {
    const watch = watchSpec(page);
    const api = await adminApi(request);
    const [pharmacy] = await api.get<{ id: number }[]>('/core/api/v2/admin/pharmacies?sort=id');
    const number = `13薬第${String(Date.now()).slice(-6)}号`;
    const pdf = onePagePdf(`Licence ${number.replace(/\D/g, '')}`);
    await page.goto(`/v2/core/pharmacies/${pharmacy.id}/licenses`);
    await page.getByRole('button', { name: '許可証を登録' }).click();
    const dialog = page.getByRole('dialog', { name: '許可証の登録' });
    await dialog.getByLabel('許可番号').fill(number);
    await dialog.getByLabel('有効期限').fill('2035-03-31');
    await dialog.getByLabel(/^ファイル/).setInputFiles({ name: '許可証.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(dialog.getByTestId('license-file-name')).toHaveText('許可証.pdf');
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 許可証の登録');
    const uploaded = page.waitForRequest((sent) => sent.method() === 'PUT' && new URL(sent.url()).pathname.startsWith('/storage/licenses/'));
    await dialog.getByRole('button', { name: '保存' }).click();
    expect((await uploaded).headers()['content-type']).toBe('application/pdf');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('table', { name: '許可証' }).getByRole('row', { name: new RegExp(number) });
    await expect(row).toContainText('有効');
    await expectNoSeriousA11yViolations(page, '仕様どおりのAPI: 許可証を登録したライセンスタブ');
    const href = (await row.getByRole('link', { name: new RegExp(`${number}を表示`) }).getAttribute('href'))!;
    const file = await page.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body())).toEqual(pdf);
    expect(callsTo(watch.sent, `GET /api/v2/core/admin/pharmacies/${pharmacy.id}/licenses/presigned_url`)).toEqual([`GET /api/v2/core/admin/pharmacies/${pharmacy.id}/licenses/presigned_url`]);
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
