import { useEffect, useId, useRef, useState } from 'react';
import { useDataProvider, type SortPayload } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AnyResourceDeclaration } from '../../resources/types';
import { listTitleOf } from '../../resources/listTitle';
import { CP932_REPLACEMENT } from '../../contract/cp932';
import { EXPORT_ENCODINGS, exportFileName, type ExportEncoding } from './csvExport';
import { useFindDeclaration } from '../../resources/schema/shared/DeclarationsContext';
import { exportList } from './listExport';

type Phase =
  | { kind: 'choose' }
  | { kind: 'running'; rows: number; total: number | undefined }
  | { kind: 'done'; rows: number; replaced: number; encoding: ExportEncoding; fileName: string }
  | { kind: 'failed'; message: string };

/** Saves a Blob under a file name: a temporary anchor with `download=`, the object URL freed afterwards. */
export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started reading the Blob by then; the URL is only a name for it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const count = (value: number) => value.toLocaleString('ja-JP');

/**
 * The export's dialog: the encoding (Excel 向け CP932 first), then progress as 行数 / 全件数 with
 * キャンセル, which aborts the request in flight and discards what was read; after a CP932 export,
 * how many characters Shift_JIS lacks were written as 〓.
 */
const ExportDialog = ({
  resource,
  filter,
  sort,
  columns,
  total,
  onClose,
}: {
  resource: AnyResourceDeclaration;
  filter: Record<string, unknown>;
  sort: SortPayload | undefined;
  columns: readonly string[];
  total: number | undefined;
  onClose: () => void;
}) => {
  const dataProvider = useDataProvider();
  const findDeclaration = useFindDeclaration();
  const titleId = useId();
  const statusId = useId();
  const [encoding, setEncoding] = useState<ExportEncoding>('cp932');
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const controller = useRef<AbortController | undefined>(undefined);
  const title = listTitleOf(resource);

  // Leaving the screen (or the dialog) mid-export stops it.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ kind: 'running', rows: 0, total });
    try {
      const result = await exportList({
        dataProvider,
        resource,
        findDeclaration,
        filter,
        sort,
        columns,
        encoding,
        signal: abort.signal,
        onProgress: ({ rows, total: known }) => {
          if (!abort.signal.aborted) setPhase({ kind: 'running', rows, total: known ?? total });
        },
      });
      if (abort.signal.aborted) return;
      const fileName = exportFileName(title);
      saveBlob(result.blob, fileName);
      setPhase({ kind: 'done', rows: result.rows, replaced: result.replaced, encoding, fileName });
    } catch (error) {
      if (abort.signal.aborted) return;
      setPhase({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      if (controller.current === abort) controller.current = undefined;
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = undefined;
    onClose();
  };

  const running = phase.kind === 'running';
  const percent = running && phase.total ? Math.min(100, (phase.rows / phase.total) * 100) : undefined;
  return (
    <Dialog open onClose={cancel} aria-labelledby={titleId} aria-describedby={statusId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}をエクスポート</DialogTitle>
      <DialogContent>
        <DialogContentText id={statusId} component="div" aria-live="polite">
          {phase.kind === 'choose' && (
            <>
              今の絞り込み・検索・並び順で、{total === undefined ? '' : `全${count(total)}件を`}表示中の{columns.length}列の CSV ファイルにします。
            </>
          )}
          {running && (
            <>
              読み込み中: <span data-testid="export-progress">{count(phase.rows)} 行 / {phase.total === undefined ? '?' : count(phase.total)} 件</span>
            </>
          )}
          {phase.kind === 'done' && (
            <>
              {count(phase.rows)} 行を「{phase.fileName}」に保存しました。
            </>
          )}
        </DialogContentText>
        {phase.kind === 'choose' && (
          <FormControl sx={{ mt: 2 }}>
            <FormLabel id={`${titleId}-encoding`}>文字コード</FormLabel>
            <RadioGroup aria-labelledby={`${titleId}-encoding`} value={encoding} onChange={(event) => setEncoding(event.target.value as ExportEncoding)}>
              {EXPORT_ENCODINGS.map((option, index) => (
                <FormControlLabel
                  key={option.value}
                  value={option.value}
                  label={option.label}
                  control={<Radio slotProps={{ input: { autoFocus: index === 0 && encoding === option.value } }} />}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
        {running && (
          <LinearProgress
            sx={{ mt: 2 }}
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label="エクスポートの進み具合"
          />
        )}
        {phase.kind === 'done' && phase.encoding === 'cp932' && (
          <Alert severity={phase.replaced > 0 ? 'warning' : 'success'} sx={{ mt: 2 }} data-testid="export-replaced">
            {phase.replaced > 0
              ? `Shift_JIS (CP932) にない文字 ${count(phase.replaced)} 文字を「${CP932_REPLACEMENT}」に置き換えました。元の文字が必要なら UTF-8 (BOM付き) でエクスポートしてください。`
              : 'すべての文字を Shift_JIS (CP932) で書き出しました（置き換えた文字はありません）。'}
          </Alert>
        )}
        {phase.kind === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            エクスポートできませんでした: {phase.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        {phase.kind === 'choose' && (
          <>
            <Button variant="outlined" onClick={cancel}>
              キャンセル
            </Button>
            <Button variant="contained" onClick={() => void start()}>
              エクスポート開始
            </Button>
          </>
        )}
        {running && (
          <Button variant="outlined" onClick={cancel} autoFocus>
            キャンセル
          </Button>
        )}
        {(phase.kind === 'done' || phase.kind === 'failed') && (
          <Button variant="contained" onClick={onClose} autoFocus>
            閉じる
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

export default ExportDialog;
