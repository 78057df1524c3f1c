import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

/*
 * Issue 23, "What a new user found walking every screen": each test is one finding, against the
 * seeded data (stock histories: server/db/stocksScenario.ts).
 */

test.describe('what a new user found walking every screen', () => {
  test('a loaded screen focuses its h1 for screen readers without drawing a ring; the keyboard still gets one', async ({ page }) => {
    await page.goto('/v2/core/companies');
    const heading = page.getByRole('heading', { level: 1, name: '薬局会社一覧' });
    await expect(heading).toBeFocused();
    const outline = () => heading.evaluate((element) => getComputedStyle(element).outlineStyle);
    expect(await outline()).toBe('none');
    await page.reload();
    await expect(heading).toBeFocused();
    expect(await outline()).toBe('none');
    // From the keyboard, the heading a navigation focused shows where focus is.
    await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: 'ホーム' }).focus();
    await page.keyboard.press('Enter');
    const home = page.getByRole('heading', { level: 1, name: 'ホーム' });
    await expect(home).toBeFocused();
    expect(await home.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
  });

  test('the breadcrumb 「#3 / 編集」 has no gap after a short record name', async ({ page }) => {
    await page.goto('/v2/core/master_sources/stockable_item_fixtures');
    const firstId = await page.getByRole('row').nth(1).getByRole('cell').first().innerText();
    await page.goto(`/v2/core/master_sources/stockable_item_fixtures/${firstId.trim()}/edit`);
    const crumbs = page.getByRole('navigation', { name: 'パンくずリスト' });
    await expect(crumbs.getByText('編集')).toBeVisible();
    const gap = await crumbs.evaluate((nav) => {
      const record = nav.querySelector('[data-record-crumb]')!;
      const separator = record.closest('li')!.nextElementSibling!;
      const text = document.createRange();
      text.selectNodeContents(record);
      return separator.getBoundingClientRect().left - text.getBoundingClientRect().right;
    });
    // MUI's separator margin is 8 px; the record's crumb adds none.
    expect(gap).toBeLessThanOrEqual(10);
  });

  for (const width of [1280, 1440]) {
    test(`at ${width} px a wide list keeps each row's identity and actions in view`, async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width, height: 900 });
      const inView = async (locator: import('@playwright/test').Locator) => {
        const box = (await locator.boundingBox())!;
        return box.x >= 0 && box.x + box.width <= width;
      };
      await page.goto('/v2/core/master_sources/unknown_sdcvan_delivery_d_records');
      const deliveries = page.getByRole('table', { name: '不明な納品一覧' });
      const firstDelivery = deliveries.getByRole('row').nth(1);
      await expect(firstDelivery.getByRole('switch')).toBeVisible();
      // The switch's own input is three times its width (MUI): its cell is what shows.
      expect(await inView(firstDelivery.getByRole('cell').last())).toBe(true);
      const ignoreHeader = deliveries.getByRole('columnheader', { name: '無視' });
      expect(await inView(ignoreHeader)).toBe(true);
      // Nothing paints over the sticky header: what shows at its centre is the header itself.
      expect(await ignoreHeader.evaluate((th) => {
        const box = th.getBoundingClientRect();
        return th.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      })).toBe(true);
      expect(await inView(firstDelivery.getByRole('cell').first())).toBe(true);
      // Headers stay on one line: a short label is never taller than one line of text.
      for (const header of await deliveries.getByRole('columnheader').all()) expect((await header.boundingBox())!.height).toBeLessThan(60);
      await expectNoSeriousA11yViolations(page, `不明な納品一覧 (${width} px)`);

      await page.goto('/v2/core/ethical_medicines');
      const medicines = page.getByRole('table', { name: '医療用医薬品一覧' });
      const firstMedicine = medicines.getByRole('row').nth(1);
      const detail = firstMedicine.getByRole('link', { name: /詳細/ });
      await expect(detail).toBeVisible();
      expect(await inView(detail)).toBe(true);
      expect(await inView(firstMedicine.getByRole('cell').first())).toBe(true);
      // What the sticky columns cover stays reachable by scrolling the table's own box.
      const wrapper = page.locator('.RaDataTable-tableWrapper').first();
      expect(await wrapper.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `医療用医薬品一覧 (${width} px)`);
    });
  }

  test('in 新規マニュアル a heading, list, quote or code block can be started on an empty line', async ({ page }) => {
    test.setTimeout(180_000);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (/TextSelection endpoint/.test(message.text())) warnings.push(message.text());
    });
    await page.goto('/v2/core/manuals/new');
    const editor = page.getByRole('textbox', { name: '本文', exact: true });
    await editor.click();
    // Markdown typed at the start of an empty document.
    await page.keyboard.type('# 見出し');
    await expect(editor.locator('h1')).toHaveText('見出し');
    await page.keyboard.press('Enter');
    // The toolbar on an empty line.
    await page.getByRole('button', { name: '見出し2' }).click();
    await page.keyboard.type('小見出し');
    await expect(editor.locator('h2')).toHaveText('小見出し');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- 項目');
    await expect(editor.locator('ul li')).toHaveText('項目');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('> 引用文');
    await expect(editor.locator('blockquote')).toHaveText('引用文');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'コードブロック' }).click();
    await page.keyboard.type('npm ci');
    await expect(editor.locator('pre')).toHaveText('npm ci');
    await page.getByRole('radio', { name: 'Markdown' }).or(page.getByRole('button', { name: 'Markdown' })).click();
    await expect(page.getByRole('textbox', { name: '本文（Markdown）' })).toHaveValue(/^# 見出し\n\n## 小見出し\n\n- 項目\n\n> 引用文\n\n```\nnpm ci\n```/);
    expect(warnings).toEqual([]);
  });

  test('the inquiries screen uses the window: the panes reach its bottom without scrolling the page', async ({ page }) => {
    await page.goto('/v2/core/inquiries');
    const subject = page.getByText('左の一覧からルームを選んでください。');
    await expect(subject).toBeVisible();
    const chat = page.locator('.MuiCard-root').filter({ has: subject });
    await expect.poll(async () => {
      const box = (await chat.boundingBox())!;
      return 900 - (box.y + box.height);
    }).toBeLessThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
  });

  test('room names in the inquiry list are not cut where there is room, and name themselves in full on hover', async ({ page }) => {
    await page.goto('/v2/core/inquiries');
    const rooms = page.getByRole('list', { name: '問い合わせルーム' });
    await expect(rooms.getByRole('listitem').first()).toBeVisible();
    const names = await rooms.locator('[data-room-name]').evaluateAll((elements) =>
      elements.map((element) => ({
        // Clamped to two lines, a cut name overflows downwards; a one-line ellipsis, sideways.
        cut: element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
        title: element.getAttribute('title'),
        text: element.textContent,
      })),
    );
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      expect(name.cut, `${name.text} is cut`).toBe(false);
      expect(name.title).toBe(name.text);
    }
    // The pharmacy line beside the time is one line, cut where narrow: it names itself in full on hover.
    const pharmacyLines = await rooms.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => {
        const line = item.querySelector('[data-pharmacy-line]')!;
        return { title: line.getAttribute('title'), text: line.textContent };
      }),
    );
    for (const line of pharmacyLines) expect(line.title).toBe(line.text);
    await expectNoSeriousA11yViolations(page, '問い合わせ一覧 (ルーム名)');
  });
});
