import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A small spinner with 読み込み中… for a card or a table cell that is still loading. */
export const InlineLoading = ({ label = '読み込み中…' }: { label?: string }) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} role="status">
    <CircularProgress size={16} />
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
  </Box>
);
