import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { Consumer } from '@rails/actioncable';
import { useRuntime } from '../../app/RuntimeContext';
import { useCapabilities } from '../../app/capabilities';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { camelizeKeys } from '../../contract/caseConversion';
import { decodeResponse } from '../../lib/decodeResponse';
import type { InquiryRoom } from '../../dataProvider/methods/inquiries';
import { cableUrlWithToken } from './cableUrl';
import { roomNotification } from './roomNotification';
import { INQUIRIES_PATH, meQueryOptions, ROOMS_QUERY_KEY, roomsQueryOptions } from './roomsQuery';
import { useDesktopNotifications } from './useDesktopNotifications';

/** How often the socket's token is refreshed for the next (re)connection; tokens live an hour. */
const TOKEN_REFRESH_MS = 60_000;


/** A broadcast as the REST answers look to the SPA: camelCase keys, instants as Dates. */
export const decodeBroadcast = <T,>(data: unknown): T => decodeResponse(camelizeKeys(data)) as T;

/** What a screen hears of the rooms channel. */
export interface RoomEvents {
  /** The socket came back after a drop: whatever was broadcast meanwhile is lost, so refetch. */
  onReconnected?: () => void;
}

/** What the inquiry screen tells the shell while it is open, for the desktop notification. */
export interface InquiryScreenView {
  /** The room open on screen (no notification for it while the tab is in view). */
  roomId: number | undefined;
  /** The last message of a room as the screen's list shows it (an update repeating it is no news). */
  lastMessageIdOf: (roomId: number) => number | undefined;
  /** Opens a room on the screen, keeping its filter. */
  openRoom: (roomId: number) => void;
}

export interface InquiryLive {
  /** The tab's one cable connection; the inquiry screen adds its open room's channel to it. */
  consumer: Consumer | undefined;
  /** The socket is up (optimistic until it is known to be down). */
  connected: boolean;
  /** The server has confirmed the rooms subscription: from now on no room update is missed. */
  roomsLive: boolean;
  /** The signed-in staff user's unread messages across rooms; undefined while not known. */
  unreadTotal: number | undefined;
  /**
   * Each room as last heard over the cable (or answered by a change made here) since the rooms
   * were last read in full: newer than any page read before it, so a rooms list on screen folds
   * them over its pages. Emptied on a reconnection, when the lists are read again.
   */
  receivedRooms: readonly InquiryRoom[];
  /** Adds a room as a change made here answered it (a PATCH). */
  rememberRoom: (room: InquiryRoom) => void;
  notifications: ReturnType<typeof useDesktopNotifications>;
  /** Hears the rooms channel until the returned function is called. */
  listen: (events: RoomEvents) => () => void;
  /** The inquiry screen says what it shows (undefined when it closes). */
  showScreen: (view: InquiryScreenView | undefined) => void;
}

const InquiryLiveContext = createContext<InquiryLive | undefined>(undefined);

/** The tab's cable connection, made once and closed with the provider (sign-out unmounts the layout). */
const useCableConsumer = (): Consumer | undefined => {
  const { environment, getToken } = useRuntime();
  const [consumer, setConsumer] = useState<Consumer>();
  useEffect(() => {
    let stopped = false;
    let token = '';
    let created: Consumer | undefined;
    const refresh = async () => {
      token = (await getToken().catch(() => undefined)) ?? token;
    };
    const timer = window.setInterval(() => void refresh(), TOKEN_REFRESH_MS);
    // The client is its own chunk: the entry (and the login page in it) does not carry it.
    void Promise.all([import('@rails/actioncable'), refresh()]).then(([{ createConsumer }]) => {
      if (stopped) return;
      // A function: each reconnection reads the newest token.
      created = createConsumer(() => cableUrlWithToken(environment.cableUrl, token, window.location));
      setConsumer(created);
    });
    return () => {
      stopped = true;
      window.clearInterval(timer);
      created?.disconnect();
      setConsumer(undefined);
    };
  }, [environment.cableUrl, getToken]);
  return consumer;
};

/** Of two readings of the unread total, the later one. */
const newer = (live: { value: number; at: number } | undefined, read: { value: number | undefined; at: number }): number | undefined =>
  live && (read.value === undefined || live.at > read.at) ? live.value : read.value;

/**
 * New pharmacy messages seen on every screen (issue 40 item 6): the tab's one subscription to the
 * rooms channel (spec section 7), shared by every screen, for the unread count in the tab title
 * and on the sidebar, and the desktop notification. Mounted in the layout behind the staff-only
 * guard, so a pharmacy user (who sees the 403 page) never subscribes, and signing out (which
 * leaves the layout) closes the connection.
 *
 * The count: where the environment has `x-unread-total` (the `unreadTotal` capability), the rooms
 * list's header once the subscription is live, then each room update's `unreadTotal`, whichever is
 * later. Without the capability the shell reads no list (a sum over one page would understate
 * it on every screen): the count is what the cable tells, and the inquiry screen, which loads the
 * rooms anyway, shows its own sum over them until the cable tells.
 */
