import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Screen } from '../../app/Screen';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { formatDateTime } from '../../contract/dates';
import { serverMessages } from '../schema/shared/serverErrors';
import { JobStatusChip } from './StatusChips';
import { JOB_STATUSES, jobRunTime, WAREHOUSE_TEXTS } from './warehouseRules';

const HEADERS = ['job_name（ジョブ名）', 'created_at（登録日時）', 'started_at（開始日時）', 'stopped_at（終了日時）', '実行時間', 'status（状態）'];

/** `/v2/core/embulk_manager/embulks`: the copy jobs, newest first, refreshed on demand (spec section 2). */
const WarehouseJobsPage = () => {
  const dataProvider = usePortalDataProvider();
  const [status, setStatus] = useState('');
  const { data = [], isPending, isFetching, error, refetch } = useQuery({
    queryKey: ['warehouse', 'jobs', status],
    queryFn: () => dataProvider.getWarehouseJobs(status || undefined),
  });

  return (
    <Screen title={WAREHOUSE_TEXTS.jobs}>
      <Alert severity="info">{WAREHOUSE_TEXTS.historyNote}</Alert>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id="job-status-label">状態で絞り込む</InputLabel>
          <Select labelId="job-status-label" label="状態で絞り込む" value={status} onChange={(event) => setStatus(event.target.value)}>
            <MenuItem value="">{WAREHOUSE_TEXTS.allStatuses}</MenuItem>
            {JOB_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {value}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={() => void refetch()} disabled={isFetching}>
          {WAREHOUSE_TEXTS.refresh}
        </Button>
      </Stack>
      <Card>
        {isPending ? (
          <Typography role="status" sx={{ p: 2 }}>
            読み込み中…
          </Typography>
        ) : error ? (
          <Alert severity="error">{serverMessages(error).join(' ')}</Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="コピージョブ一覧">
              <TableHead>
                <TableRow>
                  {HEADERS.map((header) => (
                    <TableCell key={header}>{header}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((job) => (
                  <TableRow key={job.jobId} data-job-name={job.jobName}>
                    <TableCell>
                      {job.jobName}
                      {job.statusReason && (
                        <Typography variant="body2" color="error">
                          {job.statusReason}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.createdAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.startedAt)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(job.stoppedAt)}</TableCell>
                    <TableCell>{jobRunTime(job)}</TableCell>
                    <TableCell>
                      <JobStatusChip status={job.status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {data.length === 0 && (
              <Box sx={{ p: 2 }}>
                <Typography>{WAREHOUSE_TEXTS.noJobs}</Typography>
              </Box>
            )}
          </TableContainer>
        )}
      </Card>
    </Screen>
  );
};

export default WarehouseJobsPage;
