import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TOAST_MS } from './warehouseRules';

export interface ToastState {
  severity: 'success' | 'error';
  message: string;
}

/** The copy job's toast (spec sections 2 and 8): bottom-right, 10 s, green on success, red on failure. */
export const CopyToast = ({ toast, onClose }: { toast: ToastState | undefined; onClose: () => void }) => (
  <Snackbar
    open={!!toast}
    autoHideDuration={TOAST_MS}
    onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
  >
    {/* Snackbar needs one element child even while closed. */}
    <Alert severity={toast?.severity ?? 'success'} variant="filled" onClose={onClose} data-testid="copy-toast" sx={{ width: '100%' }}>
      {toast?.message}
    </Alert>
  </Snackbar>
);
