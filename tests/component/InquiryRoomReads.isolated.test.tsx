import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Title } from 'react-admin';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { AppLayout } from '../../src/layout/AppLayout';
import InquiriesPage from '../../src/customRoutes/inquiries/InquiriesPage';
import type { ApiRequest, ApiResponse } from '../../src/dataProvider';
import { createSendMock, createTestDataProvider, renderWithAdmin } from './renderWithAdmin';

/**
 * Issue 38: the inquiry screen asks each rooms page once in a visit. The shell has read the
 * first page for the unread count (once its rooms subscription is live); the screen finds it
 * there and asks only the next page, and opening a room asks its messages, never the rooms again.
 * The ActionCable client is a recorder the test drives as the server would.
 */
interface FakeSubscription {
  params: Record<string, unknown>;
  unsubscribed?: boolean;
  mixin: { connected?: (details: { reconnected: boolean }) => void; received?: (data: unknown) => void };
}
const cable = vi.hoisted(() => ({ subscriptions: [] as FakeSubscription[] }));
vi.mock('@rails/actioncable', () => ({
  createConsumer: () => ({
    subscriptions: {
      create: (params: Record<string, unknown>, mixin: FakeSubscription['mixin']) => {
        const made: FakeSubscription = { params, mixin };
        cable.subscriptions.push(made);
        return { unsubscribe: () => void (made.unsubscribed = true) };
      },
    },
    disconnect: () => undefined,
  }),
}));
const subscription = (channel: string, roomId?: number) =>
  cable.subscriptions.find((candidate) => candidate.params.channel === channel && (roomId === undefined || candidate.params.room_id === roomId));
const confirm = async (channel: string) => {
  await waitFor(() => expect(subscription(channel)).toBeDefined());
  act(() => subscription(channel)!.mixin.connected?.({ reconnected: false }));
};

const room = (id: number) => ({
  id,
  name: `ルーム${id}`,
  status: 'new',
  unread_count: 0,
  last_message: { id: id * 10, content: `メッセージ${id}`, created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, 0) - id * 60_000).toISOString(), sender_id: 55 },
  pharmacy: { id: 1, name: 'かもめ薬局 新宿店', address1: '東京都' },
});
/** Two pages of rooms, newest first (page 1: rooms 1-25, page 2: rooms 26-30). */
const ROOM_PAGES: Record<number, ReturnType<typeof room>[]> = {
  1: Array.from({ length: 25 }, (_, index) => room(index + 1)),
  2: Array.from({ length: 5 }, (_, index) => room(index + 26)),
};

const apiSend = (messagesAnswer: (roomId: number) => Promise<void> = async () => undefined) => {
  const send = createSendMock();
  send.mockImplementation(async (request: ApiRequest) => {
    if (request.path.endsWith('/users/me')) return { status: 200, headers: new Headers(), json: { id: 1, name: '管理 花子' } } as ApiResponse<unknown>;
    if (request.path.endsWith('/admin/inquiry_rooms')) {
      const page = Number(request.query?.page ?? 1);
      const headers = new Headers({ 'x-current-page': String(page), 'x-total-pages': '2', 'x-unread-total': '0' });
      return { status: 200, headers, json: ROOM_PAGES[page] ?? [] } as ApiResponse<unknown>;
    }
    if (/\/inquiry_rooms\/\d+\/messages$/.test(request.path)) {
      const roomId = Number(/inquiry_rooms\/(\d+)/.exec(request.path)![1]);
      await messagesAnswer(roomId);
      const headers = new Headers({ 'x-current-page': '1', 'x-total-pages': '1' });
      return {
        status: 200,
        headers,
        json: [{ id: roomId * 10, room_id: roomId, sender_id: 55, sender_name: '山本 一樹', content: `メッセージ${roomId}`, files: [], created_at: '2026-11-01T00:00:00Z' }],
      } as ApiResponse<unknown>;
    }
    return { status: 200, headers: new Headers(), json: {} } as ApiResponse<unknown>;
  });
  return send;
};
/** Each rooms page asked (the screen's list, unfiltered), by page number. */
const roomsPageReads = (send: ReturnType<typeof apiSend>) =>
  send.mock.calls
    .map(([request]) => request)
    .filter((request) => request.path.endsWith('/admin/inquiry_rooms') && request.query?.roomId === undefined)
    .map((request) => Number(request.query?.page));

/** Each room whose messages were asked, in order. */
const messagesReads = (send: ReturnType<typeof apiSend>) =>
  send.mock.calls.map(([request]) => /\/inquiry_rooms\/(\d+)\/messages$/.exec(request.path)?.[1]).filter((id) => id !== undefined).map(Number);

const PharmaciesScreen = () => <Title title="薬局一覧" />;

/** Where the router is: a screen's URL as the user would see it in the address bar. */
const CurrentLocation = () => {
  const location = useLocation();
  return <output data-testid="current-location">{`${location.pathname}${location.search}`}</output>;
};

