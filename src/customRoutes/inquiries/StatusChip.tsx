import Chip, { type ChipProps } from '@mui/material/Chip';
import { inquiryStatusColor, inquiryStatusLabel } from './inquiryStatus';

/** A room's status label: the colour on the border, the text in the body colour (readable on any background). */
export const StatusChip = ({ status, ...props }: { status: string } & Omit<ChipProps, 'label' | 'color'>) => {
  const color = inquiryStatusColor(status);
  return (
    <Chip
      {...props}
      label={inquiryStatusLabel(status)}
      variant="outlined"
      sx={{ color: 'text.primary', borderColor: color === 'default' ? 'grey.500' : `${color}.main`, borderWidth: 2, fontWeight: 600 }}
    />
  );
};
