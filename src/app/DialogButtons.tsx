import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';

export interface DialogButtonsProps {
  /** The action's label: 送信, 保存, 追加, 挿入... */
  label: string;
  onCancel: () => void;
  /** Without it the action button submits the dialog's own form. */
  onSubmit?: () => void;
  /** Nothing to send yet (an empty field): the action waits, キャンセル does not. */
  disabled?: boolean;
  /** A save is in flight: both wait, and the action shows a spinner (one request per click). */
  busy?: boolean;
}

/** The buttons of a dialog that saves something: キャンセル, then the action. */
export const DialogButtons = ({ label, onCancel, onSubmit, disabled = false, busy = false }: DialogButtonsProps) => (
  <DialogActions>
    <Button variant="outlined" onClick={onCancel} disabled={busy}>
      キャンセル
    </Button>
    <Button
      type={onSubmit ? 'button' : 'submit'}
      variant="contained"
      onClick={onSubmit}
      disabled={disabled || busy}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
    >
      {label}
    </Button>
  </DialogActions>
);
