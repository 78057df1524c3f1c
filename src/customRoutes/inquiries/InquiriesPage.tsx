import { useGetIdentity } from 'react-admin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Screen } from '../../app/Screen';
import { whenIdle } from '../../app/lazyPage';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import type { InquiryFile, InquiryMessage } from '../../dataProvider/methods/inquiries';
import { attachmentContentType } from './attachmentRules';
import { ChatWindow } from './ChatWindow';
import { activeInquiryFilterCount, inquiryFilterQuery, matchesInquiryFilter, parseInquiryFilter, type InquiryFilter } from './inquiryFilter';
import { CLOSED_STATUS, REOPENED_STATUS } from './inquiryStatus';
import type { MessageDialogState } from './MessageDialog';
import { MESSAGE_DRAFT_RESOURCE, readMessageDraft } from '../../features/drafts/messageDrafts';
import { useDraftKey } from '../../features/drafts/formDrafts';
import { NotificationToggle } from './NotificationToggle';
import { useInquiryLive } from './InquiryLiveProvider';
import { meQueryOptions, MESSAGES_QUERY_KEY, messagesQueryKey, messagesQueryOptions, roomIdOf, roomQueryKey, roomsOnScreen, roomsQueryOptions } from './roomsQuery';
import { useCapabilities } from '../../app/capabilities';
import { withUnread } from '../../layout/documentTitle';
import { compareMessages, mergeReceived } from './mergeReceived';
import { RoomList } from './RoomList';
import { useInquiryCable } from './useInquiryCable';
import { HeardMessages } from './heardMessages';

/** The longest a clicked room waits for its messages before it opens with a spinner. */
const OPEN_ROOM_HOLD_MS = 200;

/** The longest a clicked room's read waits for its subscription's confirmation (the socket slow or down). */
const LIVE_WAIT_MS = 100;

/** How often relative times ("within 23 hours") are re-evaluated. */
const CLOCK_TICK_MS = 60_000;

const useNow = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};

/** Space kept below the panes, as the page's own bottom padding. */
const PANES_BOTTOM_GAP = 16;
/** Where the panes start below the header and the title (1440 × 900, no alert): the first visit's guess. */
const USUAL_PANES_TOP = 120;
/** Where the panes started when last measured: the next visit lays them out at that height at once. */
let lastPanesTop: number | undefined;

/**
 * The panes reach the bottom of the window: their height is the viewport's less where they start
 * (the header, title and any alert above them). Where they start is read when the browser has laid
 * them out (a ResizeObserver's turn, on the parent, which also tells when what is above them
 * changes height), never in the render's commit: reading it in a layout effect forced a layout of
 * the whole screen inside the task that draws the rooms, and its state update a second one
 * (issue 38, 18-40 ms a visit). A fixed calc() left about 130 px unused at 1440 × 900.
 */
const useHeightToWindowBottom = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(lastPanesTop ?? USUAL_PANES_TOP);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      lastPanesTop = element.getBoundingClientRect().top + window.scrollY;
      setTop(lastPanesTop);
    };
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);
  return { ref, height: `max(calc(100vh - ${top + PANES_BOTTOM_GAP}px), 0px)` };
};

/** The inquiry screen (spec section 2): rooms, the open room's chat, its modals, live over the cable. */
type Dialogs = typeof import('./dialogs');
let loadedDialogs: Dialogs | undefined;
let dialogsChunk: Promise<Dialogs> | undefined;
const loadDialogs = () => (dialogsChunk ??= import('./dialogs').then((loaded) => (loadedDialogs = loaded)));
// Asked when the page is idle after this chunk loads: on a cold visit after the rooms are asked
// and drawn, and when the home screen's idle prefetch brought this chunk, before the click.
const dialogsAtIdle = whenIdle().then(loadDialogs);

/**
 * The screen's dialogs (./dialogs.ts), drawn once their chunk is in: at idle, or at once when one
 * is `wanted` (asked for before then). Never asked in the commit that first draws the rooms: its
 * preload of the chunk's twelve files was 12 ms of that task on a cold visit (issue 38).
 */
