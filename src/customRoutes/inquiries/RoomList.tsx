import { memo, useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import FilterListIcon from '@mui/icons-material/FilterList';
import { InlineLoading } from '../../app/InlineLoading';
import type { InquiryRoom } from '../../dataProvider/methods/inquiries';
import { isNearBottom, LOAD_AHEAD_VIEWPORTS } from './infiniteScroll';
import { formatInquiryTime } from './inquiryTime';
import { StatusChip, statusChipStyles, UNREAD_CHIP_CLASS } from './StatusChip';
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
const pharmacyLine = (room: InquiryRoom) => `${room.pharmacy.id} ${room.pharmacy.name}（${room.pharmacy.address1}）`;

/** The classes of a room's row and its parts (`roomRowStyles`). */
const ROOM = 'cs-InquiryRoom';
const roomClass = (part: string) => `${ROOM}-${part}`;

const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/**
 * A room's row as MUI's ListItemButton (divider, selected) with Typography lines drew it, written
 * once as classes under the list: each row was a ButtonBase with its ripple, two Stacks, four
 * Typographies and two Chips, about a dozen styled components that emotion serialised per row in
 * the cold visit's first render (issue 38: with the shell, the render that draws the rooms). The
 * row is a native button, so the keyboard (Tab, Enter, Space) and screen readers meet it as before.
 */
// Lengths as strings: under `sx` a number for a gap, margin or radius is a multiple of the theme's unit.
const roomRowStyles = (theme: Theme) => ({
  [`& .${roomClass('list')}`]: { listStyle: 'none', margin: 0, padding: 0 },
  [`& .${ROOM}`]: {
    display: 'block',
    width: '100%',
    boxSizing: 'border-box',
    padding: '8px 16px',
    border: 0,
    borderBottom: `1px solid ${theme.palette.divider}`,
    backgroundClip: 'padding-box',
    backgroundColor: 'transparent',
    color: 'inherit',
    font: 'inherit',
    textAlign: 'left',
    cursor: 'pointer',
    transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
    '&:hover': { backgroundColor: theme.palette.action.hover },
    '&[aria-current="true"]': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity) },
    '&[aria-current="true"]:hover': { backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity + theme.palette.action.hoverOpacity) },
    // The ring drawn inside the row, as every list button's here: the pane clips its overflow.
    '&:focus-visible': { outline: `3px solid ${theme.palette.primary.main}`, outlineOffset: -3 },
  },
  [`& .${roomClass('line')}`]: { display: 'flex', alignItems: 'center', gap: '8px' },
  [`& .${roomClass('line')} + .${roomClass('line')}, & .${roomClass('line')} + .${roomClass('last')}`]: { marginTop: '4px' },
  [`& .${roomClass('pharmacy')}`]: { ...theme.typography.body2, color: theme.palette.text.secondary, minWidth: 0, flex: 1, ...oneLine },
  [`& .${roomClass('time')}`]: { ...theme.typography.caption, color: theme.palette.text.secondary, flexShrink: 0 },
  // The whole name on up to two lines; a longer one ends in … and shows in full on hover.
  [`& .${roomClass('name')}`]: {
    ...theme.typography.subtitle2,
    flex: 1,
    minWidth: 0,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
  [`& .${roomClass('unread')} .${roomClass('name')}`]: { fontWeight: 700 },
  [`& .${roomClass('last')}`]: { ...theme.typography.body2, display: 'block', ...oneLine },
  ...statusChipStyles(theme),
});

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
  const unread = room.unreadCount > 0;
  return (
    <li>
      <button
        type="button"
        className={unread ? `${ROOM} ${roomClass('unread')}` : ROOM}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(room.id)}
        onPointerEnter={() => onIntent(room.id)}
        onFocus={() => onIntent(room.id)}
        data-testid={`inquiry-room-${room.id}`}
      >
        <span className={roomClass('line')}>
          {/* One line beside the time; cut with … where narrow, so the whole line shows on hover. */}
          <span className={roomClass('pharmacy')} title={pharmacyLine(room)} data-pharmacy-line>
            {pharmacyLine(room)}
          </span>
          <span className={roomClass('time')}>{formatInquiryTime(room.lastMessage?.createdAt, now)}</span>
        </span>
        <span className={roomClass('line')}>
          <StatusChip status={room.status} size="small" />
          <span className={roomClass('name')} title={room.name} data-room-name>
            {room.name}
          </span>
          {unread && <span className={UNREAD_CHIP_CLASS}>{`未読 ${room.unreadCount}件`}</span>}
        </span>
        <span className={roomClass('last')}>{room.lastMessage?.content ?? ''}</span>
      </button>
    </li>
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
      <Box
        ref={scroller}
        onScroll={() => observer.current === undefined && loadAhead()}
        sx={(theme) => ({ overflowY: 'auto', flex: 1, minHeight: 0, ...roomRowStyles(theme) })}
        data-testid="inquiry-room-scroller"
      >
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
          <ul className={roomClass('list')} aria-label="問い合わせルーム">
            {rooms.map((room) => (
              <RoomRow key={room.id} room={room} selected={room.id === selectedId} onSelect={select} onIntent={intend} now={now} />
            ))}
          </ul>
        )}
        {isFetchingNextPage && <InlineLoading />}
        <div ref={end} />
      </Box>
    </Stack>
  );
};
