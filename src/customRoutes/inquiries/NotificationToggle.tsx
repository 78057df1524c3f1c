import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsOffIcon from '@mui/icons-material/NotificationsOffOutlined';

/** The desktop notifications switch in the room list's header: a toggle button, its state in aria-pressed. */
export const NotificationToggle = ({ enabled, onToggle }: { enabled: boolean; onToggle: () => void }) => (
  <Tooltip title={enabled ? 'デスクトップ通知: オン（クリックでオフ）' : 'デスクトップ通知: オフ（クリックでオン）'}>
    <IconButton size="small" aria-label="デスクトップ通知" aria-pressed={enabled} onClick={onToggle} color={enabled ? 'primary' : 'default'}>
      {enabled ? <NotificationsActiveIcon fontSize="small" /> : <NotificationsOffIcon fontSize="small" />}
    </IconButton>
  </Tooltip>
);
