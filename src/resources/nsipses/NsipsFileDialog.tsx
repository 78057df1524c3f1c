import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { NsipsFileCard } from './NsipsFileCard';

/** The list's modal: the same card as the detail page, without leaving the list. */
export const NsipsFileDialog = ({ pharmacyId, filename, onClose }: { pharmacyId: string; filename: string; onClose: () => void }) => (
  <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-labelledby="nsips-file-dialog-title">
    <DialogTitle id="nsips-file-dialog-title">NSIPSファイル</DialogTitle>
    <DialogContent>
      <NsipsFileCard pharmacyId={pharmacyId} filename={filename} />
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose}>閉じる</Button>
    </DialogActions>
  </Dialog>
);
