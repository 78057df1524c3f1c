import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../contract/dates';
import type { MasterJob, MasterJobAction } from '../../dataProvider/methods/masterImports';
import { ACTION_LABELS, JOB_STATUS_LABELS, jobResultText, jobStatusColor } from './importJobs';

/** The state and result of a card's last download or import job. */
export const MasterJobStatus = ({ action, job }: { action: MasterJobAction; job: MasterJob | undefined }) => {
  const label = `前回の${ACTION_LABELS[action]}`;
  if (!job) {
    return (
      <Typography variant="body2" color="text.secondary">
        {label}: まだありません
      </Typography>
    );
  }
  const result = jobResultText(job);
  return (
    <Stack spacing={0.5} data-testid={`job-${job.kind}-${action}`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{label}</Typography>
        <Chip size="small" color={jobStatusColor(job.status)} label={JOB_STATUS_LABELS[job.status] ?? job.status} />
        <Typography variant="body2" color="text.secondary">
          {formatDateTime(job.createdAt)}
        </Typography>
      </Stack>
      {result && (
        <Typography variant="body2" color={job.status === 'FAILED' ? 'error' : 'text.primary'} sx={{ overflowWrap: 'anywhere' }}>
          {result}
        </Typography>
      )}
    </Stack>
  );
};
