import { useGetIdentity } from 'react-admin';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import { Screen } from '../../app/Screen';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import type { InquiryFile, InquiryMessage, InquiryRoom } from '../../dataProvider/methods/inquiries';
import { attachmentContentType } from './attachmentRules';
import { ChatWindow } from './ChatWindow';
import { ImagePreviewDialog } from './ImagePreviewDialog';
import { activeInquiryFilterCount, inquiryFilterQuery, matchesInquiryFilter, parseInquiryFilter, type InquiryFilter } from './inquiryFilter';
import { CLOSED_STATUS, REOPENED_STATUS } from './inquiryStatus';
import { MessageDialog, type MessageDialogState } from './MessageDialog';
import { MESSAGE_DRAFT_RESOURCE, readMessageDraft } from '../../features/drafts/messageDrafts';
import { useDraftKey } from '../../features/drafts/formDrafts';
import { NotificationToggle } from './NotificationToggle';
import { ROOMS_QUERY_KEY, useInquiryLive } from './InquiryLiveProvider';
import { useCapabilities } from '../../app/capabilities';
import { withUnread } from '../../layout/documentTitle';
import { compareMessages, mergeReceived, roomsOnScreen } from './mergeReceived';
import { RoomFilterDialog } from './RoomFilterDialog';
import { RoomList } from './RoomList';
import { SubjectDialog } from './SubjectDialog';
import { useInquiryCable } from './useInquiryCable';

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

const roomIdOf = (search: URLSearchParams): number | undefined => {
  const value = search.get('roomId');
  return value !== null && /^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined;
};

/** The inquiry screen (spec section 2): rooms, the open room's chat, its modals, live over the cable. */
/** Space kept below the panes, as the page's own bottom padding. */
const PANES_BOTTOM_GAP = 16;

/**
 * The panes reach the bottom of the window: their height is the window's less where they start
 * (the header, title and any alert above them), measured again on resize and when what is above
 * them changes height. A fixed calc() left about 130 px unused at 1440 × 900.
 */
const useHeightToWindowBottom = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(window.innerHeight - top - PANES_BOTTOM_GAP, 0));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    if (element.parentElement) observer?.observe(element.parentElement);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, []);
  return { ref, height };
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

  const me = useQuery({ queryKey: ['inquiries', 'me'], queryFn: () => provider.getMe(), staleTime: Infinity });
  const roomsKey = [...ROOMS_QUERY_KEY, query];
  const rooms = useInfiniteQuery({
    queryKey: roomsKey,
    queryFn: ({ pageParam, signal }) => provider.getInquiryRooms({ page: pageParam, ...query }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.currentPage < last.totalPages ? last.currentPage + 1 : undefined),
  });
  const messagesKey = ['inquiries', 'messages', roomId];
  const messages = useQuery({
    queryKey: messagesKey,
    queryFn: ({ signal }) => provider.getInquiryMessages(roomId as number, signal),
    enabled: roomId !== undefined,
  });

  // Rooms received live since the pages were read.
  const [received, setReceived] = useState<InquiryRoom[]>([]);
  const filterKey = JSON.stringify(query);
  useEffect(() => {
    setReceived([]);
  }, [filterKey]);

  const receiveRoom = useCallback((room: InquiryRoom) => {
    setReceived((list) => [...list.filter((r) => r.id !== room.id), room]);
  }, []);

  const setMessages = (update: (list: InquiryMessage[]) => InquiryMessage[], id = roomId) =>
    queryClient.setQueryData<InquiryMessage[]>(['inquiries', 'messages', id], (list) => (list ? update(list) : list));

  // The tab's shared connection: the unread count and the desktop notification are the shell's
  // (issue 40), so they work on every screen; this screen says which room it shows.
  const { notifications, unreadTotal: sharedUnreadTotal } = useInquiryLive();
  const capabilities = useCapabilities();
  const { connected, live } = useInquiryCable(
    roomId,
    {
      onRoom: receiveRoom,
      onMessage: (message) => {
        setMessages((list) => mergeReceived(list, message, compareMessages), message.roomId);
        // Someone else wrote in the open room: reading it again marks it read for this staff member.
        if (!message.deleted && me.data && String(message.senderId) !== String(me.data.id)) {
          void queryClient.invalidateQueries({ queryKey: ['inquiries', 'messages', message.roomId] });
        }
      },
      onCaughtUp: (id) => void queryClient.invalidateQueries({ queryKey: ['inquiries', 'messages', id] }),
      onReconnected: () => {
        // Nothing is replayed: the provider reads the rooms again; the messages are read here.
        setReceived([]);
        void queryClient.invalidateQueries({ queryKey: ['inquiries', 'messages'] });
      },
    },
    {
      roomId,
      // This render's list (useInquiryCable passes on the latest view): an update repeating a room's last message is no news.
      lastMessageIdOf: (id) => roomList.find((listed) => listed.id === id)?.lastMessage?.id,
      openRoom: (id) => updateSearch({ roomId: String(id) }),
    },
  );

  const roomList = useMemo(
    () => roomsOnScreen(rooms.data?.pages.map((page) => page.rooms) ?? [], received, (room) => matchesInquiryFilter(room, filter)),
    [rooms.data, received, filter],
  );
  // A preselected room (?roomId=) that is not among the loaded pages is read on its own.
  const listed = roomList.find((room) => room.id === roomId);
  const single = useQuery({
    queryKey: ['inquiries', 'room', roomId],
    queryFn: async ({ signal }) => (await provider.getInquiryRooms({ page: 1, roomId }, signal)).rooms[0] ?? null,
    enabled: roomId !== undefined && !listed && !rooms.isPending,
  });
  const receivedSelected = received.find((room) => room.id === roomId);
  const selected = listed ?? receivedSelected ?? single.data ?? undefined;

  // Every room's unread messages: the shell's figure (x-unread-total or the cable's). Where the
  // services answer x-unread-total, the page waits for it (the tab title says the same number);
  // without it, the sum over the rooms loaded so far.
  const unreadTotal = sharedUnreadTotal ?? (capabilities.has('unreadTotal') ? undefined : roomList.reduce((sum, room) => sum + room.unreadCount, 0));

  const updateSearch = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setSearch(next);
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
      receiveRoom(room);
      void queryClient.invalidateQueries({ queryKey: ['inquiries', 'room', roomId] });
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
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(300px, 380px) 1fr' }, gap: 2, height: { md: panesHeight ?? 'calc(100vh - 220px)' }, minHeight: 480 }}
      >
        <Card sx={{ minHeight: 0, height: { xs: 420, md: 'auto' } }}>
          <RoomList
            rooms={roomList}
            selectedId={roomId}
            onSelect={(id) => updateSearch({ roomId: String(id) })}
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
      <RoomFilterDialog open={filterOpen} filter={filter} onClose={() => setFilterOpen(false)} onApply={applyFilter} />
      <MessageDialog state={dialog} onClose={() => setDialog(undefined)} onSend={send} onEdit={edit} draftKey={draftKey} placeholders={{ 薬局名: selected?.pharmacy.name, 担当者名: identity?.fullName }} />
      <SubjectDialog open={subjectOpen} subject={selected?.name ?? ''} onClose={() => setSubjectOpen(false)} onSave={(name) => changeRoom({ name })} />
      <ImagePreviewDialog file={preview} onClose={() => setPreview(undefined)} download={provider.downloadInquiryFile} />
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
