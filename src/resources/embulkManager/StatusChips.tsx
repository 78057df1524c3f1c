import Chip from '@mui/material/Chip';
import { JOB_STATUS_LABELS, jobStatusColor } from '../ethicalMedicines/importJobs';
import { WAREHOUSE_TEXTS } from './warehouseRules';

/*
 * Filled chips with white text need a dark enough background for small text (4.5:1): MUI's info
 * (#0288d1, 3.9:1) and warning (#ed6c02, 3.1:1) fall short, so those use their dark shades.
 */

/** A job's status (spec section 4): SUCCEEDED in the success colour, FAILED in danger, the rest as info. */
export const JobStatusChip = ({ status }: { status: string }) => {
  const color = jobStatusColor(status);
  return (
    <Chip
      size="small"
      label={`${JOB_STATUS_LABELS[status] ?? status}（${status}）`}
      data-status={status}
      sx={(theme) => ({
        color: '#fff',
        bgcolor: color === 'success' ? theme.palette.success.dark : color === 'error' ? theme.palette.error.main : theme.palette.info.dark,
      })}
    />
  );
};

/** The warning badge beside a table not modified today (spec section 4). */
export const StaleBadge = () => (
  <Chip size="small" label={WAREHOUSE_TEXTS.staleBadge} title={WAREHOUSE_TEXTS.staleHint} data-testid="stale-badge" sx={{ ml: 1, color: '#fff', bgcolor: '#b24a00' }} />
);
