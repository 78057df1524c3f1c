import { memo, useEffect, useMemo, useRef } from 'react';
import { LinkBase } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import ReplyIcon from '@mui/icons-material/Reply';
import DeleteIcon from '@mui/icons-material/Delete';
import SendIcon from '@mui/icons-material/Send';
import { InlineLoading } from '../../app/InlineLoading';
import { pharmacies } from '../../resources/pharmacies';
import { specPath } from '../../lib/specPaths';
import type { InquiryFile, InquiryMessage, InquiryRoom } from '../../dataProvider/methods/inquiries';
import { formatMessageTime } from './inquiryTime';
import { isClosedRoom } from './inquiryStatus';
import { StatusChip, statusChipStyles } from './StatusChip';
import { useLatestCallback } from './useLatestCallback';

/** A message changed after it was sent (its edit moves updated_at; sending sets both the same). */
export const isEdited = (message: Pick<InquiryMessage, 'createdAt' | 'updatedAt'>): boolean =>
  message.updatedAt !== undefined && message.updatedAt.getTime() > message.createdAt.getTime();

export interface ChatWindowProps {
  room: InquiryRoom | undefined;
  messages: InquiryMessage[] | undefined;
  isPending: boolean;
  isError: boolean;
  myId: number | string | undefined;
  now: Date;
  roomBusy: boolean;
  onSend: () => void;
  /** The room has unsent text kept from before. */
  hasDraft?: boolean;
  onReply: (message: InquiryMessage) => void;
  onEdit: (message: InquiryMessage) => void;
  onDelete: (message: InquiryMessage) => void;
  onPreview: (file: InquiryFile) => void;
  onEditSubject: () => void;
  onClose: () => void;
  onReopen: () => void;
}

interface MessageActions {
  onReply: (message: InquiryMessage) => void;
  onEdit: (message: InquiryMessage) => void;
  onDelete: (message: InquiryMessage) => void;
  onPreview: (file: InquiryFile) => void;
  showLoadedImage: (messageId: number) => void;
}

const time = (date: Date | undefined) => date?.getTime();

/** What a message shows: a read of the room again (new objects, same text) draws no row anew. */
const sameMessage = (a: InquiryMessage, b: InquiryMessage) =>
  a === b ||
  (a.id === b.id &&
    a.content === b.content &&
    a.senderId === b.senderId &&
    a.senderName === b.senderName &&
    time(a.createdAt) === time(b.createdAt) &&
    time(a.updatedAt) === time(b.updatedAt) &&
    a.replyMessage?.content === b.replyMessage?.content &&
    a.replyMessage?.senderName === b.replyMessage?.senderName &&
    (a.files ?? []).map((file) => file.url).join('\n') === (b.files ?? []).map((file) => file.url).join('\n'));

/** One message: drawn again only when what it shows changes, not with every render of the screen. */
const MessageItem = memo(
  function MessageItem({ message, own, now, actions }: { message: InquiryMessage; own: boolean; now: Date; actions: MessageActions }) {
    const file = message.files?.[0];
    return (
        <Stack key={message.id} sx={{ alignItems: own ? 'flex-end' : 'flex-start', my: 1 }} data-testid={`inquiry-message-${message.id}`} data-own={own ? 'true' : 'false'}>
          <Typography variant="caption" color="text.secondary">
            {message.senderName} {formatMessageTime(message.createdAt, now)}
            {isEdited(message) && <span title={`${formatMessageTime(message.updatedAt!, now)}に編集`}>（編集済み）</span>}
          </Typography>
          <Box sx={{ maxWidth: '75%', bgcolor: own ? '#e3f2fd' : 'background.paper', border: 1, borderColor: own ? '#90caf9' : 'divider', borderRadius: 2, px: 1.5, py: 1 }}>
            {message.replyMessage && (
              <Box sx={{ borderLeft: 3, borderColor: 'grey.400', pl: 1, mb: 0.5 }} data-testid="inquiry-reply-quote">
                <Typography variant="caption" color="text.secondary">
                  {message.replyMessage.senderName}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {message.replyMessage.content}
                </Typography>
              </Box>
            )}
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {message.content}
            </Typography>
            {file && (
              <ButtonBase onClick={() => actions.onPreview(file)} aria-label={`画像を表示: ${file.name}`} sx={{ mt: 1, display: 'block' }}>
                <Box component="img" src={file.url} alt="" onLoad={() => actions.showLoadedImage(message.id)} sx={{ maxWidth: 200, maxHeight: 140, display: 'block', borderRadius: 1 }} />
              </ButtonBase>
            )}
          </Box>
          <Stack direction="row" spacing={0.5}>
            <Button size="small" startIcon={<ReplyIcon />} onClick={() => actions.onReply(message)} aria-label={`返信: ${message.content.slice(0, 20)}`}>
              返信
            </Button>
            {own && (
              <>
                <Button size="small" startIcon={<EditIcon />} onClick={() => actions.onEdit(message)} aria-label={`編集: ${message.content.slice(0, 20)}`}>
                  編集
                </Button>
                <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => actions.onDelete(message)} aria-label={`削除: ${message.content.slice(0, 20)}`}>
                  削除
                </Button>
              </>
            )}
          </Stack>
        </Stack>
      
    );
  },
  (before, after) => before.own === after.own && before.now === after.now && before.actions === after.actions && sameMessage(before.message, after.message),
);

