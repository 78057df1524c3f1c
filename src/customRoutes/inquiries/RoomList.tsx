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
import { isNearBottom } from './infiniteScroll';
import { formatInquiryTime } from './inquiryTime';
import { StatusChip } from './StatusChip';
import { useLatestCallback } from './useLatestCallback';

export interface RoomListProps {
  /** Controls beside 絞り込み (the desktop notifications toggle). */
  headerActions?: ReactNode;
  rooms: InquiryRoom[];
  selectedId?: number;
  onSelect: (id: number) => void;
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
const RoomRow = memo(function RoomRow({ room, selected, onSelect, now }: { room: InquiryRoom; selected: boolean; onSelect: (id: number) => void; now: Date }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(room.id)}
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

export const RoomList = ({ headerActions, rooms, selectedId, onSelect, now, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, filterCount, onOpenFilter }: RoomListProps) => {
  const scroller = useRef<HTMLDivElement>(null);
  const select = useLatestCallback(onSelect);
  const loadAhead = () => {
    const element = scroller.current;
    if (element && hasNextPage && !isFetchingNextPage && isNearBottom(element)) fetchNextPage();
  };
  // A short first page (or a tall screen) may already be near the bottom without any scroll.
  useEffect(loadAhead);

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
      <Box ref={scroller} onScroll={loadAhead} sx={{ overflowY: 'auto', flex: 1, minHeight: 0 }} data-testid="inquiry-room-scroller">
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
              <RoomRow key={room.id} room={room} selected={room.id === selectedId} onSelect={select} now={now} />
            ))}
          </List>
        )}
        {isFetchingNextPage && <InlineLoading />}
      </Box>
    </Stack>
  );
};
