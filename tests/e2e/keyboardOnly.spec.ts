import { test, expect, accounts, unique, expectNoSeriousA11yViolations } from './fixtures';
import { expectFocusVisible, tabTo, walkTabOrder, WRAPPED } from './keyboard';
import { TEXTS } from '../../src/i18n/texts';

/**
 * Issue 7's done-when: the foundation and groups flow with the keyboard alone, focus always
 * visible. Only page.keyboard drives the page after the first goto: no clicks, no fill(), no
 * navigation by URL. Locators only say where focus should arrive.
 */
test.describe('keyboard only', () => {
  test.use({ account: null });

  test('sign in, groups (create, search, pharmacies, remove, edit) and a company edit', async ({ page }) => {
    test.setTimeout(180_000);
    const { keyboard } = page;
    const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
    const heading = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

    // Sign in: the e-mail field has focus when the card opens.
    await page.goto('/login');
    await expect(page.getByLabel('メールアドレス')).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.type(accounts.admin.email);
    await tabTo(page, page.getByLabel('パスワード'));
    await keyboard.type(accounts.admin.password);
    await tabTo(page, page.getByRole('button', { name: 'ログイン' }));
    await keyboard.press('Enter');
    await expect(heading('ホーム')).toBeFocused();
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, 'ホーム（キーボードでログイン後）');

    // The sidebar: back from the heading to the folded 薬局マスタ, open it, on to 近隣グループ一覧.
    const pharmacyMasters = sidebar.getByRole('button', { name: '薬局マスタ' });
    await tabTo(page, pharmacyMasters, { backwards: true });
    await keyboard.press('Enter');
    await expect(pharmacyMasters).toHaveAttribute('aria-expanded', 'true');
    await tabTo(page, sidebar.getByRole('link', { name: '近隣グループ一覧' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/groups$/);
    await expect(heading('近隣グループ一覧')).toBeFocused();
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '近隣グループ一覧（キーボード）');

    // 新規作成: the form, its one editable field, submit with Enter on the button.
    await tabTo(page, page.getByRole('link', { name: '新規作成' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/groups\/new$/);
    const groupName = page.getByRole('textbox', { name: 'グループ名', exact: true });
    await tabTo(page, groupName);
    const name = unique('キーボード駅前グループ');
    await keyboard.type(name);
    await tabTo(page, page.getByRole('button', { name: '新規作成' }));
    await keyboard.press('Enter');
    await expect(page.getByText(TEXTS.created)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/groups\/\d+$/);
    const groupUrl = page.url();
    await expect(heading(name)).toBeFocused();
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '近隣グループ詳細（作成直後、キーボード）');

    // Back to the list and find the group by its name.
    await tabTo(page, page.getByRole('link', { name: '一覧へ戻る' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/groups$/);
    await tabTo(page, page.getByRole('searchbox', { name: 'グループ名で検索' }));
    await keyboard.type(name);
    await keyboard.press('Enter');
    await expectFocusVisible(page);
    const rows = page.getByRole('table', { name: '近隣グループ一覧' }).locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(name);
    await expectNoSeriousA11yViolations(page, '近隣グループ一覧（検索、キーボード）');
    await tabTo(page, rows.first().getByRole('link', { name: '詳細' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(groupUrl);
    await expect(heading(name)).toBeFocused();
    await expectFocusVisible(page);

    // Record tabs: Tab reaches the selected tab, the arrow keys move between tabs, Enter opens one.
    await tabTo(page, page.getByRole('tab', { name: '詳細' }));
    await keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: '薬局一覧' })).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.press('Enter');
    await expect(page).toHaveURL(`${groupUrl}/pharmacies`);
    await expect(page.getByRole('tab', { name: '薬局一覧', selected: true })).toBeVisible();
    await expectFocusVisible(page);

    // Search pharmacies that may join, add the first one.
    await tabTo(page, page.getByRole('textbox', { name: 'このグループに所属していない薬局を検索' }));
    await keyboard.type('薬局');
    await keyboard.press('Enter');
    const results = page.getByRole('table', { name: '検索結果' });
    const firstResult = results.locator('tbody tr').first();
    await expect(firstResult.getByRole('button', { name: '追加' })).toBeVisible();
    const pharmacyName = (await firstResult.locator('td').nth(1).innerText()).trim();
    await tabTo(page, firstResult.getByRole('button', { name: '追加' }));
    await keyboard.press('Enter');
    const members = page.getByRole('table', { name: '所属薬局' });
    await expect(members.getByRole('row', { name: new RegExp(pharmacyName) })).toContainText(TEXTS.member);
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '近隣グループの薬局一覧タブ（追加後、キーボード）');

    // 削除: the dialog opens on キャンセル, so Enter keeps the pharmacy; Tab to 削除 and Enter removes it.
    const remove = members.getByRole('button', { name: '削除' });
    await tabTo(page, remove);
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(TEXTS.confirmDelete)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '薬局の削除確認ダイアログ（キーボード）');
    await keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(members.getByRole('row', { name: new RegExp(pharmacyName) })).toBeVisible();
    await expect(remove).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await tabTo(page, dialog.getByRole('button', { name: '削除' }));
    await keyboard.press('Enter');
    await expect(page.getByText('所属している薬局はありません')).toBeVisible();
    await expectFocusVisible(page);

    // Edit the name and save.
    await tabTo(page, page.getByRole('link', { name: '編集' }), { backwards: true });
    await keyboard.press('Enter');
    await expect(page).toHaveURL(`${groupUrl}/edit`);
    await tabTo(page, groupName);
    await keyboard.press('End');
    await keyboard.type('改');
    await expectNoSeriousA11yViolations(page, '近隣グループの編集（キーボード）');
    await tabTo(page, page.getByRole('button', { name: '保存' }));
    await keyboard.press('Enter');
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page).toHaveURL(groupUrl);
    await expect(heading(`${name}改`)).toBeFocused();
    await expectFocusVisible(page);

    // The company flow's key steps: list (sorted by ID with the keyboard) → detail → edit → save.
    await tabTo(page, sidebar.getByRole('link', { name: '薬局会社一覧' }), { backwards: true });
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/companies$/);
    await expect(heading('薬局会社一覧')).toBeFocused();
    await expectFocusVisible(page);
    await tabTo(page, page.locator('thead').getByRole('button', { name: 'ID' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=id/);
    await expectFocusVisible(page);
    const companyRows = page.getByRole('table', { name: '薬局会社一覧' }).locator('tbody tr');
    // Company 2 (the second row by ID): a seeded company no other test writes to.
    await expect(companyRows.first().locator('td').first()).toHaveText('1');
    const company = companyRows.nth(1);
    await expect(company.locator('td').first()).toHaveText('2');
    await tabTo(page, company.getByRole('link', { name: '詳細' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/companies\/2$/);
    await expect(heading(/./)).toBeFocused();
    await expectFocusVisible(page);
    await tabTo(page, page.getByRole('link', { name: '編集' }));
    await keyboard.press('Enter');
    await expect(page).toHaveURL(/\/v2\/core\/companies\/2\/edit$/);
    const note = page.getByLabel('備考', { exact: true });
    await tabTo(page, note);
    const noteLine = unique('キーボードで追記');
    await keyboard.press('Control+End');
    await keyboard.press('Enter');
    await keyboard.type(noteLine);
    await tabTo(page, page.getByRole('button', { name: '保存' }));
    await keyboard.press('Enter');
    await expect(page.getByText(TEXTS.updated)).toBeVisible();
    await expect(page).toHaveURL(/\/v2\/core\/companies\/2$/);
    await expect(page.getByText(noteLine)).toBeVisible();
    await expect(heading(/./)).toBeFocused();
    await expectFocusVisible(page);
    await expectNoSeriousA11yViolations(page, '薬局会社詳細（保存後、キーボード）');
  });
});

/**
 * Every landed screen: one round of Tab through the whole page comes back where it began (no
 * trap), leaves the page once for the browser's controls, and shows focus at every stop; in
 * lists every row's actions are stops.
 */
test.describe('Tab round every landed screen', () => {
  const screens: { path: string; h1: string | RegExp; rowActions?: string[] }[] = [
    { path: '/', h1: 'ホーム' },
    { path: '/v2/core/companies', h1: '薬局会社一覧', rowActions: ['詳細', '編集'] },
    { path: '/v2/core/companies/1', h1: /./ },
    { path: '/v2/core/companies/1/pharmacies', h1: /./ },
    { path: '/v2/core/companies/1/edit', h1: /./ },
    { path: '/v2/core/companies/new', h1: /./ },
    { path: '/v2/core/groups', h1: '近隣グループ一覧', rowActions: ['詳細', '編集'] },
    { path: '/v2/core/groups/1', h1: /./ },
    { path: '/v2/core/groups/1/pharmacies', h1: /./ },
    { path: '/v2/core/groups/1/edit', h1: /./ },
    { path: '/v2/core/dealers', h1: '卸一覧', rowActions: ['詳細'] },
    { path: '/v2/core/dealers/1', h1: /./ },
    { path: '/v2/core/pharmacies', h1: '薬局一覧' },
    { path: '/v2/core/pharmacies/1', h1: /./ },
    { path: '/v2/core/pharmacies/1/edit', h1: /./ },
    { path: '/v2/core/pharmacy_license_expires', h1: /./ },
    { path: '/develop', h1: '開発者メニュー' },
    { path: '/develop/profile', h1: 'プロフィール' },
    { path: '/develop/jwt', h1: 'JWT' },
    { path: '/develop/user-restore', h1: 'ユーザー復元' },
    { path: '/v2/core/companies/99999', h1: /./ },
    { path: '/v2/core/inquiries', h1: /./ },
    { path: '/v2/core/nsipses', h1: 'NSIPS一覧' },
    { path: '/v2/core/nsipses/1', h1: /^NSIPS一覧（.+薬局.*）$/ },
    { path: '/v2/core/nsipses/1/20261031_all.csv', h1: '20261031_all.csv' },
  ];
  for (const { path, h1, rowActions } of screens) {
    test(`${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: h1 })).toBeVisible();
      const rows = page.locator('tbody tr');
      if (rowActions) await expect(rows.first().getByRole('link', { name: rowActions[0] })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const stops = await walkTabOrder(page);
      expect(stops.filter((stop) => stop === WRAPPED)).toHaveLength(1);
      for (const action of rowActions ?? []) {
        expect(stops.filter((stop) => stop.endsWith(`「${action}」`)).length, `every row's ${action} is a Tab stop`).toBeGreaterThanOrEqual(await rows.count());
      }
    });
  }
});

/** The shell's open states with the keyboard: menus, the switcher, dialogs; focus comes back where it was. */
test.describe('keyboard in the shell’s menus and dialogs', () => {
  test('account menu and the password dialog: focus goes in, stays in, and comes back to the account button', async ({ page }) => {
    await page.goto('/');
    const { keyboard } = page;
    await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeFocused();
    const account = page.getByRole('button', { name: '管理 花子のアカウントメニュー' });
    await tabTo(page, account, { backwards: true });
    await keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expectFocusVisible(page);
    await keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    await expect(account).toBeFocused();
    await expectFocusVisible(page);

    await keyboard.press('Enter');
    await expect(menu.getByRole('menuitem', { name: 'パスワード変更' })).toBeVisible();
    // Menus move with the arrow keys, not Tab.
    await tabTo(page, menu.getByRole('menuitem', { name: 'パスワード変更' }), { key: 'ArrowDown', maxStops: 6 });
    await expect(menu.getByRole('menuitem', { name: 'パスワード変更' })).toBeFocused();
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'パスワード変更' });
    await expect(dialog.getByLabel(/^現在のパスワード/)).toBeFocused();
    await expectFocusVisible(page);
    const stops = await walkTabOrder(page, { maxStops: 20 });
    expect(stops, 'Tab stays in the modal dialog').not.toContain(WRAPPED);
    await keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(account).toBeFocused();
    await expectFocusVisible(page);
  });

  test('environment switcher: opens with the keyboard, Escape closes it and focus stays on it', async ({ page }) => {
    await page.goto('/');
    const { keyboard } = page;
    await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeFocused();
    const switcher = page.getByRole('combobox', { name: /接続先/ });
    await tabTo(page, switcher, { backwards: true });
    await keyboard.press('Enter');
    await expect(page.getByRole('option', { name: '本番環境' })).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'デモ環境' })).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(switcher).toBeFocused();
    await expectFocusVisible(page);
    await expect(page.locator('header[data-environment="production"]')).toBeVisible();
  });

  test('the sidebar folds and unfolds with the keyboard; minimised, its entries are still stops', async ({ page }) => {
    await page.goto('/');
    const { keyboard } = page;
    await expect(page.getByRole('heading', { level: 1, name: 'ホーム' })).toBeFocused();
    const toggle = page.getByRole('button', { name: '閉じる' });
    await tabTo(page, toggle, { backwards: true });
    await keyboard.press('Enter');
    await expect(page.getByTestId('sidebar-title')).toHaveText('CS');
    await expect(page.getByRole('button', { name: '開く' })).toBeFocused();
    await expectFocusVisible(page);
    const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
    await tabTo(page, sidebar.getByRole('link', { name: '問い合わせ一覧' }));
    await expect(page.getByRole('tooltip', { name: '問い合わせ一覧' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'サイドバー（最小化、キーボード）');
    await tabTo(page, page.getByRole('button', { name: '開く' }), { backwards: true });
    await keyboard.press('Enter');
    await expect(page.getByTestId('sidebar-title')).toHaveText('CS portal');
  });

  test('leaving a dirty form: the dialog opens on キャンセル, Enter stays, focus comes back to the link', async ({ page }) => {
    await page.goto('/v2/core/groups/1/edit');
    const { keyboard } = page;
    const name = page.getByRole('textbox', { name: 'グループ名', exact: true });
    await tabTo(page, name);
    await keyboard.press('End');
    await keyboard.type('変更');
    const home = page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'ホーム' });
    await tabTo(page, home, { backwards: true });
    await keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '保存していない変更があります' });
    await expect(dialog.getByRole('button', { name: 'キャンセル' })).toBeFocused();
    await expectFocusVisible(page);
    await keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/v2\/core\/groups\/1\/edit$/);
    await expect(home).toBeFocused();
    await expectFocusVisible(page);
    await expect(name).toHaveValue(/変更$/);
  });
});

