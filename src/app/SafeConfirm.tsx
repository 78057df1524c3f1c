import { useId, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface SafeConfirmProps {
  isOpen: boolean;
  /** A sentence or an i18n key (translated, the text itself when no key matches). */
  title: ReactNode;
  content: ReactNode;
  /** The destructive action's label, e.g. 'ra.action.delete' or 「破棄して切り替える」. */
  confirm: string;
  cancel?: string;
  /** The action is running: both buttons wait. */
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A confirmation for an action that loses something (react-admin's <Confirm> props, safer
 * defaults): it opens with focus on キャンセル, so Enter, Enter never destroys; the destructive
 * button is red; キャンセル carries no warning icon.
 */
export const SafeConfirm = ({ isOpen, title, content, confirm, cancel = 'ra.action.cancel', loading, onConfirm, onClose }: SafeConfirmProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const contentId = useId();
  const text = (value: ReactNode) => (typeof value === 'string' ? translate(value, { _: value }) : value);
  return (
    <Dialog open={isOpen} onClose={onClose} aria-labelledby={titleId} aria-describedby={contentId} onClick={(event) => event.stopPropagation()}>
      <DialogTitle id={titleId}>{text(title)}</DialogTitle>
      <DialogContent>
        {typeof content === 'string' ? <DialogContentText id={contentId}>{text(content)}</DialogContentText> : <div id={contentId}>{content}</div>}
      </DialogContent>
      <DialogActions>
        <Button autoFocus variant="outlined" disabled={loading} onClick={onClose}>
          {text(cancel)}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={onConfirm}
        >
          {text(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