const useDialogs = (wanted: boolean) => {
  const [dialogs, setDialogs] = useState(loadedDialogs);
  useEffect(() => {
    if (dialogs) return undefined;
    let mounted = true;
    void (wanted ? loadDialogs() : dialogsAtIdle).then((loaded) => mounted && setDialogs(loaded));
    return () => {
      mounted = false;
    };
  }, [dialogs, wanted]);
  return dialogs;
};

const InquiriesPage = () => {
  const { ref: panes, height: panesHeight } = useHeightToWindowBottom();
  const provider = usePortalDataProvider();
  // Who signs a saved reply's {担当者名}: the signed-in staff member's display name.
  const { identity } = useGetIdentity();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const roomId = roomIdOf(search);
  const filter = useMemo(() => parseInquiryFilter(search), [search]);
  const query = inquiryFilterQuery(filter);
  const now = useNow();

  // The tab's shared connection: the unread count and the desktop notification are the shell's
  // (issue 40), so they work on every screen; this screen says which room it shows.
  const { notifications, unreadTotal: sharedUnreadTotal, receivedRooms, rememberRoom, connected: socketUp, roomsLive } = useInquiryLive();
  const me = useQuery(meQueryOptions(provider));
  const rooms = useInfiniteQuery({
    ...roomsQueryOptions(provider, query),
    // While the rooms channel is live every change to a room is heard and folded over the pages
    // (receivedRooms), so pages read meanwhile stay true: a return to the screen reads none again.
    ...(socketUp && roomsLive && { staleTime: Infinity }),
  });
  // What the cable tells while a room's messages are being read, folded into the read's answer.
  const [heard] = useState(() => new HeardMessages());

  const setMessages = (update: (list: InquiryMessage[]) => InquiryMessage[], id = roomId) =>
    queryClient.setQueryData<InquiryMessage[]>(messagesQueryKey(id), (list) => (list ? update(list) : list));

  const capabilities = useCapabilities();
  const cable = useInquiryCable(
    roomId,
    {
      onMessage: (message) => {
        heard.heard(message);
        setMessages((list) => mergeReceived(list, message, compareMessages), message.roomId);
        // Someone else wrote in the open room: reading it again marks it read for this staff member.
        if (message.roomId === roomId && !message.deleted && me.data && String(message.senderId) !== String(me.data.id)) {
          void queryClient.invalidateQueries({ queryKey: messagesQueryKey(message.roomId) });
        }
      },
      onCaughtUp: (id) => {
        const state = queryClient.getQueryState(messagesQueryKey(id));
        // No read yet: the first one starts after this moment and misses nothing.
        if (state === undefined) return;
        // A read on its way began before this moment (the room is being opened): made again. A list
        // held from before: read again now if on screen, otherwise when the room is next opened.
        void queryClient.invalidateQueries({ queryKey: messagesQueryKey(id), refetchType: state.fetchStatus === 'fetching' ? 'all' : 'active' });
      },
      onReconnected: () => {
        // Nothing is replayed: the provider reads the rooms again; the messages are read here.
        void queryClient.invalidateQueries({ queryKey: MESSAGES_QUERY_KEY });
      },
    },
    {
      roomId,
      // This render's list (useInquiryCable passes on the latest view): an update repeating a room's last message is no news.
      lastMessageIdOf: (id) => roomList.find((listed) => listed.id === id)?.lastMessage?.id,
      openRoom: (id) => updateSearch({ roomId: String(id) }),
    },
  );

  const { connected, live } = cable;
  const messages = useQuery({
    ...messagesQueryOptions(provider, roomId as number, heard),
    enabled: roomId !== undefined,
  });

  const roomList = useMemo(
    () => roomsOnScreen(rooms.data?.pages ?? [], receivedRooms, (room) => matchesInquiryFilter(room, filter)),
    [rooms.data, receivedRooms, filter],
  );
  // The room at the top (the latest activity) is the one an agent most likely opens next: its
  // channel is made ready as the list draws, so its click reads at once (no read is made for it).
  const topRoom = roomList[0]?.id;
  const { watch } = cable;
  useEffect(() => {
    if (topRoom !== undefined) watch(topRoom);
  }, [topRoom, watch]);
  // A preselected room (?roomId=) that is not among the loaded pages is read on its own.
  const listed = roomList.find((room) => room.id === roomId);
  const single = useQuery({
    queryKey: roomQueryKey(roomId),
    queryFn: async ({ signal }) => (await provider.getInquiryRooms({ page: 1, roomId }, signal)).rooms[0] ?? null,
    enabled: roomId !== undefined && !listed && !rooms.isPending,
  });
  const receivedSelected = receivedRooms.find((room) => room.id === roomId);
  const selected = listed ?? receivedSelected ?? single.data ?? undefined;

  // Every room's unread messages: the shell's figure (x-unread-total or the cable's). Where the
  // services answer x-unread-total, the page waits for it (the tab title says the same number);
  // without it, the sum over the rooms loaded so far.
  const unreadTotal = sharedUnreadTotal ?? (capabilities.has('unreadTotal') ? undefined : roomList.reduce((sum, room) => sum + room.unreadCount, 0));

  // From the URL as it is when the change is made (a room opens after its read, a moment after the click).
  const updateSearch = (changes: Record<string, string | undefined>) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      return next;
    });
  // The room's messages are asked at the click, and the room opens once they are in (or after
  // OPEN_ROOM_HOLD_MS): one render draws the room with its messages. Opening it at once drew a
  // spinner, and the messages in a second render of the whole screen (issue 38). A later click wins.
  const opening = useRef<number>(undefined);
  // Left before the read answered (a sidebar click): the room opens nowhere.
  useEffect(
    () => () => {
      opening.current = undefined;
    },
    [],
  );
  const openRoom = async (id: number) => {
    opening.current = id;
    // Read once the room's subscription is confirmed (usually already, from the pointer over it):
    // a read made before it would be made again at the confirmation.
    cable.watch(id);
    await cable.whenLive(id, LIVE_WAIT_MS);
    if (opening.current !== id) return;
    const read = queryClient.prefetchQuery(messagesQueryOptions(provider, id, heard));
    await Promise.race([read, new Promise((resolve) => window.setTimeout(resolve, OPEN_ROOM_HOLD_MS))]);
    if (opening.current === id) updateSearch({ roomId: String(id) });
  };
  const applyFilter = (next: InquiryFilter) => {
    const q = inquiryFilterQuery(next);
    updateSearch({ pharmacyId: q.pharmacyId?.toString(), status: q.status });
    setFilterOpen(false);
  };

  const [filterOpen, setFilterOpen] = useState(false);
  const [dialog, setDialog] = useState<MessageDialogState>();
  // Each room keeps its unsent text (issue 25): the send button says so, the dialog restores it.
  const draftKeyOf = useDraftKey();
  const draftKey = roomId === undefined ? undefined : draftKeyOf(MESSAGE_DRAFT_RESOURCE, roomId);
  const hasDraft = dialog === undefined && readMessageDraft(draftKey) !== undefined;
  const [subjectOpen, setSubjectOpen] = useState(false);
  const [preview, setPreview] = useState<InquiryFile>();
  const [deleting, setDeleting] = useState<InquiryMessage>();
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [roomBusy, setRoomBusy] = useState(false);
  const [roomError, setRoomError] = useState<string>();
  const dialogs = useDialogs(filterOpen || dialog !== undefined || subjectOpen || preview !== undefined);

  const send = async (content: string, file: File | undefined, replyTo: InquiryMessage | undefined) => {
    if (roomId === undefined) return;
    const upload = file && new File([file], file.name, { type: attachmentContentType(file) });
    const sent = await provider.sendInquiryMessage(roomId, { content, replyMessageId: replyTo?.id, file: upload });
    setMessages((list) => mergeReceived(list, sent, compareMessages));
  };
  const edit = async (message: InquiryMessage, content: string) => {
    const saved = await provider.editInquiryMessage(message.id, content);
    setMessages((list) => mergeReceived(list, saved, compareMessages));
  };
  const remove = async () => {
    if (!deleting) return;
    setDeleteBusy(true);
    try {
      await provider.deleteInquiryMessage(deleting.id);
      setMessages((list) => mergeReceived(list, { ...deleting, deleted: true }, compareMessages));
      setDeleting(undefined);
    } catch {
      setRoomError('メッセージを削除できませんでした。');
      setDeleting(undefined);
    } finally {
      setDeleteBusy(false);
    }
  };
  const changeRoom = async (change: { name: string } | { status: string }) => {
    if (roomId === undefined) return;
    setRoomBusy(true);
    try {
      const room = await provider.updateInquiryRoom(roomId, change);
      rememberRoom(room);
      void queryClient.invalidateQueries({ queryKey: roomQueryKey(roomId) });
    } finally {
      setRoomBusy(false);
    }
  };
  const changeStatus = (status: string) => {
    setRoomError(undefined);
    changeRoom({ status }).catch(() => setRoomError('ステータスを変更できませんでした。'));
  };

  return (
    <Screen title={withUnread('問い合わせ一覧', unreadTotal)}>
      {!connected && (
        <Alert severity="warning" role="status" data-testid="inquiry-offline">
          サーバーとのリアルタイム接続が切れています。再接続を試みています…（再接続後に最新の内容を読み込みます）
        </Alert>
      )}
      {notifications.problem && (
        <Alert severity="warning" onClose={notifications.dismissProblem}>
          {notifications.problem}
        </Alert>
      )}
      {roomError && (
        <Alert severity="error" onClose={() => setRoomError(undefined)}>
          {roomError}
        </Alert>
      )}
      <Box
        ref={panes}
        data-live={live}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' }, gap: 2, height: { md: panesHeight }, minHeight: 480 }}
      >
        <Card sx={{ minHeight: 0, height: { xs: 420, md: 'auto' } }}>
          <RoomList
            rooms={roomList}
            selectedId={roomId}
            onSelect={(id) => void openRoom(id)}
            onIntent={cable.watch}
            now={now}
            isPending={rooms.isPending}
            isError={rooms.isError}
            hasNextPage={rooms.hasNextPage}
            isFetchingNextPage={rooms.isFetchingNextPage}
            fetchNextPage={() => void rooms.fetchNextPage()}
            filterCount={activeInquiryFilterCount(filter)}
            onOpenFilter={() => setFilterOpen(true)}
            headerActions={notifications.supported ? <NotificationToggle enabled={notifications.enabled} onToggle={() => void notifications.toggle()} /> : null}
          />
        </Card>
        <Card sx={{ minHeight: 0, height: { xs: 560, md: 'auto' } }}>
          <ChatWindow
            room={selected}
            messages={messages.data}
            isPending={messages.isPending}
            isError={messages.isError}
            myId={me.data?.id}
            now={now}
            roomBusy={roomBusy}
            onSend={() => setDialog({ mode: 'send' })}
            hasDraft={hasDraft}
            onReply={(message) => setDialog({ mode: 'send', replyTo: message })}
            onEdit={(message) => setDialog({ mode: 'edit', message })}
            onDelete={setDeleting}
            onPreview={setPreview}
            onEditSubject={() => setSubjectOpen(true)}
            onClose={() => changeStatus(CLOSED_STATUS)}
            onReopen={() => changeStatus(REOPENED_STATUS)}
          />
        </Card>
      </Box>
      {/* A dialog asked for before its chunk is in opens when it arrives: its state waits here. */}
      {dialogs && (
        <>
          <dialogs.RoomFilterDialog open={filterOpen} filter={filter} onClose={() => setFilterOpen(false)} onApply={applyFilter} />
          <dialogs.MessageDialog
            state={dialog}
            onClose={() => setDialog(undefined)}
            onSend={send}
            onEdit={edit}
            draftKey={draftKey}
            placeholders={{ 薬局名: selected?.pharmacy.name, 担当者名: identity?.fullName }}
          />
          <dialogs.SubjectDialog open={subjectOpen} subject={selected?.name ?? ''} onClose={() => setSubjectOpen(false)} onSave={(name) => changeRoom({ name })} />
          <dialogs.ImagePreviewDialog file={preview} onClose={() => setPreview(undefined)} download={provider.downloadInquiryFile} />
        </>
      )}
      <SafeConfirm
        isOpen={deleting !== undefined}
        title="メッセージの削除"
        content="削除しますが、本当によろしいですか？"
        confirm="削除"
        cancel="キャンセル"
        loading={deleteBusy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(undefined)}
      />
    </Screen>
  );
};

export default InquiriesPage;
