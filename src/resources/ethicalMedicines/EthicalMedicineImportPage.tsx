import { useEffect, useState } from 'react';
import { useCapabilities } from '../../app/capabilities';
import { Form, SelectInput, useNotify } from 'react-admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Screen } from '../../app/Screen';
import { TokyoDateInput } from '../../app/inputs/TokyoDateInput';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { formatDateTime, todayInTokyo } from '../../contract/dates';
import { SafeConfirm } from '../../app/SafeConfirm';
import type { MasterJob, MasterJobAction } from '../../dataProvider/methods/masterImports';
import { ALERT_MS, isJobRunning, jobResultText, lastJob, MASTER_LABELS, startedMessage } from './importJobs';
import { DEFAULT_INSURANCE_START_YEAR, defaultStartDate, EARLIEST_START_DATES, INSURANCE_START_YEARS, type DownloadKind } from '../../contract/ethicalMedicineImportRules';
import { MasterJobStatus } from './MasterJobStatus';

const JOBS_KEY = ['ethicalMedicines', 'masterJobs'];
const YEAR_CHOICES = INSURANCE_START_YEARS.map((year) => ({ id: year, name: `${year}年` }));

interface CardProps {
  kind: DownloadKind;
  /** The last jobs, where the environment says (masterJobs); undefined: no status is shown. */
  jobs: readonly MasterJob[] | undefined;
  onStart: (kind: DownloadKind, action: MasterJobAction, values: Record<string, unknown>) => Promise<void>;
}

/** What an import will do, with the last download it will read where the environment tells it. */
export const importConfirmText = (kind: DownloadKind, lastDownload: MasterJob | undefined): string => {
  const download = lastDownload?.status === 'SUCCEEDED' && lastDownload.stoppedAt ? `最後のダウンロード（${formatDateTime(lastDownload.stoppedAt)}）: ${jobResultText(lastDownload) ?? ''}。` : '';
  return `ダウンロード済みの${MASTER_LABELS[kind]}のファイルを取り込み、医療用医薬品マスター（薬価・名称など）を更新します。${download}よろしいですか？`;
};

/** One master's card: its start date (or year), the two buttons and the last jobs' state. */
const MasterCard = ({ kind, jobs, onStart }: CardProps) => {
  const [busy, setBusy] = useState(false);
  const [confirmingImport, setConfirmingImport] = useState(false);
  const lastImport = jobs && lastJob(jobs, kind, 'import');
  const lastDownload = jobs && lastJob(jobs, kind, 'download');
  // An import of this master already under way: another would only queue behind it.
  const importing = lastImport !== undefined && isJobRunning([lastImport]);
  const run = (action: MasterJobAction) => async (values: Record<string, unknown>) => {
    setBusy(true);
    try {
      await onStart(kind, action, values);
    } finally {
      setBusy(false);
    }
  };
  const titleId = `master-card-${kind}`;
  const defaultValues: Record<string, unknown> = kind === 'iryohoken' ? { startYear: DEFAULT_INSURANCE_START_YEAR } : { startDate: defaultStartDate() };
  return (
    <Card component="section" aria-labelledby={titleId}>
      <Form defaultValues={defaultValues} onSubmit={run('download')}>
        <CardContent>
          <Typography id={titleId} variant="h6" component="h2" gutterBottom>
            {MASTER_LABELS[kind]}
          </Typography>
          {kind === 'iryohoken' ? (
            <SelectInput source="startYear" label="開始年" choices={YEAR_CHOICES} validate={(v: unknown) => (v ? undefined : '開始年を選んでください')} />
          ) : (
            <TokyoDateInput source="startDate" label="開始日" min={EARLIEST_START_DATES[kind]} max={todayInTokyo()} isRequired />
          )}
          {jobs && (
            <Stack spacing={1}>
              <MasterJobStatus action="download" job={lastJob(jobs, kind, 'download')} />
              <MasterJobStatus action="import" job={lastJob(jobs, kind, 'import')} />
            </Stack>
          )}
        </CardContent>
        <CardActions>
          <Button type="submit" variant="contained" disabled={busy}>
            ダウンロード開始
          </Button>
          <Button type="button" variant="outlined" disabled={busy || importing} onClick={() => setConfirmingImport(true)}>
            {importing ? '取り込み中' : '取り込み開始'}
          </Button>
        </CardActions>
      </Form>
      {/* An import rewrites the medicine master (prices among it) at once: it asks first, saying so. */}
      <SafeConfirm
        isOpen={confirmingImport}
        title={`${MASTER_LABELS[kind]}の取り込みの確認`}
        content={importConfirmText(kind, lastDownload)}
        confirm="取り込み開始"
        loading={busy}
        onConfirm={() => void run('import')({}).finally(() => setConfirmingImport(false))}
        onClose={() => setConfirmingImport(false)}
      />
    </Card>
  );
};

/** `/v2/core/ethical_medicines/update`: refresh the master from the publishers' files (spec section 2). */
const EthicalMedicineImportPage = () => {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [alert, setAlert] = useState<string | undefined>();
  // The last jobs' state is an addition beyond spec section 7 (masterJobs): without it the cards show none.
  const showsJobs = useCapabilities().has('masterJobs');
  const { data: jobs = [] } = useQuery({
    queryKey: JOBS_KEY,
    queryFn: () => dataProvider.getMasterJobs(),
    enabled: showsJobs,
    // Follow a job while it runs; nothing to poll otherwise.
    refetchInterval: (query) => (isJobRunning(query.state.data ?? []) ? 1000 : false),
  });
  useEffect(() => {
    if (!alert) return undefined;
    const timer = setTimeout(() => setAlert(undefined), ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert]);

  const start = async (kind: DownloadKind, action: MasterJobAction, values: Record<string, unknown>) => {
    try {
      if (action === 'import') await dataProvider.startMasterImport(kind);
      else if (kind === 'iryohoken') await dataProvider.startMasterDownload({ kind, startYear: Number(values.startYear) });
      else await dataProvider.startMasterDownload({ kind, startDate: String(values.startDate) });
      setAlert(startedMessage(kind, action));
      await queryClient.invalidateQueries({ queryKey: JOBS_KEY });
    } catch (error) {
      const messages = (error as { body?: { messages?: string[] } }).body?.messages;
      notify(messages?.join(' ') || 'ジョブ実行が失敗しました。', { type: 'error' });
    }
  };

  return (
    <Screen title="医療用医薬品マスター更新">
      <div role="status" aria-live="polite">
        {alert && <Alert severity="success">{alert}</Alert>}
      </div>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'stretch' }}>
        {(['hot_code', 'medhot', 'iryohoken'] as const).map((kind) => (
          <MasterCard key={kind} kind={kind} jobs={showsJobs ? jobs : undefined} onStart={start} />
        ))}
      </Stack>
    </Screen>
  );
};

export default EthicalMedicineImportPage;
