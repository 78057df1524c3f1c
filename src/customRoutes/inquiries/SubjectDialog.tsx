import { useEffect, useState } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { useDelayedFocus } from './useDelayedFocus';
import { SendFailedAlert } from './SendFailedAlert';
import { DialogButtons } from '../../app/DialogButtons';

/** The subject edit modal: disabled when empty or saving; a failure keeps the text (spec sections 2 and 8). */
export const SubjectDialog = ({ open, subject, onClose, onSave }: { open: boolean; subject: string; onClose: () => void; onSave: (name: string) => Promise<void> }) => {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string[]>();
  const input = useDelayedFocus<HTMLInputElement>(open);
  useEffect(() => {
    if (!open) return;
    setName(subject);
    setError(undefined);
  }, [open, subject]);

  const save = async () => {
    if (name.trim() === '' || saving) return;
    // Saved as it opened: nothing to send (trimming an untouched subject would change it).
    if (name === subject) return onClose();
    setSaving(true);
    setError(undefined);
    try {
      await onSave(name.trim());
      onClose();
    } catch (failure) {
      setError(serverMessages(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} aria-labelledby="inquiry-subject-title" fullWidth maxWidth="sm">
      <DialogTitle id="inquiry-subject-title">件名を変更</DialogTitle>
      <DialogContent>
        {error && <SendFailedAlert messages={error} />}
        <TextField
          inputRef={input}
          label="件名"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) void save();
          }}
          fullWidth
          margin="dense"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
      </DialogContent>
      <DialogButtons label="保存" onCancel={onClose} onSubmit={() => void save()} disabled={name.trim() === ''} busy={saving} />
    </Dialog>
  );
};
