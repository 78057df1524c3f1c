import { useId, useState } from 'react';
import { Form, TextInput, useNotify, useRecordContext } from 'react-admin';
import { requiredRule } from '../../app/inputs/requiredRule';
import { useWatch } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LICENSE_CONTENT_TYPES, LICENSE_MAX_BYTES } from '../../contract/pharmacy';
import type { License } from '../../dataProvider/methods/pharmacyMasters';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { SafeConfirm } from '../../app/SafeConfirm';
import { InlineLoading } from '../../app/InlineLoading';
import { TokyoDateInput } from '../../app/inputs/TokyoDateInput';
import { dayRangeError, LAST_DAY } from '../../app/inputs/dayInputRules';
import { formatDate, formatDateTime, todayInTokyo } from '../../contract/dates';
import { TEXTS } from '../../i18n/texts';
import { serverMessages } from '../schema/shared/serverErrors';

const licensesKey = (pharmacyId: unknown) => ['pharmacyLicenses', pharmacyId];

/** Why a chosen file cannot be a licence, before any upload (the API checks the bytes again). */
export const licenseFileProblem = (file: File | undefined): string | undefined => {
  if (!file) return undefined;
  if (!(LICENSE_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'PDF、PNG、JPEGのファイルを選んでください。';
  if (file.size > LICENSE_MAX_BYTES) return `ファイルは${LICENSE_MAX_BYTES / 1024 / 1024}MB以下にしてください。`;
  if (file.size === 0) return 'ファイルが空です。';
  return undefined;
};

const SaveLicenseButton = ({ file, saving }: { file: File | undefined; saving: boolean }) => {
  const [number, expiresOn] = useWatch({ name: ['number', 'expiresOn'] }) as [unknown, unknown];
  const today = todayInTokyo();
  const ready =
    typeof number === 'string' && number.trim() !== '' && typeof expiresOn === 'string' && expiresOn !== '' &&
    dayRangeError(expiresOn, today, LAST_DAY) === undefined && file !== undefined && licenseFileProblem(file) === undefined;
  return (
    <Button type="submit" variant="contained" disabled={!ready || saving}>
      保存
    </Button>
  );
};

/** The upload modal: number, expiry (today to 9999-12-31) and file all required; save waits for all three. */
const UploadDialog = ({ pharmacyId, onClose }: { pharmacyId: unknown; onClose: () => void }) => {
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const titleId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File>();
  const [failure, setFailure] = useState<string[]>();
  const save = useMutation({
    mutationFn: ({ number, expiresOn }: { number: string; expiresOn: string }) =>
      dataProvider.createPharmacyLicense(pharmacyId as number, { number: number.trim(), expiresOn, file: file! }),
    onSuccess: async () => {
      notify('許可証を登録しました。', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: licensesKey(pharmacyId) });
      onClose();
    },
    onError: (error) => setFailure(serverMessages(error)),
  });
  const fileProblem = licenseFileProblem(file);
  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Form mode="onChange" onSubmit={(values: Record<string, unknown>) => save.mutate(values as { number: string; expiresOn: string })} record={{}}>
        <DialogTitle id={titleId}>許可証の登録</DialogTitle>
        <DialogContent>
          {failure && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {TEXTS.messageFailed}
              <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                {failure.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            </Alert>
          )}
          {/* The first field takes the focus on opening (the dialog's own focus would leave the user a Tab away). */}
          <TextInput source="number" label="許可番号" validate={requiredRule('許可番号')} fullWidth autoFocus />
          <TokyoDateInput source="expiresOn" label="有効期限" validate={requiredRule('有効期限')} min={todayInTokyo()} max={LAST_DAY} minMessage={TEXTS.licenceExpiryFromToday} />
          <Box sx={{ mt: 2 }}>
            <Typography component="label" htmlFor={fileId} variant="body2" sx={{ display: 'block', mb: 0.5 }}>
              ファイル（PDF・PNG・JPEG、10MBまで）*
            </Typography>
            {/* The browser's own file button speaks the browser's language (Choose File / No file chosen). */}
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button component="label" variant="outlined" size="small" startIcon={<AttachFileIcon />}>
                ファイルを選択
                <input
                  id={fileId}
                  hidden
                  type="file"
                  // Required is enforced by the disabled 保存, not the browser's own check.
                  aria-required="true"
                  accept={LICENSE_CONTENT_TYPES.join(',')}
                  onChange={(event) => setFile(event.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" data-testid="license-file-name">
                {file?.name ?? '選択されていません'}
              </Typography>
            </Stack>
            {fileProblem && <FormHelperText error>{fileProblem}</FormHelperText>}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" onClick={onClose} disabled={save.isPending}>
            キャンセル
          </Button>
          <SaveLicenseButton file={file} saving={save.isPending} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};

/** ライセンス tab: the pharmacy's licences with a view link (a short-lived signed URL), delete and upload. */
const PharmacyLicensesTab = () => {
  const pharmacy = useRecordContext();
  const dataProvider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<License>();
  const licenses = useQuery({
    queryKey: licensesKey(pharmacy?.id),
    queryFn: () => dataProvider.getPharmacyLicenses(pharmacy!.id),
    enabled: pharmacy !== undefined,
    // View links expire after 5 minutes: fresh ones before that.
    refetchInterval: 240_000,
  });
  const remove = useMutation({
    mutationFn: (license: License) => dataProvider.deletePharmacyLicense(pharmacy!.id, license.id),
    onSuccess: () => {
      notify('許可証を削除しました。', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: licensesKey(pharmacy?.id) });
    },
    onError: (error) => notify(serverMessages(error).join('\n'), { type: 'error', multiLine: true }),
  });
  if (!pharmacy) return null;
  return (
    <Box sx={{ px: 2, pb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h2">
          許可証（{licenses.data?.length ?? 0}件）
        </Typography>
        <Button variant="contained" onClick={() => setUploading(true)}>
          許可証を登録
        </Button>
      </Box>
      {licenses.isPending && <InlineLoading />}
      {licenses.isError && (
        <Alert severity="error" role="alert">
          {serverMessages(licenses.error).join(' ')}
        </Alert>
      )}
      {licenses.data && (
        <Table size="small" aria-label="許可証">
          <TableHead>
            <TableRow>
              <TableCell>許可番号</TableCell>
              <TableCell>有効期限</TableCell>
              <TableCell>状態</TableCell>
              <TableCell>登録日時</TableCell>
              <TableCell>操作</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {licenses.data.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>登録されている許可証はありません</TableCell>
              </TableRow>
            )}
            {licenses.data.map((license) => (
              <TableRow key={license.id}>
                <TableCell>{license.number}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(license.expiresOn)}</TableCell>
                <TableCell>
                  <Chip size="small" label={license.active ? '有効' : '期限切れ'} color={license.active ? 'success' : 'default'} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(license.createdAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Link href={license.signedUrl} target="_blank" rel="noopener noreferrer" aria-label={`${license.number}を表示（新しいタブで開く）`}>
                    表示
                  </Link>
                  <Button size="small" color="error" sx={{ ml: 1 }} disabled={remove.isPending} onClick={() => setDeleting(license)}>
                    削除
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {uploading && <UploadDialog pharmacyId={pharmacy.id} onClose={() => setUploading(false)} />}
      <SafeConfirm
        isOpen={deleting !== undefined}
        title={deleting ? `許可証「${deleting.number}」を削除` : ''}
        content="app.confirm.delete"
        confirm="ra.action.delete"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(undefined);
        }}
        onClose={() => setDeleting(undefined)}
      />
    </Box>
  );
};

export default PharmacyLicensesTab;
