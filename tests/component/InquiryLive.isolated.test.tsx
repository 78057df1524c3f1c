import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Title } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { AppLayout } from '../../src/layout/AppLayout';
import type { ApiRequest, ApiResponse } from '../../src/dataProvider';
import { adminAuthProvider, createSendMock, createTestDataProvider, renderWithAdmin, testRuntime } from './renderWithAdmin';

/**
 * The shell's live inquiry alerts (issue 40 item 6): one rooms subscription per tab, the unread
 * count in the tab title and on the sidebar, the desktop notification from any screen. The
 * ActionCable client is replaced by a recorder the test drives as the server would.
 */
interface FakeSubscription {
  params: Record<string, unknown>;
  mixin: {
    connected?: (details: { reconnected: boolean }) => void;
    disconnected?: () => void;
    received?: (data: unknown) => void;
  };
  unsubscribed: boolean;
}
const cable = vi.hoisted(() => ({
  consumers: [] as { url: () => string; subscriptions: FakeSubscription[]; disconnected: boolean }[],
}));
vi.mock('@rails/actioncable', () => ({
  createConsumer: (url: () => string) => {
    const consumer = { url, subscriptions: [] as FakeSubscription[], disconnected: false };
    cable.consumers.push(consumer);
    return {
      subscriptions: {
        create: (params: Record<string, unknown>, mixin: FakeSubscription['mixin']) => {
          const subscription = { params, mixin, unsubscribed: false };
          consumer.subscriptions.push(subscription);
          return { unsubscribe: () => void (subscription.unsubscribed = true) };
        },
      },
      disconnect: () => void (consumer.disconnected = true),
    };
  },
}));

const roomsSubscriptions = () => cable.consumers.flatMap((consumer) => consumer.subscriptions).filter((s) => s.params.channel === 'InquiryRoomsChannel');
const liveRooms = () => roomsSubscriptions().filter((s) => !s.unsubscribed);
/** The server confirms the rooms subscription. */
const confirmRooms = async () => {
  await waitFor(() => expect(liveRooms()).toHaveLength(1));
  act(() => liveRooms()[0].mixin.connected?.({ reconnected: false }));
};
/** A room update as the server broadcasts it to this reader (snake_case, with unread_total). */
const broadcast = (overrides: Record<string, unknown> = {}) =>
  act(() =>
    liveRooms()[0].mixin.received?.({
      id: 7,
      name: '在庫数が合わない',
      status: 'new',
      unread_count: 1,
      last_message: { id: 500, content: '在庫数が合いません。', created_at: '2026-11-26T01:00:00Z', sender_id: 55 },
      pharmacy: { id: 1, name: 'かもめ薬局 新宿店', address1: '東京都' },
      unread_total: 138,
      ...overrides,
    }),
  );

/** The API: the rooms list answers 137 unread (x-unread-total), /me is staff user 1. */
const apiSend = () => {
  const send = createSendMock();
  send.mockImplementation(async (request: ApiRequest) => {
    if (request.path.endsWith('/users/me')) return { status: 200, headers: new Headers(), json: { id: 1, name: '管理 花子' } } as ApiResponse<unknown>;
    if (request.path.endsWith('/admin/inquiry_rooms')) {
      return { status: 200, headers: new Headers({ 'x-current-page': '1', 'x-total-pages': '1', 'x-unread-total': '137' }), json: [] } as ApiResponse<unknown>;
    }
    return { status: 200, headers: new Headers(), json: {} } as ApiResponse<unknown>;
  });
  return send;
};
const roomReads = (send: ReturnType<typeof apiSend>) => send.mock.calls.filter(([request]) => request.path.endsWith('/admin/inquiry_rooms'));

const PharmaciesScreen = () => <Title title="薬局一覧" />;
const CompaniesScreen = () => <Title title="薬局会社一覧" />;

const renderShell = ({ send = apiSend(), runtime = testRuntime(), authProvider = adminAuthProvider({ id: 'auth0|staff', fullName: '管理 花子' }) } = {}) => {
  const result = renderWithAdmin(
    <AppLayout>
      <Routes>
        <Route path="/v2/core/pharmacies" element={<PharmaciesScreen />} />
        <Route path="/v2/core/companies" element={<CompaniesScreen />} />
      </Routes>
    </AppLayout>,
    { authProvider, runtime, dataProvider: createTestDataProvider({ send }), initialEntries: ['/v2/core/pharmacies'] },
  );
  return { ...result, send };
};
const sidebar = () => screen.getByRole('navigation', { name: 'メインメニュー' });

