import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CsPortalDataProvider } from '../../dataProvider';
import type { InquiryRoom, InquiryRoomPage } from '../../dataProvider/methods/inquiries';
import { inquiryFilterQuery, parseInquiryFilter } from './inquiryFilter';
import type { HeardMessages } from './heardMessages';
import { compareRooms } from './mergeReceived';

/** Every rooms query starts with this key: read again on (re)connection, as nothing is replayed. */
export const ROOMS_QUERY_KEY = ['inquiries', 'rooms'] as const;

/** The rooms list's filter as the call sends it (inquiryFilterQuery). */
export interface RoomsQuery {
  pharmacyId?: number;
  status?: string;
}

type RoomsProvider = Pick<CsPortalDataProvider, 'getInquiryRooms'>;
type MessagesProvider = Pick<CsPortalDataProvider, 'getInquiryMessages'>;

/** The inquiry screen's route (spec section 2). */
export const INQUIRIES_PATH = '/v2/core/inquiries';

/** The open room of the screen's URL (`?roomId=`), when it is a valid id. */
export const roomIdOf = (search: URLSearchParams): number | undefined => {
  const value = search.get('roomId');
  return value !== null && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined;
};

/** Who the screen tells its own messages apart by (users/me). */
export const meQueryOptions = (provider: Pick<CsPortalDataProvider, 'getMe'>) =>
  queryOptions({ queryKey: ['inquiries', 'me'] as const, queryFn: () => provider.getMe(), staleTime: Infinity });

/**
 * The rooms list under a filter, page by page: one cache entry shared by the inquiry screen and
 * the shell's unread reading (the unfiltered list's first page carries x-unread-total), so a
 * visit to the screen finds the first page the shell has read instead of asking it again.
 */
export const roomsQueryOptions = (provider: RoomsProvider, query: RoomsQuery) =>
  infiniteQueryOptions({
    queryKey: [...ROOMS_QUERY_KEY, query] as const,
    queryFn: ({ pageParam, signal }) => provider.getInquiryRooms({ page: pageParam, ...query }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: InquiryRoomPage) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });

/** Every room's messages query starts with this key. */
export const MESSAGES_QUERY_KEY = ['inquiries', 'messages'] as const;
export const messagesQueryKey = (roomId: number | undefined) => [...MESSAGES_QUERY_KEY, roomId] as const;

/**
 * A room's messages, oldest first; the screen and the click that opens the room ask the same query.
 * On the screen, what the cable tells while the read is on its way is folded into its answer (`heard`).
 */
export const messagesQueryOptions = (provider: MessagesProvider, roomId: number, heard?: HeardMessages) =>
  queryOptions({
    queryKey: messagesQueryKey(roomId),
    // Never stale by age: the room's channel keeps a held list current, and a list that may have
    // missed something is marked for a read (at the subscription's confirmation, on a reconnect,
    // on a message from someone else). So the list a click has just read is not read again as the
    // room shows, nor at every window focus.
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const read = heard?.begin(roomId);
      try {
        const answer = await provider.getInquiryMessages(roomId, signal);
        return read ? read.fold(answer) : answer;
      } finally {
        read?.end();
      }
    },
  });

/** The room read on its own (a preselected room that no loaded page holds). */
export const roomQueryKey = (roomId: number | undefined) => ['inquiries', 'room', roomId] as const;

/**
 * The rooms on screen: the loaded pages' rooms (a room seen on two pages, as activity moved it
 * across them, kept once) with each room heard since folded in (it is newer than any page: the
 * list shows it as heard, or leaves it out when it no longer matches the filter, and a room no
 * page holds joins the list), in activity order, the server's.
 */
export const roomsOnScreen = (pages: readonly InquiryRoomPage[], received: readonly InquiryRoom[], matches: (room: InquiryRoom) => boolean): InquiryRoom[] => {
  const heard = new Map(received.map((room) => [room.id, room]));
  const seen = new Set<number>();
  const list: InquiryRoom[] = [];
  for (const room of [...pages.flatMap((page) => page.rooms), ...received]) {
    if (seen.has(room.id)) continue;
    seen.add(room.id);
    // A page's room is as the server filtered it; a heard one is checked against the filter here.
    const latest = heard.get(room.id);
    if (latest === undefined) list.push(room);
    else if (matches(latest)) list.push(latest);
  }
  return list.sort(compareRooms);
};

/**
 * Starts what the inquiry screen at `location` reads first (its rooms' first page, users/me and
 * the open room's messages) beside its chunk: at start-up, and at a link's hover, press or focus
 * (main.tsx). Nothing already in the cache is asked again: the screen decides when that is stale
 * (the shell's unread reading is the unfiltered first page).
 */
export const prefetchInquiries = async (
  queryClient: QueryClient,
  provider: Pick<CsPortalDataProvider, 'getInquiryRooms' | 'getInquiryMessages' | 'getMe'>,
  location: { pathname: string; search: string },
): Promise<void> => {
  if (location.pathname !== INQUIRIES_PATH) return;
  const search = new URLSearchParams(location.search);
  const rooms = roomsQueryOptions(provider, inquiryFilterQuery(parseInquiryFilter(search)));
  const roomId = roomIdOf(search);
  const absent = (queryKey: readonly unknown[]) => queryClient.getQueryState(queryKey) === undefined;
  await Promise.all([
    absent(rooms.queryKey) && queryClient.prefetchInfiniteQuery(rooms),
    absent(meQueryOptions(provider).queryKey) && queryClient.prefetchQuery(meQueryOptions(provider)),
    // Reading a room's messages marks it read: only the room the URL opens, which the screen reads anyway.
    roomId !== undefined && absent(messagesQueryOptions(provider, roomId).queryKey) && queryClient.prefetchQuery(messagesQueryOptions(provider, roomId)),
  ]);
};