describe('the inquiry screen reads each rooms page once (issue 38)', () => {
  beforeEach(() => {
    cable.subscriptions.length = 0;
  });

  it('opening the screen from another one and then a room asks page 1 and page 2 once each', async () => {
    const user = userEvent.setup();
    const send = apiSend();
    renderWithAdmin(
      <AppLayout>
        <Routes>
          <Route path="/v2/core/pharmacies" element={<PharmaciesScreen />} />
          <Route path="/v2/core/inquiries" element={<InquiriesPage />} />
        </Routes>
      </AppLayout>,
      { dataProvider: createTestDataProvider({ send }), initialEntries: ['/v2/core/pharmacies'] },
    );
    await screen.findByRole('heading', { level: 1, name: '薬局一覧' });
    // The shell reads the first page (for the unread count) once its subscription is live.
    await confirm('InquiryRoomsChannel');
    await waitFor(() => expect(roomsPageReads(send)).toEqual([1]));

    await user.click(within(screen.getByRole('navigation', { name: 'メインメニュー' })).getByRole('link', { name: /問い合わせ一覧/ }));
    const list = await screen.findByRole('list', { name: '問い合わせルーム' });
    // The next page is read ahead (the pane is near its end).
    await within(list).findByText('ルーム30');
    await user.click(within(list).getByText('ルーム3'));
    await confirm('InquiryMessagesChannel');
    await within(await screen.findByRole('log', { name: 'メッセージ' })).findByText('メッセージ3');

    expect(roomsPageReads(send).sort()).toEqual([1, 2]);
    // The room's messages once: read after its subscription was confirmed, so no second read catches up.
    expect(messagesReads(send)).toEqual([3]);

    // A pharmacy writes in room 28 (page 2): heard on the rooms channel, it moves to the top, unread, with no read.
    const newest = { ...room(28), unread_count: 1, last_message: { id: 999, content: '至急確認をお願いします。', created_at: '2026-11-02T00:00:00Z', sender_id: 55 } };
    act(() => subscription('InquiryRoomsChannel')!.mixin.received?.(newest));
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('至急確認をお願いします。'));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('未読 1件');
    expect(roomsPageReads(send).sort()).toEqual([1, 2]);
  }, 60_000);
});

describe('opening a room (issue 38)', () => {
  beforeEach(() => {
    cable.subscriptions.length = 0;
  });

  const renderScreen = (send: ReturnType<typeof apiSend>) =>
    renderWithAdmin(
      <AppLayout>
        <Routes>
          <Route path="/v2/core/inquiries" element={<InquiriesPage />} />
        </Routes>
      </AppLayout>,
      { dataProvider: createTestDataProvider({ send }), initialEntries: ['/v2/core/inquiries'] },
    );
  const roomList = async () => {
    await confirm('InquiryRoomsChannel');
    return screen.findByRole('list', { name: '問い合わせルーム' });
  };

  it("makes the top room's channel ready as the list draws, reading nothing for it", async () => {
    const send = apiSend();
    renderScreen(send);
    const list = await roomList();
    await within(list).findByText('ルーム30');
    const top = Number(within(list).getAllByRole('listitem')[0].querySelector('[data-testid^="inquiry-room-"]')!.getAttribute('data-testid')!.split('-').pop());
    await waitFor(() => expect(subscription('InquiryMessagesChannel', top)).toBeDefined());
    expect(messagesReads(send)).toEqual([]);
  }, 60_000);

  it('subscribes to a room when the pointer is over it, then on the click draws the room with its messages in one render', async () => {
    const user = userEvent.setup();
    const send = apiSend();
    renderScreen(send);
    const list = await roomList();
    await user.hover(within(list).getByText('ルーム4'));
    expect(subscription('InquiryMessagesChannel', 4)).toBeDefined();
    act(() => subscription('InquiryMessagesChannel', 4)!.mixin.connected?.({ reconnected: false }));
    expect(messagesReads(send)).toEqual([]);

    await user.click(within(list).getByText('ルーム4'));
    // The room shows once its messages are in: never a spinner first.
    const log = await screen.findByRole('log', { name: 'メッセージ' });
    expect(within(log).getByText('メッセージ4')).toBeInTheDocument();
    expect(within(log).queryByRole('progressbar')).toBeNull();
    expect(messagesReads(send)).toEqual([4]);
  }, 60_000);

  it('keeps the channels of the last two rooms the pointer passed over, besides the open room', async () => {
    const user = userEvent.setup();
    const send = apiSend();
    renderScreen(send);
    const list = await roomList();
    await user.click(within(list).getByText('ルーム1'));
    await within(await screen.findByRole('log', { name: 'メッセージ' })).findByText('メッセージ1');
    for (const id of [2, 3, 4, 5]) await user.hover(within(list).getByText(`ルーム${id}`));
    const kept = cable.subscriptions.filter((made) => made.params.channel === 'InquiryMessagesChannel' && !made.unsubscribed).map((made) => made.params.room_id);
    expect(kept.sort()).toEqual([1, 4, 5]);
    // Passing over rooms reads nothing.
    expect(messagesReads(send)).toEqual([1]);
  }, 60_000);

  it('reads without waiting longer for a subscription the server does not confirm, and reads again once it does', async () => {
    const user = userEvent.setup();
    const send = apiSend();
    renderScreen(send);
    const list = await roomList();
    await user.click(within(list).getByText('ルーム5'));
    await within(await screen.findByRole('log', { name: 'メッセージ' })).findByText('メッセージ5');
    expect(messagesReads(send)).toEqual([5]);
    // The read was made before the confirmation: what was posted in between is read at it.
    act(() => subscription('InquiryMessagesChannel', 5)!.mixin.connected?.({ reconnected: false }));
    await waitFor(() => expect(messagesReads(send)).toEqual([5, 5]));
  }, 60_000);

  it('keeps a message heard while the room is being read, which the answer does not hold', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const send = apiSend((roomId) => (roomId === 6 ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve()));
    renderScreen(send);
    const list = await roomList();
    await user.hover(within(list).getByText('ルーム6'));
    act(() => subscription('InquiryMessagesChannel', 6)!.mixin.connected?.({ reconnected: false }));
    await user.click(within(list).getByText('ルーム6'));
    await waitFor(() => expect(messagesReads(send)).toEqual([6]));
    // Posted after the server made its answer, heard before the answer arrives.
    act(() =>
      subscription('InquiryMessagesChannel', 6)!.mixin.received?.({
        id: 61,
        room_id: 6,
        sender_id: 55,
        sender_name: '山本 一樹',
        content: '読んでいる間の追記です。',
        files: [],
        created_at: '2026-11-01T00:01:00Z',
      }),
    );
    act(() => answer());
    const log = await screen.findByRole('log', { name: 'メッセージ' });
    await within(log).findByText('メッセージ6');
    expect(within(log).getByText('読んでいる間の追記です。')).toBeInTheDocument();
  }, 60_000);
});

