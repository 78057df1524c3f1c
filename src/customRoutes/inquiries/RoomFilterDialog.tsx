import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { EMPTY_INQUIRY_FILTER, toggleStatus, type InquiryFilter } from './inquiryFilter';
import { INQUIRY_STATUSES } from './inquiryStatus';

/** The filter modal (spec section 2): a pharmacy id and the statuses to show. */
export const RoomFilterDialog = ({ open, filter, onClose, onApply }: { open: boolean; filter: InquiryFilter; onClose: () => void; onApply: (filter: InquiryFilter) => void }) => {
  const [pharmacy, setPharmacy] = useState('');
  const [statuses, setStatuses] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    setPharmacy(filter.pharmacyId === undefined ? '' : String(filter.pharmacyId));
    setStatuses(filter.statuses);
  }, [open, filter]);
  const pharmacyValid = pharmacy === '' || /^[1-9]\d{0,11}$/.test(pharmacy);
  const apply = () => onApply({ ...(pharmacy !== '' && { pharmacyId: Number(pharmacy) }), statuses });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="inquiry-filter-title" fullWidth maxWidth="xs">
      <DialogTitle id="inquiry-filter-title">絞り込み</DialogTitle>
      <DialogContent>
        <TextField
          label="薬局ID"
          value={pharmacy}
          onChange={(event) => setPharmacy(event.target.value.trim())}
          error={!pharmacyValid}
          helperText={pharmacyValid ? ' ' : '薬局IDは数字で入力してください。'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          fullWidth
          margin="dense"
        />
        <FormLabel component="legend" sx={{ mt: 1 }}>
          ステータス
        </FormLabel>
        <FormGroup>
          {INQUIRY_STATUSES.map((status) => (
            <FormControlLabel
              key={status.value}
              control={<Checkbox checked={statuses.includes(status.value)} onChange={() => setStatuses((current) => toggleStatus(current, status.value))} />}
              label={status.label}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onApply(EMPTY_INQUIRY_FILTER)}>クリア</Button>
        <Button variant="outlined" onClick={onClose}>
          キャンセル
        </Button>
        <Button variant="contained" disabled={!pharmacyValid} onClick={apply}>
          適用
        </Button>
      </DialogActions>
    </Dialog>
  );
};
