import { memo, useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FilterListIcon from '@mui/icons-material/FilterList';
import { InlineLoading } from '../../app/InlineLoading';
import type { InquiryRoom } from '../../dataProvider/methods/inquiries';
import { isNearBottom, LOAD_AHEAD_VIEWPORTS } from './infiniteScroll';
import { formatInquiryTime } from './inquiryTime';
import { StatusChip } from './StatusChip';
import { useLatestCallback } from './useLatestCallback';

export interface RoomListProps {
  /** Controls beside 絞り込み (the desktop notifications toggle). */
  headerActions?: ReactNode;
  rooms: InquiryRoom[];
  selectedId?: number;
  onSelect: (id: number) => void;
  /** The user is about to open a room: the pointer is over it, or it has focus. */
  onIntent?: (id: number) => void;
  now: Date;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  filterCount: number;
  onOpenFilter: () => void;
}

/** The room list (spec section 2): one row per room, the next page loaded ahead while scrolling. */
const TWO_LINES = { display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' } as const;

const pharmacyLine = (room: InquiryRoom) => `${room.pharmacy.id} ${room.pharmacy.name}（${room.pharmacy.address1}）`;

/** One room of the list: drawn again only when the room, its selection or the clock changes, not with every render of the screen. */
const RoomRow = memo(function RoomRow({
  room,
  selected,
  onSelect,
  onIntent,
  now,
}: {
  room: InquiryRoom;
  selected: boolean;
  onSelect: (id: number) => void;
  onIntent: (id: number) => void;
  now: Date;
}) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(room.id)}
        onPointerEnter={() => onIntent(room.id)}
        onFocus={() => onIntent(room.id)}
        divider
        data-testid={`inquiry-room-${room.id}`}
        sx={{ display: 'block', py: 1 }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          {/* One line beside the time; cut with … where narrow, so the whole line shows on hover. */}
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minWidth: 0 }} title={pharmacyLine(room)}>
            {pharmacyLine(room)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {formatInquiryTime(room.lastMessage?.createdAt, now)}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          <StatusChip status={room.status} size="small" />
          {/* The whole name on up to two lines; a longer one ends in … and shows in full on hover. */}
          <Typography
            variant="subtitle2"
            component="span"
            title={room.name}
            data-room-name
            sx={{ flex: 1, minWidth: 0, fontWeight: room.unreadCount > 0 ? 700 : 500, ...TWO_LINES }}
          >
            {room.name}
          </Typography>
          {room.unreadCount > 0 && <Chip size="small" color="error" label={`未読 ${room.unreadCount}件`} />}
        </Stack>
        <Typography variant="body2" noWrap sx={{ mt: 0.5 }}>
          {room.lastMessage?.content ?? ''}
        </Typography>
      </ListItemButton>
    </ListItem>
  );
});

export const RoomList = ({ headerActions, rooms, selectedId, onSelect, onIntent, now, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, filterCount, onOpenFilter }: RoomListProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const select = useLatestCallback(onSelect);
  const intend = useLatestCallback((id: number) => onIntent?.(id));
  const loadAhead = useLatestCallback(() => {
    const element = scroller.current;
    if (element && hasNextPage && !isFetchingNextPage && isNearBottom(element)) fetchNextPage();
  });
  // Whether the list's end is within 3 viewport heights of the pane's bottom, as the browser last
  // saw it after a layout: reading the pane's scroll sizes in an effect forced a second layout of
  // the whole screen inside the render that draws the rooms (issue 38: 25-50 ms a visit).
  const observer = useRef<IntersectionObserver>(undefined);
  const loadAheadIfNear = useLatestCallback((near: boolean) => {
    if (near && hasNextPage && !isFetchingNextPage) fetchNextPage();
  });
  useEffect(() => {
    const root = scroller.current;
    if (!root || typeof IntersectionObserver === 'undefined') return undefined;
    observer.current = new IntersectionObserver((entries) => loadAheadIfNear(entries[entries.length - 1].isIntersecting), {
      root,
      rootMargin: `0px 0px ${LOAD_AHEAD_VIEWPORTS * 100}% 0px`,
      threshold: 0,
    });
    return () => {
      observer.current?.disconnect();
      observer.current = undefined;
    };
  }, [loadAheadIfNear]);
  // A short first page (or a tall screen) may already be near the bottom without any scroll, and
  // may stay near after a page is read: observing the end anew has the browser say where it is
  // after its next layout. Without IntersectionObserver (jsdom) the sizes are read here and at each scroll.
  useEffect(() => {
    const target = end.current;
    if (!observer.current) {
      loadAhead();
      return;
    }
    if (!target) return;
    observer.current.unobserve(target);
    observer.current.observe(target);
  }, [loadAhead, hasNextPage, isFetchingNextPage, rooms.length, isPending, isError]);

  return (
    <Stack sx={{ minHeight: 0, height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          ルーム一覧
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {headerActions}
          <Button
            size="small"
            variant={filterCount > 0 ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            onClick={onOpenFilter}
            aria-label={filterCount > 0 ? `絞り込み（${filterCount}件適用中）` : '絞り込み'}
          >
            絞り込み{filterCount > 0 ? `（${filterCount}）` : ''}
          </Button>
        </Stack>
      </Stack>
      <Box ref={scroller} onScroll={() => observer.current === undefined && loadAhead()} sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }} data-testid="inquiry-room-scroller">
        {isPending ? (
          <InlineLoading />
        ) : isError ? (
          <Alert severity="error" sx={{ m: 2 }}>
            問い合わせを読み込めませんでした。
          </Alert>
        ) : rooms.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            問い合わせはありません。
          </Typography>
        ) : (
          <List disablePadding aria-label="問い合わせルーム">
            {rooms.map((room) => (
              <RoomRow key={room.id} room={room} selected={room.id === selectedId} onSelect={select} onIntent={intend} now={now} />
            ))}
          </List>
        )}
        {isFetchingNextPage && <InlineLoading />}
        <div ref={end} />
      </Box>
    </Stack>
  );
};
