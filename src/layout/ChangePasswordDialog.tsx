import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usePortalDataProvider } from '../app/usePortalDataProvider';
import { ServerErrors } from '../resources/schema/shared/ServerErrors';
import { serverMessages } from '../resources/schema/shared/serverErrors';
import {
  PASSWORD_CHANGED_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_POLICY_HINT,
  translatePasswordMessages,
} from './passwordMessages';

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The account menu's password change (spec sections 4, 5 and 8): the current password (the server
 * refuses a change without it, so a stolen session alone cannot take the account), two entries of
 * the new one that must match, the server's messages in a red list (the strength error in
 * Japanese), a success alert.
 */
const ChangePasswordDialog = ({ open, onClose }: ChangePasswordDialogProps) => {
  const { changePassword } = usePortalDataProvider();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [newPasswordAgain, setNewPasswordAgain] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const notify = useNotify();

  // Done: the dialog closes with its fields emptied (no password stays on screen or in the DOM)
  // and the spec's sentence stays as the app's notice (issue 40).
  const change = useMutation({
    mutationFn: changePassword,
    onMutate: () => setErrors([]),
    onSuccess: () => {
      notify(PASSWORD_CHANGED_MESSAGE, { type: 'success' });
      close();
    },
    onError: (error) => setErrors(translatePasswordMessages(serverMessages(error))),
  });

  const mismatch = newPassword !== '' && newPasswordAgain !== '' && newPassword !== newPasswordAgain;
  const canSubmit = currentPassword !== '' && newPassword !== '' && newPasswordAgain !== '' && !mismatch && !change.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    change.mutate({ currentPassword, newPassword, newPasswordAgain });
  };

  function close() {
    setCurrentPassword('');
    setNewPassword('');
    setNewPasswordAgain('');
    setErrors([]);
    change.reset();
    onClose();
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="change-password-title">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="change-password-title">パスワード変更</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <ServerErrors messages={errors} label="エラー" />
          <Typography variant="body2" color="text.secondary">
            {PASSWORD_POLICY_HINT}
          </Typography>
          <TextField
            label="現在のパスワード"
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            value={currentPassword}
            onChange={(event) => {
              setCurrentPassword(event.target.value);
              setErrors([]);
            }}
          />
          <TextField
            label="新しいパスワード"
            type="password"
            autoComplete="new-password"
            required
            value={newPassword}
            onChange={(event) => {
              setNewPassword(event.target.value);
              setErrors([]);
            }}
          />
          <TextField
            label="新しいパスワード（確認）"
            type="password"
            autoComplete="new-password"
            required
            value={newPasswordAgain}
            error={mismatch}
            helperText={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}
            onChange={(event) => setNewPasswordAgain(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>閉じる</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!canSubmit}
            startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            変更する
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};

export default ChangePasswordDialog;