describe('new pharmacy messages on every screen (issue 40 item 6)', () => {
  beforeEach(() => {
    cable.consumers.length = 0;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts the unread count in the tab title and on the sidebar entry of a screen that is not the inquiries', async () => {
    const { send } = renderShell();
    await screen.findByRole('heading', { level: 1, name: '薬局一覧' });
    // The list is read once the subscription is live, so no update falls between.
    expect(roomReads(send)).toHaveLength(0);
    await confirmRooms();
    await waitFor(() => expect(document.title).toBe('(137) 薬局一覧 | CS portal'));
    const entry = within(sidebar()).getByRole('link', { name: '問い合わせ一覧（未読137件）' });
    expect(within(entry).getByTestId('menu-badge')).toHaveTextContent('137');

    // A pharmacy posts: the cable's total is newer than the list's.
    broadcast({ unread_total: 138 });
    await waitFor(() => expect(document.title).toBe('(138) 薬局一覧 | CS portal'));
    expect(within(sidebar()).getByRole('link', { name: '問い合わせ一覧（未読138件）' })).toBeInTheDocument();
    // The heading stays the screen's own name.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^薬局一覧$/);

    // All read: no count, no badge.
    broadcast({ unread_count: 0, unread_total: 0 });
    await waitFor(() => expect(document.title).toBe('薬局一覧 | CS portal'));
    expect(within(sidebar()).getByRole('link', { name: '問い合わせ一覧' })).toBeInTheDocument();
    expect(within(sidebar()).queryByText('0')).not.toBeInTheDocument();
  });

  it('keeps one subscription for the tab across screens, and closes it when the layout goes (sign-out)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderShell();
    await confirmRooms();
    await waitFor(() => expect(document.title).toBe('(137) 薬局一覧 | CS portal'));
    await user.click(within(sidebar()).getByRole('link', { name: /薬局会社一覧/ }));
    await screen.findByRole('heading', { level: 1, name: '薬局会社一覧' });
    await waitFor(() => expect(document.title).toBe('(137) 薬局会社一覧 | CS portal'));
    expect(cable.consumers).toHaveLength(1);
    expect(roomsSubscriptions()).toHaveLength(1);
    unmount();
    expect(cable.consumers[0].disconnected).toBe(true);
    expect(roomsSubscriptions()[0].unsubscribed).toBe(true);
  });

  it('reads the count again after a reconnect (nothing is replayed)', async () => {
    const { send } = renderShell();
    await confirmRooms();
    await waitFor(() => expect(document.title).toBe('(137) 薬局一覧 | CS portal'));
    expect(roomReads(send)).toHaveLength(1);
    act(() => liveRooms()[0].mixin.disconnected?.());
    act(() => liveRooms()[0].mixin.connected?.({ reconnected: true }));
    await waitFor(() => expect(roomReads(send)).toHaveLength(2));
  });

  it('without x-unread-total (spec section 7 only) reads no list, and counts from what the cable tells', async () => {
    const { send } = renderShell({ runtime: testRuntime({ capabilities: [] }) });
    await confirmRooms();
    await screen.findByRole('heading', { level: 1, name: '薬局一覧' });
    expect(document.title).toBe('薬局一覧 | CS portal');
    broadcast({ unread_total: 4 });
    await waitFor(() => expect(document.title).toBe('(4) 薬局一覧 | CS portal'));
    expect(within(sidebar()).getByRole('link', { name: '問い合わせ一覧（未読4件）' })).toBeInTheDocument();
    expect(roomReads(send)).toHaveLength(0);
  });

  it('never subscribes for a pharmacy user (who sees the 403 page)', async () => {
    // As the app's provider answers for a pharmacy account (withAdminOnlyAccess).
    renderShell({ authProvider: { ...adminAuthProvider(), getPermissions: async () => ({ isAdmin: false }), canAccess: async () => false } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(cable.consumers).toHaveLength(0);
  });

  it('asks the browser for the notification permission once, not on every change of screen (a synchronous call to the browser, issue 38)', async () => {
    let asked = 0;
    class CountedNotification {
      static get permission() {
        asked += 1;
        return 'granted';
      }
    }
    vi.stubGlobal('Notification', CountedNotification);
    const user = userEvent.setup();
    renderShell();
    await screen.findByRole('heading', { level: 1, name: '薬局一覧' });
    await confirmRooms();
    const afterStart = asked;
    for (const [link, heading] of [['薬局会社一覧', '薬局会社一覧'], ['薬局一覧', '薬局一覧'], ['薬局会社一覧', '薬局会社一覧']]) {
      await user.click(within(sidebar()).getByRole('link', { name: link }));
      await screen.findByRole('heading', { level: 1, name: heading });
    }
    expect(afterStart).toBeLessThanOrEqual(1);
    expect(asked).toBe(afterStart);
  });

  it('notifies the desktop from any screen for a pharmacy message, when turned on; not for my own', async () => {
    const shown: { title: string; body?: string; tag?: string }[] = [];
    class RecordedNotification {
      static permission = 'granted';
      onclick: (() => void) | null = null;
      constructor(title: string, options: { body?: string; tag?: string } = {}) {
        shown.push({ title, ...options });
      }
      close() {}
    }
    vi.stubGlobal('Notification', RecordedNotification);
    localStorage.setItem(['cs-portal.notify', 'production', 'auth0|staff'].map(encodeURIComponent).join(':'), 'on');
    const { send } = renderShell();
    await confirmRooms();
    await waitFor(() => expect(send.mock.calls.some(([request]) => request.path.endsWith('/users/me'))).toBe(true));
    await waitFor(() => expect(document.title).toBe('(137) 薬局一覧 | CS portal'));

    broadcast({ last_message: { id: 501, content: '私の返信です。', created_at: '2026-11-26T01:01:00Z', sender_id: 1 } });
    expect(shown).toEqual([]);
    broadcast({ last_message: { id: 502, content: '在庫数が合いません。', created_at: '2026-11-26T01:02:00Z', sender_id: 55 } });
    expect(shown).toEqual([{ title: 'かもめ薬局 新宿店：在庫数が合わない', body: '在庫数が合いません。', tag: 'inquiry-room-7' }]);
    // The same message again (a status change, a read receipt) says nothing.
    broadcast({ status: 'replied', last_message: { id: 502, content: '在庫数が合いません。', created_at: '2026-11-26T01:02:00Z', sender_id: 55 } });
    expect(shown).toHaveLength(1);
  });
});
