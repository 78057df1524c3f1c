import { useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { SafeConfirm } from '../../app/SafeConfirm';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { runStockFix, stockFixWaits, type FixProgress, type FixResult } from './fixRunner';

export const FIX_DONE = '在庫修正が完了しました。';
export const FIX_CANCELLED = '在庫修正を中止しました。';
export const failedReport = (codes: readonly string[]) => `修正できなかった薬 (${codes.length}件): ${codes.join('、')}`;
const describeFixError = (error: unknown) => serverMessages(error).join(' ');

const statusOf = (code: string, index: number, progress: FixProgress | null, result: FixResult | null) => {
  const failed = (result?.failed ?? progress?.failed ?? []).includes(code);
  if (failed) return '失敗';
  const done = result?.done ?? progress?.done ?? 0;
  if (index < done) return '修正済み';
  if (!result && progress?.current === code) return '修正中';
  return result?.cancelled ? '未実行' : '待機中';
};

/**
 * The stock fix modal (spec sections 2, 4, 8, 9): lists every drug v1 holds for the pharmacy (all
 * pages), then fixes them one by one with the spec's waits, showing the count and a progress bar,
 * and ends with a report naming the codes that failed. Cancelling stops before the next drug;
 * closing while it runs asks first.
 */
export const StockFixDialog = ({ pharmacyId, onClose }: { pharmacyId: number; onClose: () => void }) => {
  const provider = usePortalDataProvider();
  const [progress, setProgress] = useState<FixProgress | null>(null);
  const [result, setResult] = useState<FixResult | null>(null);
  const [confirmClose, setConfirmClose] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const stocks = useQuery({
    queryKey: ['stock-fix', pharmacyId],
    queryFn: () => provider.getV1Stocks(pharmacyId),
    retry: false,
    gcTime: 0,
  });
  const codes = stocks.data?.map((stock) => stock.yjCode);

  useEffect(() => {
    if (!codes) return;
    const abort = new AbortController();
    controller.current = abort;
    // Unmounting (or React's double mount in development) drops this run silently; only the
    // user's 中止 ends it with a report.
    let disposed = false;
    const onProgress = (next: FixProgress) => !disposed && setProgress(next);
    const fix = (code: string) => provider.fixV1Stock(pharmacyId, code);
    void runStockFix({ codes, fix, waits: stockFixWaits(), signal: abort.signal, onProgress, describeError: describeFixError }).then(
      (finished) => !disposed && setResult(finished),
    );
    return () => {
      disposed = true;
      abort.abort();
    };
    // One run per loaded list: the codes' identity is the query's data.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stocks.data]);

  const running = codes !== undefined && result === null;
  const cancel = () => controller.current?.abort();
  const requestClose = () => (running ? setConfirmClose(true) : onClose());
  const total = codes?.length ?? 0;
  const done = result?.done ?? progress?.done ?? 0;

  return (
    <Dialog open onClose={requestClose} fullWidth maxWidth="sm" aria-labelledby="stock-fix-title">
      <DialogTitle id="stock-fix-title">在庫修正 (薬局ID: {pharmacyId})</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {stocks.isPending && (
          <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <CircularProgress size={16} />
            <Typography variant="body2">在庫のある薬を取得しています…</Typography>
          </Box>
        )}
        {stocks.isError && (
          <Alert severity="error" role="alert">
            在庫のある薬を取得できませんでした。
            {serverMessages(stocks.error).map((message) => (
              <Box key={message}>{message}</Box>
            ))}
          </Alert>
        )}
        {codes && (
          <>
            <Typography role="status">
              在庫のある薬: {total}件 / 処理済み: {done}件
            </Typography>
            <LinearProgress variant="determinate" value={total === 0 ? 100 : (done / total) * 100} aria-label="在庫修正の進み具合" />
            {result && (
              <Alert severity={result.failed.length > 0 ? 'error' : result.cancelled ? 'warning' : 'success'} role="alert">
                <Box>{result.cancelled ? FIX_CANCELLED : FIX_DONE}</Box>
                {result.failed.length > 0 && (
                  <>
                    <Box>{failedReport(result.failed)}</Box>
                    <Box component="ul" sx={{ m: 0, pl: 3 }}>
                      {result.failed.map((code) => (
                        <li key={code}>{`${code}: ${result.reasons[code]}`}</li>
                      ))}
                    </Box>
                  </>
                )}
              </Alert>
            )}
            <List dense aria-label="在庫のある薬" tabIndex={0} sx={{ maxHeight: 320, overflow: 'auto' }}>
              {codes.map((code, index) => (
                <ListItem key={code} divider>
                  <ListItemText primary={code} secondary={`v1 在庫数 ${stocks.data?.[index].quantity}`} />
                  <Box sx={{ textAlign: 'right', maxWidth: '60%' }}>
                    <Typography variant="body2">{statusOf(code, index, progress, result)}</Typography>
                    {(result ?? progress)?.reasons[code] && (
                      <Typography variant="caption" color="error" component="p">
                        {(result ?? progress)?.reasons[code]}
                      </Typography>
                    )}
                  </Box>
                </ListItem>
              ))}
            </List>
          </>
        )}
      </DialogContent>
      <DialogActions>
        {running && (
          <Button color="error" onClick={cancel}>
            中止
          </Button>
        )}
        <Button variant="outlined" onClick={requestClose}>
          閉じる
        </Button>
      </DialogActions>
      <SafeConfirm
        isOpen={confirmClose}
        title="在庫修正を中止しますか？"
        content="修正中です。閉じると残りの薬は修正されません。"
        confirm="中止して閉じる"
        onClose={() => setConfirmClose(false)}
        onConfirm={() => {
          cancel();
          setConfirmClose(false);
          onClose();
        }}
      />
    </Dialog>
  );
};