export const InquiryLiveProvider = ({ children }: { children: ReactNode }) => {
  const consumer = useCableConsumer();
  const provider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const capabilities = useCapabilities();
  const notifications = useDesktopNotifications();
  const [connected, setConnected] = useState(true);
  const [roomsLive, setRoomsLive] = useState(false);
  const [liveTotal, setLiveTotal] = useState<{ value: number; at: number }>();
  const [receivedRooms, setReceivedRooms] = useState<readonly InquiryRoom[]>([]);
  const rememberRoom = useCallback((room: InquiryRoom) => setReceivedRooms((list) => [...list.filter((listed) => listed.id !== room.id), room]), []);
  const listeners = useRef(new Set<RoomEvents>());
  const view = useRef<InquiryScreenView>(undefined);
  // Each room's last message as last heard, so an update that repeats it notifies no one.
  const lastMessageIds = useRef(new Map<number, number | undefined>());

  // Read once the subscription is live, so no update falls between the read and the first
  // broadcast. The inquiry screen's unfiltered list is this same query: its first page is this
  // read (kept current by the broadcasts folded over it), not a second call.
  const summary = useInfiniteQuery({ ...roomsQueryOptions(provider, {}), enabled: roomsLive && capabilities.has('unreadTotal') });
  useEffect(() => {
    for (const room of summary.data?.pages[0]?.rooms ?? []) if (!lastMessageIds.current.has(room.id)) lastMessageIds.current.set(room.id, room.lastMessage?.id);
  }, [summary.data]);
  // Every page carries the total; the newest read is the last page's (a next page is read later than the first).
  const unreadTotal = newer(liveTotal, { value: summary.data?.pages.at(-1)?.unreadTotal, at: summary.dataUpdatedAt });

  // Only asked when notifications are on: it tells the user's own messages apart.
  const me = useQuery({ ...meQueryOptions(provider), enabled: notifications.enabled });

  const receive = (room: InquiryRoom) => {
    if (typeof room.unreadTotal === 'number') setLiveTotal({ value: room.unreadTotal, at: Date.now() });
    const screen = view.current;
    const notification = roomNotification(room, {
      selectedRoomId: screen?.roomId,
      pageVisible: document.visibilityState === 'visible',
      myUserId: me.data?.id,
      previousLastMessageId: screen?.lastMessageIdOf(room.id) ?? lastMessageIds.current.get(room.id),
    });
    lastMessageIds.current.set(room.id, room.lastMessage?.id);
    rememberRoom(room);
    if (notification) {
      notifications.notify(notification, () => (view.current ? view.current.openRoom(room.id) : navigate(`${INQUIRIES_PATH}?roomId=${room.id}`)));
    }
  };
  // The subscription is made once; each broadcast goes to this render's handler (current `me`, toggle).
  const receiveRef = useRef(receive);
  useEffect(() => {
    receiveRef.current = receive;
  });

  useEffect(() => {
    if (!consumer) return undefined;
    const rooms = consumer.subscriptions.create(
      { channel: 'InquiryRoomsChannel' },
      {
        connected: ({ reconnected }) => {
          setConnected(true);
          setRoomsLive(true);
          // Nothing is replayed: what a list read before this moment (or while the socket was
          // down) may have missed is read again, and the rooms heard before the drop are no
          // longer newer than every page.
          if (reconnected) setReceivedRooms([]);
          void queryClient.invalidateQueries({ queryKey: ROOMS_QUERY_KEY });
          if (reconnected) for (const listener of listeners.current) listener.onReconnected?.();
        },
        disconnected: () => setConnected(false),
        received: (data) => receiveRef.current(decodeBroadcast<InquiryRoom>(data)),
      },
    );
    return () => {
      rooms.unsubscribe();
      setRoomsLive(false);
    };
  }, [consumer, queryClient]);

  const listen = useCallback((events: RoomEvents) => {
    listeners.current.add(events);
    return () => void listeners.current.delete(events);
  }, []);
  const showScreen = useCallback((screen: InquiryScreenView | undefined) => {
    view.current = screen;
  }, []);

  const value = useMemo(
    () => ({ consumer, connected, roomsLive, unreadTotal, receivedRooms, rememberRoom, notifications, listen, showScreen }),
    [consumer, connected, roomsLive, unreadTotal, receivedRooms, rememberRoom, notifications, listen, showScreen],
  );
  return <InquiryLiveContext.Provider value={value}>{children}</InquiryLiveContext.Provider>;
};

/** The shared connection and what it heard; only inside the layout (the inquiry screen is). */
export const useInquiryLive = (): InquiryLive => {
  const live = useContext(InquiryLiveContext);
  if (!live) throw new Error('InquiryLiveProvider is missing');
  return live;
};

/** The unread count for the shell (title, sidebar); undefined outside the provider or while not known. */
export const useInquiryUnreadTotal = (): number | undefined => useContext(InquiryLiveContext)?.unreadTotal;
