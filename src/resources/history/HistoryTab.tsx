import { useId, useMemo, useState } from 'react';
import { LinkBase, RecordContextProvider, useDataProvider, useInfiniteGetList, useNotify, useRecordContext, useRefresh } from 'react-admin';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../contract/dates';
import { VERSION_EVENTS } from '../../contract/versions';
import { specPath } from '../../lib/specPaths';
import { InlineLoading } from '../../app/InlineLoading';
import { SafeConfirm } from '../../app/SafeConfirm';
import { FieldValue, NOT_SET } from '../schema/shared/FieldValue';
import { fieldLabel } from '../schema/shared/fieldDisplay';
import { serverMessages } from '../schema/shared/serverErrors';
import { useResourceDeclaration } from '../schema/shared/useResourceDeclaration';
import type { AnyResourceDeclaration } from '../types';
import { versionsResourceOf } from './versionLists';
import { asRecord, differences, restoredValues, stateAfter, type FieldDifference, type Version } from './versionState';

const eventLabel = (event: Version['event']) => VERSION_EVENTS.find((e) => e.value === event)?.label ?? event;

/** A value as the detail shows it: the field's own view (a reference's name, a choice's label), 未設定 when empty. */
const ShownValue = ({ resource, path, record }: { resource: AnyResourceDeclaration; path: string; record: Record<string, unknown> }) => {
  const field = resource.fields[path];
  if (!field) {
    const value = path.split('.').reduce<unknown>((v, key) => (v as Record<string, unknown> | null)?.[key], record);
    return <>{value === null || value === undefined || value === '' ? NOT_SET : String(value)}</>;
  }
  return (
    <RecordContextProvider value={record as never}>
      <FieldValue source={path} field={field} emptyText={NOT_SET} />
    </RecordContextProvider>
  );
};


/** The 項目 column: a label on one line, the column only as wide as the longest. */
const FIELD_COLUMN = { whiteSpace: 'nowrap', width: '1%' } as const;

