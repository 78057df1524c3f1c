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
import { EMPTY_INQUIRY_FILTER, toggleStatus, type InquiryFilter } from './inquiryFilter';
import { INQUIRY_STATUSES } from './inquiryStatus';
import { PharmacyPicker } from './PharmacyPicker';

/** The filter modal (spec section 2): a pharmacy (picked by name, the filter holds its id) and the statuses to show. */
export const RoomFilterDialog = ({ open, filter, onClose, onApply }: { open: boolean; filter: InquiryFilter; onClose: () => void; onApply: (filter: InquiryFilter) => void }) => {
  const [pharmacyId, setPharmacyId] = useState<number>();
  const [statuses, setStatuses] = useState<string[]>([]);
  useEffect(() => {
    if (!open) return;
    setPharmacyId(filter.pharmacyId);
    setStatuses(filter.statuses);
  }, [open, filter]);
  const apply = () => onApply({ ...(pharmacyId !== undefined && { pharmacyId }), statuses });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="inquiry-filter-title" fullWidth maxWidth="xs">
      <DialogTitle id="inquiry-filter-title">絞り込み</DialogTitle>
      <DialogContent>
        <PharmacyPicker value={pharmacyId} onChange={setPharmacyId} open={open} />
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
        <Button variant="contained" onClick={apply}>
          適用
        </Button>
      </DialogActions>
    </Dialog>
  );
};
