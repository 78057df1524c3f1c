import { useId, useState } from 'react';
import { useNotify, useRecordContext } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { BATCH_TTLS, type BatchTtl } from '../../contract/pharmacy';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { InlineLoading } from '../../app/InlineLoading';
import { ServerErrors } from '../schema/shared/ServerErrors';
import { serverMessages } from '../schema/shared/serverErrors';

/** The batch queue's three settings (spec sections 4 and 9), in the spec's order. */
export const BATCH_QUEUE_LABELS: Record<BatchTtl, string> = {
  43200: 'オン（有効期間 12時間 = 43200秒）',
  3600: 'オン（有効期間 1時間 = 3600秒）',
  0: 'オフ',
};

/** 設定 tab: the ordering service's batch queue for this pharmacy (GET/PUT batch_config on medorder, not core). */
const PharmacyConfigsTab = () => {
  const pharmacy = useRecordContext();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const labelId = useId();
  const queryKey = ['batchConfig', pharmacy?.id];
  const config = useQuery({ queryKey, queryFn: () => dataProvider.getBatchConfig(pharmacy!.id), enabled: pharmacy !== undefined });
  const [chosen, setChosen] = useState<number>();
  const save = useMutation({
    mutationFn: (ttl: number) => dataProvider.updateBatchConfig(pharmacy!.id, { ttl, useSecondary: ttl !== 0 }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setChosen(undefined);
      notify('app.notification.updated', { type: 'success' });
    },
  });
  if (!pharmacy) return null;
  if (config.isPending) return <InlineLoading />;
  if (config.isError) return <Alert severity="error" role="alert">{serverMessages(config.error).join(' ')}</Alert>;
  const value = chosen ?? config.data.ttl;
  return (
    <Box sx={{ px: 2, pb: 2, display: 'grid', gap: 2, maxWidth: 560 }}>
      {save.isError && <ServerErrors messages={serverMessages(save.error)} />}
      <FormControl>
        <FormLabel id={labelId}>バッチキュー（発注サービス）</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={String(value)} onChange={(event) => setChosen(Number(event.target.value))}>
          {BATCH_TTLS.map((ttl) => (
            <FormControlLabel key={ttl} value={String(ttl)} control={<Radio />} label={BATCH_QUEUE_LABELS[ttl]} />
          ))}
        </RadioGroup>
      </FormControl>
      <Box>
        <Button variant="contained" disabled={value === config.data.ttl || save.isPending} onClick={() => save.mutate(value)}>
          保存
        </Button>
      </Box>
    </Box>
  );
};

export default PharmacyConfigsTab;