/**
 * Turns of the event loop (setImmediate, which the fake timers below leave alone) until `done`,
 * at most `limit`: Testing Library's waitFor waits on setTimeout, which they stop.
 */
const turnsUntil = async (done: () => boolean, limit = 200) => {
  for (let turn = 0; turn < limit && !done(); turn += 1) await act(() => new Promise((resolve) => setImmediate(resolve)));
};

describe('a room clicked just before leaving the screen (issue 38)', () => {
  beforeEach(() => {
    cable.subscriptions.length = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('does not open the screen again when its read answers after the user has gone to another screen', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const send = apiSend((roomId) => (roomId === 7 ? new Promise<void>((resolve) => (answer = resolve)) : Promise.resolve()));
    renderWithAdmin(
      <AppLayout>
        <CurrentLocation />
        <Link to="/v2/core/pharmacies">別の画面へ</Link>
        <Routes>
          <Route path="/v2/core/pharmacies" element={<PharmaciesScreen />} />
          <Route path="/v2/core/inquiries" element={<InquiriesPage />} />
        </Routes>
      </AppLayout>,
      { dataProvider: createTestDataProvider({ send }), initialEntries: ['/v2/core/inquiries'] },
    );
    await confirm('InquiryRoomsChannel');
    const list = await screen.findByRole('list', { name: '問い合わせルーム' });
    await user.hover(within(list).getByText('ルーム7'));
    act(() => subscription('InquiryMessagesChannel', 7)!.mixin.connected?.({ reconnected: false }));

    // The room's hold (the longest a clicked room waits for its messages) stands still from the
    // click on, so the user leaves while the room is still waiting for its read, on any machine.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => fireEvent.click(within(list).getByText('ルーム7')));
    await turnsUntil(() => messagesReads(send).length > 0);
    expect(messagesReads(send)).toEqual([7]);
    act(() => fireEvent.click(screen.getByRole('link', { name: '別の画面へ' })));
    expect(screen.getByTestId('current-location')).toHaveTextContent(/^\/v2\/core\/pharmacies$/);
    expect(screen.queryByRole('list', { name: '問い合わせルーム' })).toBeNull();

    // The read answers now: the room it was for opens nowhere, the user stays where they went.
    const read = send.mock.results[send.mock.calls.findIndex(([request]) => /\/inquiry_rooms\/7\/messages$/.test(request.path))].value as Promise<unknown>;
    await act(async () => {
      answer();
      await read;
    });
    // Turns of the event loop: everything the answer sets off in promises has run.
    await turnsUntil(() => false, 20);
    expect(screen.getByTestId('current-location')).toHaveTextContent(/^\/v2\/core\/pharmacies$/);
    expect(screen.getByRole('heading', { level: 1, name: '薬局一覧' })).toBeInTheDocument();
  }, 60_000);
});
