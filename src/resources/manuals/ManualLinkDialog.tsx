import { useState, type KeyboardEvent } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { isSafeLinkUrl } from './safeUrls';
import { DialogButtons } from '../../app/DialogButtons';

export const LINK_URL_RULE = 'https:// で始まるURL、またはポータル内のパス（/ で始まる）を入力してください。';

/**
 * Asks for a link's URL in the page's own dialog (the browser's prompt was unstyled, in the
 * browser's language for its buttons, and an unsafe URL was answered by an alert that lost what
 * was typed). Enter inserts; no <form>, because React sends a portal's submit to the manual form.
 */
export const ManualLinkDialog = ({ open, onClose, onInsert }: { open: boolean; onClose: () => void; onInsert: (url: string) => void }) => {
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const close = () => {
    setUrl('');
    setInvalid(false);
    onClose();
  };
  const insert = () => {
    const trimmed = url.trim();
    if (!isSafeLinkUrl(trimmed)) {
      setInvalid(true);
      return;
    }
    setUrl('');
    setInvalid(false);
    onInsert(trimmed);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    insert();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby="manual-link-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="manual-link-dialog-title">リンクを挿入</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label="リンク先のURL"
          placeholder="https://…"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setInvalid(false);
          }}
          onKeyDown={onKeyDown}
          error={invalid}
          helperText={LINK_URL_RULE}
        />
      </DialogContent>
      <DialogButtons label="挿入" onCancel={close} onSubmit={insert} disabled={url.trim() === ''} />
    </Dialog>
  );
};
