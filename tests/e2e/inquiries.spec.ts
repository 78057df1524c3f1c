import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import WebSocket from 'ws';
import { samplePng } from '../../server/services/core/inquiries/files';
import { accounts, expect, expectNoSeriousA11yViolations, signIn, storageStateFor, test, unique } from './fixtures';
import { adminApi, withoutAudit } from './adminApi';
import { copyTemplate } from './globalSetup';

/** The pharmacy's side of the conversation: its own browser context, talking to the pharmacy API. */
async function pharmacyClient(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, storageState: storageStateFor('pharmacy', baseURL) });
  const request: APIRequestContext = context.request;
  const grant = await request.post('/oauth/token', {
    data: { grant_type: 'password', username: accounts.pharmacy.email, password: accounts.pharmacy.password },
  });
  expect(grant.ok()).toBe(true);
  const { access_token: token } = (await grant.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${token}` };
  return {
    async openRoom(name: string, content: string): Promise<number> {
      const res = await request.post('/core/api/v2/pharmacy/inquiry_rooms', { headers, data: { pharmacy_id: 1, name, content } });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: number }).id;
    },
    async post(roomId: number, content: string) {
      const res = await request.post(`/core/api/v2/pharmacy/inquiry_rooms/${roomId}/messages`, { headers, data: { content } });
      expect(res.status()).toBe(201);
    },
    /**
     * The pharmacy's own live view of a room: the real cable protocol (the pharmacy app's side is
     * not part of this portal), so staff messages can be seen arriving without a poll.
     */
    async listen(roomId: number) {
      const url = new URL(`/cable?token=${encodeURIComponent(token)}`, baseURL.replace(/^http/, 'ws'));
      const socket = new WebSocket(url, ['actioncable-v1-json', 'actioncable-unsupported']);
      const identifier = JSON.stringify({ channel: 'InquiryMessagesChannel', room_id: roomId });
      const received: { content?: string }[] = [];
      await new Promise<void>((resolve, reject) => {
        socket.on('message', (data) => {
          const frame = JSON.parse(String(data)) as { type?: string; identifier?: string; message?: { content?: string } };
          if (frame.type === 'welcome') socket.send(JSON.stringify({ command: 'subscribe', identifier }));
          else if (frame.type === 'confirm_subscription') resolve();
          else if (frame.type === 'reject_subscription') reject(new Error('the pharmacy was refused its own room'));
          else if (frame.identifier === identifier && frame.message) received.push(frame.message);
        });
        socket.on('error', reject);
      });
      return { contents: () => received.map((message) => message.content), close: () => socket.close() };
    },
    close: () => context.close(),
  };
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** A reference API of this test's own (the shared one must not restart under the other tests). */
async function ownServer(port: number, dataDir: string): Promise<{ stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready in')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
  });
  return {
    stop: async () => {
      // SIGTERM: the server tells every socket server_restart (reconnect: true) and exits.
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Opens a room's send dialog with the keyboard; focus lands in the message box. */
async function openSendDialogByKeyboard(page: Page, roomId: number) {
  await page.goto(`/v2/core/inquiries?roomId=${roomId}`);
  await page.getByRole('button', { name: /^メッセージを送信/ }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
  const text = dialog.getByLabel('メッセージ');
  await expect(text).toBeFocused();
  return { dialog, text };
}

/** マニュアルから挿入 with the keyboard: searches `query` and picks the manual titled `title`. */
async function pickManualByKeyboard(page: Page, dialog: Locator, query: string, title: string) {
  await dialog.getByRole('button', { name: 'マニュアルから挿入' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('マニュアルを検索')).toBeFocused();
  await page.keyboard.type(query);
  await expect(dialog.getByRole('status')).toHaveText(/^\d+件見つかりました$/);
  await dialog.getByRole('list', { name: 'マニュアルの検索結果' }).getByRole('button', { name: title }).focus();
  await page.keyboard.press('Enter');
}

/** Presses the dialog's `name` button with the keyboard. */
async function pressByKeyboard(page: Page, dialog: Locator, name: string) {
  await dialog.getByRole('button', { name, exact: true }).focus();
  await page.keyboard.press('Enter');
}

/** The browser's Notification, recorded: permission as the user answers it (kept across a reload). */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __notified: { title: string; body?: string; tag?: string }[]; __asked: number };
    w.__notified = [];
    w.__asked = 0;
    class RecordedNotification {
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        w.__notified.push({ title, body: options.body, tag: options.tag });
      }
      close() {}
      static get permission() {
        return sessionStorage.getItem('test.permission') ?? 'default';
      }
      static requestPermission() {
        w.__asked += 1;
        sessionStorage.setItem('test.permission', 'granted');
        return Promise.resolve('granted');
      }
    }
    Object.defineProperty(window, 'Notification', { value: RecordedNotification, configurable: true });
  });
  return {
    recorded: () => page.evaluate(() => (window as unknown as { __notified: { title: string; body?: string }[] }).__notified),
    asked: () => page.evaluate(() => (window as unknown as { __asked: number }).__asked),
  };
}

test.describe('inquiries', () => {
  test('staff and a pharmacy talk live: a new room, messages both ways, an image attachment, a refused fake image', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      await page.goto('/v2/core/inquiries');
      await expect(page.getByRole('list', { name: '問い合わせルーム' })).toBeVisible();
      await expect(page.locator('h1')).toHaveText(/^問い合わせ一覧（未読\d+件）$/);
      const unread = Number(/未読(\d+)件/.exec((await page.locator('h1').textContent())!)![1]);
      // The tab's title carries the total unread count first, so a narrow tab still shows it.
      await expect(page).toHaveTitle(`(${unread}) 問い合わせ一覧 | CS portal`);
      await expectNoSeriousA11yViolations(page, '問い合わせ一覧');

      // The pharmacy opens a room: it appears at the top of the staff list without a reload.
      const subject = unique('E2E在庫の件');
      const roomId = await pharmacy.openRoom(subject, '在庫数が合いません。');
      const pharmacyView = await pharmacy.listen(roomId);
      const row = page.getByTestId(`inquiry-room-${roomId}`);
      await expect(row).toContainText(subject);
      await expect(row).toContainText('新規');
      await expect(row).toContainText('未読 1件');
      await expect(page).toHaveTitle(`(${unread + 1}) 問い合わせ一覧 | CS portal`);
      await row.click();
      await expect(page).toHaveURL(new RegExp(`roomId=${roomId}`));
      await expect(page.getByTestId('inquiry-room-subject')).toHaveText(subject);
      await expect(page.getByTestId('inquiry-messages')).toContainText('在庫数が合いません。');
      await expect(row).not.toContainText('未読');
      await expectNoSeriousA11yViolations(page, '問い合わせ（ルームを開いた状態）');

      // Staff sends.
      await page.getByRole('button', { name: 'メッセージを送信' }).click();
      const dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
      await expect(dialog.getByRole('button', { name: '送信' })).toBeDisabled();
      await expect(dialog.getByLabel('メッセージ')).toBeFocused();
      await expectNoSeriousA11yViolations(page, '問い合わせ（送信モーダル）');
      await dialog.getByLabel('メッセージ').fill('確認いたします。');
      await dialog.getByRole('button', { name: '送信' }).click();
      await expect(dialog).toBeHidden();
      const own = page.getByTestId('inquiry-messages').locator('[data-own="true"]', { hasText: '確認いたします。' });
      await expect(own).toBeVisible();
      await expect(page.getByTestId('inquiry-room-status')).toHaveText('返信済み');
      // ...and the pharmacy receives it live.
      await expect.poll(() => pharmacyView.contents()).toContain('確認いたします。');
      pharmacyView.close();

      // The pharmacy answers: the staff screen shows it without a reload, on the left.
      await pharmacy.post(roomId, '写真を送ります。');
      await expect(page.getByTestId('inquiry-messages').locator('[data-own="false"]', { hasText: '写真を送ります。' })).toBeVisible();
      await expect(page.getByTestId('inquiry-room-status')).toHaveText('未返信');

      // An image attachment is uploaded and previewed. A short window, so the conversation overflows
      // its pane and the image, which takes its height only once loaded, needs the scroll after it.
      await page.setViewportSize({ width: 1440, height: 520 });
      await page.getByRole('button', { name: 'メッセージを送信' }).click();
      await dialog.getByLabel('メッセージ').fill('棚の写真です');
      await dialog.locator('input[type=file]').setInputFiles({ name: '棚.png', mimeType: 'image/png', buffer: samplePng(120, 80, [200, 30, 30], [240, 240, 240]) });
      await expect(dialog.getByTestId('inquiry-attachment-name')).toContainText('棚.png');
      await dialog.getByRole('button', { name: '送信' }).click();
      await expect(dialog).toBeHidden();
      // Once loaded, the newly sent image is scrolled fully into the message pane's view (issue 23, item 13).
      const thumbnail = page.getByRole('button', { name: '画像を表示: 棚.png' });
      await expect.poll(() => thumbnail.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(120);
      await expect
        .poll(async () => {
          const pane = (await page.getByTestId('inquiry-messages').boundingBox())!;
          const image = (await thumbnail.locator('img').boundingBox())!;
          return image.y >= pane.y && image.y + image.height <= pane.y + pane.height + 0.5;
        }, { message: 'the sent image lies wholly inside the message pane' })
        .toBe(true);
      await page.setViewportSize({ width: 1440, height: 900 });
      await thumbnail.click();
      const preview = page.getByRole('dialog', { name: '棚.png' });
      await expect(preview.getByTestId('inquiry-preview-image')).toBeVisible();
      await expect.poll(() => preview.getByTestId('inquiry-preview-image').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      await expectNoSeriousA11yViolations(page, '問い合わせ（画像プレビュー）');
      const download = page.waitForEvent('download');
      await preview.getByRole('button', { name: 'ダウンロード' }).click();
      expect((await download).suggestedFilename()).toBe('棚.png');
      await preview.getByRole('button', { name: '閉じる' }).click();

      // A text file renamed .png is refused with a clear message (the storage's, at the PUT: its
      // bytes are not the PNG its Content-Type says), and the text is kept.
      await page.getByRole('button', { name: 'メッセージを送信' }).click();
      await dialog.getByLabel('メッセージ').fill('偽の画像');
      await dialog.locator('input[type=file]').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('これは画像ではありません') });
      await dialog.getByRole('button', { name: '送信' }).click();
      const alert = dialog.getByRole('alert');
      await expect(alert).toContainText('メッセージ送信でエラーが発生しました。');
      await expect(alert).toContainText('ファイルの中身がPNGではありません。');
      await expect(dialog.getByLabel('メッセージ')).toHaveValue('偽の画像');
      await expectNoSeriousA11yViolations(page, '問い合わせ（送信エラー）');
      await dialog.getByRole('button', { name: 'キャンセル' }).click();
      await expect(page.getByTestId('inquiry-messages')).not.toContainText('偽の画像');
    } finally {
      await pharmacy.close();
    }
  });

  test('a cold visit draws the rooms without the list or detail screens\' chunks (issue 38)', async ({ page }) => {
    // When the first room is in the DOM (a MutationObserver's callback runs right after React's
    // commit, before any idle callback): the scripts asked before it are what the rooms waited on.
    // The dialogs' chunk (which does use the list's) is asked at idle, after it.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('[data-testid^="inquiry-room-"]')) return;
        (window as unknown as { firstRoomAt: number }).firstRoomAt = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/v2/core/inquiries');
    await expect(page.getByTestId('inquiry-room-scroller').locator('[data-testid^="inquiry-room-"]').first()).toBeVisible();
    const scripts = await page.evaluate(() => {
      const firstRoomAt = (window as unknown as { firstRoomAt: number }).firstRoomAt;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < firstRoomAt && /\.js$/.test(new URL(entry.name).pathname))
        .map((entry) => new URL(entry.name).pathname);
    });
    expect(scripts.some((path) => /\/assets\/InquiriesPage-/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/assets\/(list|detail)-/.test(path))).toEqual([]);
  });

  test('the room list loads the next page ahead while scrolling, each room once', async ({ page }) => {
    await page.goto('/v2/core/inquiries');
    const scroller = page.getByTestId('inquiry-room-scroller');
    const rows = scroller.locator('[data-testid^="inquiry-room-"]');
    await expect(rows.first()).toBeVisible();
    const before = await rows.count();
    expect(before).toBeGreaterThanOrEqual(25);
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
    const ids = await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-testid')));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('a draft per room: unsent text survives a room switch, back, and a reload, and is for its room only', async ({ page }) => {
    await page.goto('/v2/core/inquiries');
    const rows = page.getByTestId('inquiry-room-scroller').locator('[data-testid^="inquiry-room-"]');
    await rows.first().click();
    await expect(page).toHaveURL(/roomId=\d+/);
    const send = page.getByRole('button', { name: /^メッセージを送信/ });
    await send.click();
    let dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
    await dialog.getByLabel('メッセージ').fill('確認して折り返しご連絡します。');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(send).toHaveText('メッセージを送信（下書きあり）');

    // Another room has its own (empty) draft.
    await rows.nth(1).click();
    await expect(send).toHaveText('メッセージを送信');
    await send.click();
    await expect(dialog.getByLabel('メッセージ')).toHaveValue('');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();

    // Back to the first room, then a reload: the text is still there.
    await page.goBack();
    await expect(send).toHaveText('メッセージを送信（下書きあり）');
    await page.reload();
    await expect(send).toHaveText('メッセージを送信（下書きあり）');
    await send.click();
    dialog = page.getByRole('dialog', { name: 'メッセージを送信' });
    await expect(dialog.getByLabel('メッセージ')).toHaveValue('確認して折り返しご連絡します。');
    await expect(dialog.getByRole('status')).toContainText('の下書きを復元しました。');
    await expectNoSeriousA11yViolations(page, '下書きを復元した送信ダイアログ');
    await dialog.getByRole('button', { name: '下書きを破棄' }).click();
    await expect(dialog.getByLabel('メッセージ')).toHaveValue('');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(send).toHaveText('メッセージを送信');
  });

  test('desktop notifications: asked for only when turned on, then a new pharmacy message in another room notifies, and off stays off', async ({ page, browser, baseURL }) => {
    const { recorded, asked } = await recordNotifications(page);
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      const quiet = await pharmacy.openRoom(unique('E2E通知前'), '通知の前の質問です。');
      await page.goto(`/v2/core/inquiries?roomId=${quiet}`);
      const toggle = page.getByRole('button', { name: 'デスクトップ通知' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(await asked()).toBe(0);
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      expect(await asked()).toBe(1);
      await expectNoSeriousA11yViolations(page, 'デスクトップ通知オン');

      // On in a reload too, without asking again; a message in the open room (in view) says nothing.
      await page.reload();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      // Post only once the server has confirmed the subscriptions (nothing is replayed before that).
      await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'true');
      await pharmacy.post(quiet, '開いているルームへの追記です。');
      await expect(page.getByTestId('inquiry-messages')).toContainText('開いているルームへの追記です。');
      const subject = unique('E2E通知');
      const other = await pharmacy.openRoom(subject, '別のルームからの新しい質問です。');
      await expect(page.getByTestId(`inquiry-room-${other}`)).toContainText(subject);
      await expect.poll(recorded).toEqual([{ title: `かもめ薬局 新宿店：${subject}`, body: '別のルームからの新しい質問です。', tag: `inquiry-room-${other}` }]);
      expect(await asked()).toBe(0);

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      const after = unique('E2E通知後');
      const third = await pharmacy.openRoom(after, '通知はオフです。');
      await expect(page.getByTestId(`inquiry-room-${third}`)).toContainText(after);
      expect(await recorded()).toHaveLength(1);
    } finally {
      await pharmacy.close();
    }
  });

  test('a pharmacy message is seen on the pharmacies list: the tab title counts it and the sidebar badge shows it, without visiting the inquiries (issue 40 item 6)', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      await page.goto('/v2/core/pharmacies');
      await expect(page.locator('h1')).toHaveText('薬局一覧');
      // The seeded rooms hold unread messages for the admin: the count leads the title on this screen too.
      await expect(page).toHaveTitle(/^\(\d+\) 薬局一覧 \| CS portal$/);
      const before = Number(/^\((\d+)\)/.exec(await page.title())![1]);
      const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
      await expect(sidebar.getByRole('link', { name: `問い合わせ一覧（未読${before}件）` })).toBeVisible();
      await expectNoSeriousA11yViolations(page, '薬局一覧（未読あり）');

      await pharmacy.openRoom(unique('E2E全画面'), '薬局一覧を見ている間の質問です。');
      await expect(page).toHaveTitle(`(${before + 1}) 薬局一覧 | CS portal`);
      const entry = sidebar.getByRole('link', { name: `問い合わせ一覧（未読${before + 1}件）` });
      await expect(entry).toBeVisible();
      await expect(entry.getByTestId('menu-badge')).toHaveText(String(before + 1));
      await expect(page).toHaveURL(/\/v2\/core\/pharmacies$/);
      await expectNoSeriousA11yViolations(page, '薬局一覧（新着の後）');

      // Another screen: the same count, from the same subscription.
      // 薬局マスタ is open: the current screen is in it.
      await sidebar.getByRole('link', { name: '薬局会社一覧' }).click();
      await expect(page).toHaveTitle(`(${before + 1}) 薬局会社一覧 | CS portal`);
    } finally {
      await pharmacy.close();
    }
  });

  test('the desktop notification, once turned on, fires on the pharmacies list for a new pharmacy message (issue 40 item 6)', async ({ page, browser, baseURL }) => {
    const { recorded } = await recordNotifications(page);
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      await page.goto('/v2/core/inquiries');
      const toggle = page.getByRole('button', { name: 'デスクトップ通知' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      const sidebar = page.getByRole('navigation', { name: 'メインメニュー' });
      await sidebar.getByRole('button', { name: '薬局マスタ' }).click();
      await sidebar.getByRole('link', { name: '薬局一覧', exact: true }).click();
      await expect(page.locator('h1')).toHaveText('薬局一覧');
      await expect(page).toHaveTitle(/^\(\d+\) 薬局一覧 \| CS portal$/);
      const subject = unique('E2E全画面通知');
      const roomId = await pharmacy.openRoom(subject, '薬局一覧にいる間に届いた質問です。');
      await expect.poll(recorded).toEqual([{ title: `かもめ薬局 新宿店：${subject}`, body: '薬局一覧にいる間に届いた質問です。', tag: `inquiry-room-${roomId}` }]);
      await expect(page).toHaveURL(/\/v2\/core\/pharmacies$/);
    } finally {
      await pharmacy.close();
    }
  });

  test('a message posted between the page read and the live subscription still shows', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      const roomId = await pharmacy.openRoom(unique('E2E隙間'), '最初の質問です。');
      // Hold the server's confirmation of the room's message subscription: the gap, made wide.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.routeWebSocket(/\/cable/, (socket) => {
        const server = socket.connectToServer();
        server.onMessage(async (message) => {
          const text = String(message);
          if (text.includes('confirm_subscription') && text.includes('InquiryMessagesChannel')) await held;
          socket.send(message);
        });
        socket.onMessage((message) => server.send(message));
      });
      await page.goto(`/v2/core/inquiries?roomId=${roomId}`);
      const messages = page.getByTestId('inquiry-messages');
      await expect(messages).toContainText('最初の質問です。');
      await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'false');
      await pharmacy.post(roomId, '隙間に届いた追記です。');
      release();
      await expect(page.locator('[data-live]')).toHaveAttribute('data-live', 'true');
      await expect(messages).toContainText('隙間に届いた追記です。');
    } finally {
      await pharmacy.close();
    }
  });

  test('answer from the manuals, keyboard only: search, pick a section, insert it at the caret, send; the manual counts the use', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      const roomId = await pharmacy.openRoom(unique('E2Eマニュアル'), '送った発注を取り消したいです。');
      const api = await adminApi(page.request);
      // The list's count (reading the detail would itself count a view).
      const views = async () => (await api.get<{ id: number; impressions_count: number }[]>('/core/api/v2/admin/manuals?query=%E3%82%AD%E3%83%A3%E3%83%B3%E3%82%BB%E3%83%AB%E4%BE%9D%E9%A0%BC&fields=id,impressions_count')).find((m) => m.id === 14)!.impressions_count;
      const before = await views();
      const { dialog, text } = await openSendDialogByKeyboard(page, roomId);
      await page.keyboard.type('お問い合わせありがとうございます。');
      await pickManualByKeyboard(page, dialog, 'キャンセル依頼', '発注のキャンセル依頼への対応');
      const parts = dialog.getByRole('radiogroup');
      await expect(parts.getByRole('radio', { name: 'タイトルとリンク' })).toBeChecked();
      await expectNoSeriousA11yViolations(page, 'マニュアルから挿入');
      await parts.getByRole('radio', { name: 'タイトルとリンク' }).focus();
      await page.keyboard.press('ArrowDown');
      await expect(parts.getByRole('radio', { name: '■ 案内内容' })).toBeChecked();
      await pressByKeyboard(page, dialog, '挿入');

      const expected = [
        'お問い合わせありがとうございます。',
        '■ 案内内容',
        '1. 薬局から卸の営業所へ直接電話してもらいます。',
        '2. 卸側で取り消しが済んだら、薬局の発注画面でキャンセル済みにしてもらいます。',
        '',
        '卸の締め時刻を過ぎている場合、取り消せないことがあります。返品の扱いは卸と薬局の取り決めに従います。',
      ].join('\n');
      await expect(text).toHaveValue(expected);
      await expect(text).toBeFocused();
      await expect.poll(views).toBe(before + 1);
      await pressByKeyboard(page, dialog, '送信');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('inquiry-messages')).toContainText('■ 案内内容');
    } finally {
      await pharmacy.close();
    }
  });

  test('a saved reply by its shortcut, placeholders filled, then a manual link, sent keyboard only', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      const roomId = await pharmacy.openRoom(unique('E2E定型文'), 'パスワードを忘れました。');
      const api = await adminApi(page.request);
      const { name: pharmacyName } = await api.get<{ name: string }>('/core/api/v2/admin/pharmacies/1');
      const { dialog, text } = await openSendDialogByKeyboard(page, roomId);

      // 「/pa」 offers the replies, the shortcut it starts first; Esc closes the offer, not the dialog.
      await page.keyboard.type('/pa');
      const options = dialog.getByRole('listbox', { name: '定型文の候補' });
      await expect(options.getByRole('option').first()).toContainText('/password');
      await expect(options.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
      await expect(text).toHaveAttribute('aria-activedescendant', (await options.getByRole('option').first().getAttribute('id'))!);
      await expectNoSeriousA11yViolations(page, '定型文の候補');
      await page.keyboard.press('Escape');
      await expect(options).toBeHidden();
      await expect(dialog).toBeVisible();
      // Typing on offers again: 「/pas」.
      await page.keyboard.type('s');
      await expect(options.getByRole('option').first()).toContainText('/password');
      await page.keyboard.press('Enter');
      await expect(options).toBeHidden();
      const reply = [
        `${pharmacyName} ご担当者様`,
        '',
        'ログイン画面の「パスワードをお忘れの方」から再設定のメールをお送りできます。届かない場合はこのチャットでお知らせください。',
        '',
        'CSサポート 管理 花子',
      ].join('\n');
      await expect(text).toHaveValue(reply);
      await expect(text).toBeFocused();

      // Then the manual's title and link, from the same dialog.
      await page.keyboard.press('Enter');
      await pickManualByKeyboard(page, dialog, 'キャンセル依頼', '発注のキャンセル依頼への対応');
      await pressByKeyboard(page, dialog, '挿入');
      const link = `「発注のキャンセル依頼への対応」\n${baseURL}/v2/core/manuals/14`;
      await expect(text).toHaveValue(`${reply}\n${link}`);
      await pressByKeyboard(page, dialog, '送信');
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('inquiry-messages')).toContainText(`${pharmacyName} ご担当者様`);
      const messages = await api.get<{ content: string }[]>(`/core/api/v2/admin/inquiry_rooms/${roomId}/messages`);
      expect(messages.map((message) => message.content)).toContain(`${reply}\n${link}`);
    } finally {
      await pharmacy.close();
    }
  });

  test('subject change, reply, edit, delete, close and reopen', async ({ page, browser, baseURL }) => {
    const pharmacy = await pharmacyClient(browser, baseURL!);
    try {
      const roomId = await pharmacy.openRoom(unique('E2E件名'), '質問があります。');
      await page.goto(`/v2/core/inquiries?roomId=${roomId}`);
      await expect(page.getByTestId('inquiry-messages')).toContainText('質問があります。');

      // Never lose data (issue 21): the subject dialog saved as it opened leaves the room as it was.
      const api = await adminApi(page.request);
      const room = async () => (await api.get<Record<string, unknown>[]>(`/core/api/v2/admin/inquiry_rooms?room_id=${roomId}`)).find((candidate) => candidate.id === roomId);
      const before = await room();
      expect(before).toBeDefined();
      await page.getByRole('button', { name: '件名を変更' }).click();
      const subjectDialog = page.getByRole('dialog', { name: '件名を変更' });
      await expect(subjectDialog.getByLabel('件名')).toBeFocused();
      await subjectDialog.getByRole('button', { name: '保存' }).click();
      await expect(subjectDialog).toHaveCount(0);
      expect(withoutAudit(await room())).toEqual(withoutAudit(before));

      await page.getByRole('button', { name: '件名を変更' }).click();
      await expect(subjectDialog.getByLabel('件名')).toBeFocused();
      await subjectDialog.getByLabel('件名').fill('');
      await expect(subjectDialog.getByRole('button', { name: '保存' })).toBeDisabled();
      await expectNoSeriousA11yViolations(page, '問い合わせ（件名変更モーダル）');
      const subject = unique('変更後の件名');
      await subjectDialog.getByLabel('件名').fill(subject);
      await subjectDialog.getByRole('button', { name: '保存' }).click();
      await expect(page.getByTestId('inquiry-room-subject')).toHaveText(subject);
      await expect(page.getByTestId(`inquiry-room-${roomId}`)).toContainText(subject);

      await page.getByRole('button', { name: '返信: 質問があります。' }).click();
      const dialog = page.getByRole('dialog', { name: 'メッセージに返信' });
      await dialog.getByLabel('メッセージ').fill('お答えします。');
      await dialog.getByRole('button', { name: '送信' }).click();
      const reply = page.getByTestId('inquiry-messages').locator('[data-own="true"]', { hasText: 'お答えします。' });
      await expect(reply.getByTestId('inquiry-reply-quote')).toContainText('質問があります。');

      await page.getByRole('button', { name: '編集: お答えします。' }).click();
      const edit = page.getByRole('dialog', { name: 'メッセージを編集' });
      await expect(edit.getByLabel('メッセージ')).toHaveValue('お答えします。');
      await edit.getByLabel('メッセージ').fill('お答えしました。');
      await edit.getByRole('button', { name: '保存' }).click();
      await expect(page.getByTestId('inquiry-messages')).toContainText('お答えしました。');
      // An edited message says so; the pharmacy's message, never edited, does not.
      const edited = page.getByTestId('inquiry-messages').locator('[data-own="true"]', { hasText: 'お答えしました。' });
      await expect(edited).toContainText('（編集済み）');
      await expect(page.getByTestId('inquiry-messages').locator('[data-own="false"]', { hasText: '質問があります。' }).first()).not.toContainText('（編集済み）');

      await page.getByRole('button', { name: '削除: お答えしました。' }).click();
      const confirm = page.getByRole('dialog', { name: 'メッセージの削除' });
      await expect(confirm).toContainText('削除しますが、本当によろしいですか？');
      await expectNoSeriousA11yViolations(page, '問い合わせ（削除の確認）');
      await confirm.getByRole('button', { name: '削除' }).click();
      await expect(page.getByTestId('inquiry-messages')).not.toContainText('お答えしました。');

      await page.getByRole('button', { name: '完了にする', exact: true }).click();
      await expect(page.getByTestId('inquiry-room-status')).toHaveText('完了');
      await page.getByRole('button', { name: '再開', exact: true }).click();
      await expect(page.getByTestId('inquiry-room-status')).toHaveText('要アクション');

      await page.getByRole('button', { name: /^絞り込み/ }).click();
      const filter = page.getByRole('dialog', { name: '絞り込み' });
      // The pharmacy is picked by its name (the filter keeps its id, as the spec's URL says).
      const [first] = await (await adminApi(page.request)).get<{ id: number; name: string }[]>('/core/api/v2/admin/pharmacies?ids=1');
      const picker = filter.getByRole('combobox', { name: '薬局' });
      await picker.fill(first.name);
      await page.getByRole('option', { name: `${first.name}（ID: 1）` }).click();
      await expect(filter.getByRole('combobox', { name: '薬局' })).toHaveValue(`${first.name}（ID: 1）`);
      await filter.getByLabel('要アクション').check();
      await filter.getByLabel('新規').check();
      await expectNoSeriousA11yViolations(page, '問い合わせ（絞り込みモーダル）');
      await filter.getByRole('button', { name: '適用' }).click();
      await expect(page).toHaveURL(/pharmacyId=1/);
      await expect(page).toHaveURL(/status=new%2Cneed_action|status=new,need_action/);
      await expect(page.getByRole('button', { name: '絞り込み（2件適用中）' })).toBeVisible();
      await expect(page.getByTestId(`inquiry-room-${roomId}`)).toBeVisible();
    } finally {
      await pharmacy.close();
    }
  });

  test('a server restart mid-conversation loses nothing: a message posted while the staff socket is down appears after the reconnect', async ({ browser }) => {
    test.setTimeout(180_000);
    const port = await freePort();
    // Its own copy of the seeded data: restarting it does not disturb this worker's server.
    const dataDir = copyTemplate(process.env.E2E_TEMPLATE_DIR!);
    const baseURL = `http://127.0.0.1:${port}`;
    let server = await ownServer(port, dataDir);
    const context = await browser.newContext({ baseURL, locale: 'ja-JP', timezoneId: 'America/New_York' });
    try {
      const page = await context.newPage();
      // The room's subscriptions the server confirmed to the page: nothing is replayed, so a message
      // posted before the confirmation never arrives live (a loaded machine got there first).
      const confirmed: string[] = [];
      page.on('websocket', (ws) =>
        ws.on('framereceived', ({ payload }) => {
          const frame = JSON.parse(String(payload)) as { type?: string; identifier?: string };
          if (frame.type !== 'confirm_subscription' || !frame.identifier) return;
          const identifier = JSON.parse(frame.identifier) as { channel?: string; room_id?: unknown };
          if (identifier.channel === 'InquiryMessagesChannel') confirmed.push(String(identifier.room_id));
        }),
      );
      await signIn(page, 'admin');
      const pharmacy = await pharmacyClient(browser, baseURL);
      const roomId = await pharmacy.openRoom(unique('E2E再起動'), '再起動前の質問');
      await page.goto(`/v2/core/inquiries?roomId=${roomId}`);
      const messages = page.getByTestId('inquiry-messages');
      await expect(messages).toContainText('再起動前の質問');
      await expect.poll(() => confirmed.includes(String(roomId))).toBe(true);
      await pharmacy.post(roomId, '接続中の投稿');
      await expect(messages).toContainText('接続中の投稿');

      await server.stop();
      const banner = page.getByTestId('inquiry-offline');
      await expect(banner).toBeVisible();
      await expectNoSeriousA11yViolations(page, '問い合わせ（接続切れ）');
      server = await ownServer(port, dataDir);
      // The client waits at least 6 s after a disconnect before reopening: this post falls while it is down.
      await pharmacy.post(roomId, '再起動中の投稿');
      await expect(banner).toBeVisible();
      await expect(messages).toContainText('再起動中の投稿', { timeout: 45_000 });
      await expect(banner).toBeHidden();
      await pharmacy.post(roomId, '再接続後の投稿');
      await expect(messages).toContainText('再接続後の投稿');
      await pharmacy.close();
    } finally {
      await context.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