test.describe('signed out and without the admin role', () => {
  test.describe('signed out', () => {
    test.use({ account: null });
    test('the login page: one round of Tab, focus always visible', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByLabel('メールアドレス')).toBeFocused();
      const stops = await walkTabOrder(page, { maxStops: 20 });
      expect(stops.filter((stop) => stop === WRAPPED)).toHaveLength(1);
    });
  });

  test.describe('pharmacy account', () => {
    test.use({ account: 'pharmacy' });
    test('the 403 page: one round of Tab, focus always visible', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/forbidden$/);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const stops = await walkTabOrder(page, { maxStops: 20 });
      expect(stops.filter((stop) => stop === WRAPPED)).toHaveLength(1);
    });
  });
});

test.describe('expectFocusVisible', () => {
  test.use({ account: null });

  test('fails on focus lost to <body> and on a focused element without an indicator, passes on a ring', async ({ page }) => {
    await page.setContent(`
      <button id="bare" style="outline: none">印なし</button>
      <button id="ringed" style="outline: 3px solid #1565c0">枠あり</button>`);
    await expect(expectFocusVisible(page)).rejects.toThrow('focus was lost to <body>');
    await page.keyboard.press('Tab');
    await expect(page.locator('#bare')).toBeFocused();
    await expect(expectFocusVisible(page)).rejects.toThrow('no focus indicator');
    await page.keyboard.press('Tab');
    await expect(page.locator('#ringed')).toBeFocused();
    expect(await expectFocusVisible(page)).toContain('枠あり');
  });
});