/** Fields with their value before and after, as a table: 項目 | 変更前 | 変更後. */
const DifferenceTable = ({ resource, rows, before, after, caption, headings = ['変更前', '変更後'] }: {
  resource: AnyResourceDeclaration;
  rows: readonly FieldDifference[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  caption: string;
  headings?: [string, string];
}) => (
  <Table size="small" aria-label={caption}>
    <TableHead>
      <TableRow>
        {/* As wide as its longest label and no wider: auto layout gave it what 「備考」 wrapped in (two lines at 1440 px). */}
        <TableCell component="th" scope="col" sx={FIELD_COLUMN}>項目</TableCell>
        <TableCell component="th" scope="col">{headings[0]}</TableCell>
        <TableCell component="th" scope="col">{headings[1]}</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {rows.map(({ key }) => (
        <TableRow key={key}>
          <TableCell component="th" scope="row" sx={FIELD_COLUMN}>{fieldLabel(resource, key)}</TableCell>
          <TableCell><ShownValue resource={resource} path={key} record={before} /></TableCell>
          <TableCell><ShownValue resource={resource} path={key} record={after} /></TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);

/** Who made a version: their name linked to their user record; the system's changes name no one. */
const Who = ({ version }: { version: Version }) =>
  version.whodunnit ? (
    <Link component={LinkBase} to={specPath.show('v2/core/users', version.whodunnit)}>
      {version.whodunnitName ?? `#${version.whodunnit}`}
    </Link>
  ) : (
    <>システム</>
  );

/** A version's fields before and after, as records shaped like the detail's. */
const beforeAndAfter = (version: Version) => {
  const before = asRecord(Object.fromEntries(Object.entries(version.objectChanges).map(([key, [was]]) => [key, was])), version.itemId);
  const after = asRecord(Object.fromEntries(Object.entries(version.objectChanges).map(([key, [, is]]) => [key, is])), version.itemId);
  return { before, after };
};

interface Restoring {
  version: Version;
  data: Record<string, unknown>;
  changes: FieldDifference[];
}

/**
 * 変更履歴 (issue 39): the record's versions, newest first, each with when, who and every changed
 * field before → after as the detail shows it. Two chosen versions are compared; 「この版に戻す」
 * saves a version's values through the same path as the edit form (its rules, the no-op
 * invariant, the conflict check), after showing what will change; the restore is itself a version.
 */
const HistoryTab = () => {
  const resource = useResourceDeclaration();
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const refresh = useRefresh();
  const headingId = useId();
  const [chosen, setChosen] = useState<number[]>([]);
  const [restoring, setRestoring] = useState<Restoring>();
  const [problem, setProblem] = useState<{ severity: 'error' | 'info'; messages: string[] }>();
  const [saving, setSaving] = useState(false);
  // The versions are the record's service's (the ordering service keeps its fixtures').
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteGetList<Version & { id: number }>(
    versionsResourceOf(resource.name),
    { filter: { itemType: resource.name, itemId: String(record?.id ?? '') }, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 25 } },
    { enabled: record !== undefined },
  );
  const versions = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  if (!record) return <InlineLoading />;
  if (isPending) return <InlineLoading />;
  if (error) return <Alert severity="error" role="alert">{serverMessages(error).join(' ')}</Alert>;

  const canRestore = Boolean(resource.capabilities?.edit && resource.form);
  const current = record as Record<string, unknown>;

  const askRestore = (version: Version) => {
    setProblem(undefined);
    const newer = versions.filter((v) => v.id >= version.id);
    const restored = restoredValues(current, version, newer);
    const changes = differences(newer.flatMap((v) => Object.keys(v.objectChanges)).concat(Object.keys(stateAfter(version))), current, restored);
    if (changes.length === 0) {
      setProblem({ severity: 'info', messages: ['今の値はこの版と同じです。戻すものはありません。'] });
      return;
    }
    const formErrors = Object.values(resource.form?.validate?.(restored) ?? {}).flat().map(String);
    if (formErrors.length > 0) {
      setProblem({ severity: 'error', messages: ['この版の値は今の入力ルールに合わないため戻せません。', ...formErrors] });
      return;
    }
    setRestoring({ version, data: restored, changes });
  };

  const restore = async () => {
    if (!restoring) return;
    setSaving(true);
    try {
      await dataProvider.update(resource.name, { id: record.id, data: restoring.data, previousData: record });
      notify('この版に戻しました。', { type: 'success' });
      setRestoring(undefined);
      refresh();
    } catch (failure) {
      setRestoring(undefined);
      setProblem({ severity: 'error', messages: serverMessages(failure) });
    } finally {
      setSaving(false);
    }
  };

  const toggle = (id: number) =>
    setChosen((ids) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id].slice(-2)));
  const compared = chosen.length === 2 ? [...chosen].sort((a, b) => a - b).map((id) => versions.find((v) => v.id === id)!) : undefined;

  return (
    <Stack spacing={2} aria-labelledby={headingId} component="section">
      <Typography id={headingId} variant="h6" component="h2">
        変更履歴
      </Typography>
      {problem && (
        <Alert severity={problem.severity} role={problem.severity === 'error' ? 'alert' : 'status'} onClose={() => setProblem(undefined)}>
          {problem.messages.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Alert>
      )}
      {versions.length === 0 && <Typography>変更履歴はまだありません。</Typography>}
      {versions.length > 1 && <Typography variant="body2" color="text.secondary">2つの版の「比較する」を選ぶと、その間の違いを表示します。</Typography>}
      {compared && <Comparison resource={resource} older={compared[0]} newer={compared[1]} versions={versions} />}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
        {versions.map((version) => {
          const { before, after } = beforeAndAfter(version);
          const rows = Object.keys(version.objectChanges).map((key) => ({ key, before: null, after: null }));
          const when = formatDateTime(version.createdAt);
          return (
            <Paper component="li" variant="outlined" key={version.id} sx={{ p: 2 }}>
              <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold' }}>
                  {when} {eventLabel(version.event)}
                </Typography>
                <Typography variant="body2">
                  変更者: <Who version={version} />
                </Typography>
                <FormControlLabel
                  control={<Checkbox checked={chosen.includes(version.id)} onChange={() => toggle(version.id)} />}
                  label="比較する"
                  slotProps={{ typography: { variant: 'body2' } }}
                  aria-label={`${when}の版を比較する`}
                />
                {canRestore && version.event !== 'destroy' && (
                  <Button size="small" variant="outlined" onClick={() => askRestore(version)} aria-label={`${when}の版に戻す`}>
                    この版に戻す
                  </Button>
                )}
              </Stack>
              <DifferenceTable resource={resource} rows={rows} before={before} after={after} caption={`${when}の変更`} />
            </Paper>
          );
        })}
      </Box>
      {hasNextPage && (
        <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} sx={{ alignSelf: 'flex-start' }}>
          さらに表示
        </Button>
      )}
      <SafeConfirm
        isOpen={restoring !== undefined}
        title="この版に戻しますか？"
        content={
          restoring && (
            <>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {formatDateTime(restoring.version.createdAt)}の版の値で保存します。次の項目が変わります。
              </Typography>
              <DifferenceTable resource={resource} rows={restoring.changes} before={current} after={restoring.data} caption="戻すと変わる項目" headings={['今の値', '戻した後']} />
            </>
          )
        }
        confirm="この版に戻す"
        loading={saving}
        onConfirm={() => void restore()}
        onClose={() => setRestoring(undefined)}
      />
    </Stack>
  );
};

/** Two versions side by side: the fields whose values differ between what each left. */
const Comparison = ({ resource, older, newer, versions }: { resource: AnyResourceDeclaration; older: Version; newer: Version; versions: readonly Version[] }) => {
  const between = versions.filter((v) => v.id > older.id && v.id <= newer.id);
  const olderState = asRecord(stateAfter(older), older.itemId);
  const newerState = asRecord(stateAfter(newer), newer.itemId);
  const rows = differences(between.flatMap((v) => Object.keys(v.objectChanges)), olderState, newerState);
  const [olderWhen, newerWhen] = [formatDateTime(older.createdAt), formatDateTime(newer.createdAt)];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="2つの版の比較">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 'bold', mb: 1 }}>
        比較: {olderWhen} → {newerWhen}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">2つの版の値は同じです。</Typography>
      ) : (
        <DifferenceTable resource={resource} rows={rows} before={olderState} after={newerState} caption="2つの版の違い" headings={[olderWhen, newerWhen]} />
      )}
    </Paper>
  );
};

export default HistoryTab;