/** The chat window: own messages on the right (the users/me id), quotes, attachments and actions. */
export const ChatWindow = (props: ChatWindowProps) => {
  const { room, messages, isPending, isError, myId, now, roomBusy } = props;
  const bottom = useRef<HTMLDivElement>(null);
  const lastId = messages?.[messages.length - 1]?.id;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, room?.id]);
  // The newest message's image loads after the scroll above: once it has, it is brought fully into view.
  const showLoadedImage = useLatestCallback((messageId: number) => {
    if (messageId === lastId) bottom.current?.scrollIntoView?.({ block: 'end' });
  });
  const onReply = useLatestCallback(props.onReply);
  const onEdit = useLatestCallback(props.onEdit);
  const onDelete = useLatestCallback(props.onDelete);
  const onPreview = useLatestCallback(props.onPreview);
  const actions = useMemo(() => ({ onReply, onEdit, onDelete, onPreview, showLoadedImage }), [onReply, onEdit, onDelete, onPreview, showLoadedImage]);

  if (!room) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }}>
        左の一覧からルームを選んでください。
      </Typography>
    );
  }
  const closed = isClosedRoom(room.status);
  return (
    <Stack sx={{ minHeight: 0, height: '100%' }}>
      <Stack
        direction="row"
        spacing={1}
        sx={(theme) => ({ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', ...statusChipStyles(theme) })}
      >
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-testid="inquiry-room-subject">
            {room.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {room.pharmacy.id}{' '}
            <Link component={LinkBase} to={specPath.show(pharmacies.name, room.pharmacy.id)}>
              {room.pharmacy.name}
            </Link>
            （{room.pharmacy.address1}）
          </Typography>
        </Box>
        <StatusChip status={room.status} data-testid="inquiry-room-status" />
        <Button size="small" startIcon={<EditIcon />} onClick={props.onEditSubject} disabled={roomBusy}>
          件名を変更
        </Button>
        {closed ? (
          <Button size="small" variant="outlined" onClick={props.onReopen} disabled={roomBusy}>
            再開
          </Button>
        ) : (
          // Closing sets 完了 (spec section 4), not the separate クローズ status: named for what it sets.
          <Button size="small" variant="outlined" onClick={props.onClose} disabled={roomBusy}>
            完了にする
          </Button>
        )}
      </Stack>
      <Box sx={{ overflowY: 'auto', flex: 1, minHeight: 0, px: 2, py: 1, bgcolor: 'grey.50' }} role="log" aria-label="メッセージ" data-testid="inquiry-messages">
        {isPending ? (
          <InlineLoading />
        ) : isError ? (
          <Alert severity="error">メッセージを読み込めませんでした。</Alert>
        ) : (
          messages?.map((message) => (
            <MessageItem
              key={message.id}
              message={message}
              own={myId !== undefined && message.senderId !== null && String(message.senderId) === String(myId)}
              now={now}
              actions={actions}
            />
          ))
        )}
        <div ref={bottom} />
      </Box>
      <Box sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', textAlign: 'right' }}>
        <Button variant="contained" startIcon={<SendIcon />} onClick={props.onSend}>
          {props.hasDraft ? 'メッセージを送信（下書きあり）' : 'メッセージを送信'}
        </Button>
      </Box>
    </Stack>
  );
};
