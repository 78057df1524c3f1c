import { useState, type ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { usePortalDataProvider } from '../../app/usePortalDataProvider';
import { specPath } from '../../lib/specPaths';
import { pharmacies } from '../../resources/pharmacies';
import type { FifoRackEntry, StockLog } from '../../dataProvider/methods/stocks';
import { formatDateTime } from '../../contract/dates';
import { serverMessages } from '../../resources/schema/shared/serverErrors';
import { roundQuantity } from './runningQuantity';
import { SafeConfirm } from '../../app/SafeConfirm';
import { visuallyHidden } from '@mui/utils';
import { mergeTimeline, pendingAdjustment } from './timeline';

export const ADDED = '追加しました';
export const LOAD_ERROR = '在庫を読み込めませんでした。';
export const ADD_ERROR = '在庫調整を追加できませんでした。';

const signed = (quantity: number) => (quantity > 0 ? `+${quantity}` : String(quantity));

const Figure = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
  </Box>
);

interface DiffData {
  pharmacyName: string;
  itemName: string;
  yjCode: string;
  v2Quantity: number;
  v1Quantity: number | null;
  logs: StockLog[];
  racks: FifoRackEntry[];
}

/** The names, both quantities and the merged timeline of one pharmacy's stock of one item. */
export const StockDiffView = ({ pharmacyId, itemId }: { pharmacyId: number; itemId: number }) => {
  const provider = usePortalDataProvider();
  const queryClient = useQueryClient();
  const queryKey = ['stock-diff', pharmacyId, itemId];
  const [added, setAdded] = useState(false);
  /** The adjustment the user clicked, waiting for its confirmation. */
  const [asking, setAsking] = useState<{ loggedAt: Date; deltaQuantity: number; at: Date; label: string }>();
  const { data, isPending, isError, error } = useQuery({
    queryKey,
    retry: false,
    queryFn: async (): Promise<DiffData> => {
      const key = { pharmacyId, itemId };
      const [pharmacyName, item, v2Quantity, logs] = await Promise.all([
        provider.getPharmacyName(pharmacyId),
        provider.getStockableItem(itemId),
        provider.getV2StockQuantity(key),
        provider.getV2StockLogs(key),
      ]);
      const [racks, v1Stocks] = await Promise.all([provider.getFifoRacks(pharmacyId, item.yjCode), provider.getV1Stocks(pharmacyId, [item.yjCode])]);
      return { pharmacyName, itemName: item.name, yjCode: item.yjCode, v2Quantity, v1Quantity: v1Stocks[0]?.quantity ?? null, logs, racks };
    },
  });
  const adjust = useMutation({
    mutationFn: (adjustment: { loggedAt: Date; deltaQuantity: number }) => provider.addStockAdjustment({ pharmacyId, itemId, ...adjustment }),
    onMutate: () => setAdded(false),
    onSuccess: async () => {
      setAdded(true);
      setAsking(undefined);
      await queryClient.invalidateQueries({ queryKey });
    },
    // The page's alert says why: the confirmation steps aside for it.
    onError: () => setAsking(undefined),
  });

  if (isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={16} />
        <Typography variant="body2">読み込んでいます…</Typography>
      </Box>
    );
  }
  if (isError) {
    return (
      <Alert severity="error" role="alert">
        {LOAD_ERROR}
        {serverMessages(error).map((message) => (
          <Box key={message}>{message}</Box>
        ))}
      </Alert>
    );
  }
  const agree = data.v1Quantity !== null && roundQuantity(data.v1Quantity - data.v2Quantity) === 0;
  // Only a v1 entry whose adjustment would change v2 offers one (a zero change is refused, 422).
  const rows = mergeTimeline(data.logs, data.racks).map((row) => ({ ...row, pending: row.source === 'v1' ? pendingAdjustment(row.rack, data.logs) : null }));
  return (
    <>
      <Card component="section" aria-label="在庫の概要">
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, auto)' }, alignItems: 'end' }}>
          <Figure
            label={`薬局 (ID: ${pharmacyId})`}
            value={
              <Link component={LinkBase} to={specPath.show(pharmacies.name, pharmacyId)}>
                {data.pharmacyName}
              </Link>
            }
          />
          <Figure label={`品目 (ID: ${itemId}、YJコード: ${data.yjCode})`} value={data.itemName} />
          <Figure label="v2 の在庫数" value={String(data.v2Quantity)} />
          <Figure label="v1 の在庫数" value={data.v1Quantity === null ? 'v1 に在庫なし' : String(data.v1Quantity)} />
          <Box>
            <Chip color={agree ? 'success' : 'error'} label={agree ? '一致しています' : `一致していません (差 ${data.v1Quantity === null ? '-' : signed(roundQuantity(data.v1Quantity - data.v2Quantity))})`} />
          </Box>
        </CardContent>
      </Card>
      {added && (
        <Alert severity="success" role="status" onClose={() => setAdded(false)}>
          {ADDED}
        </Alert>
      )}
      {adjust.isError && (
        <Alert severity="error" role="alert">
          {ADD_ERROR}
          {serverMessages(adjust.error).map((message) => (
            <Box key={message}>{message}</Box>
          ))}
        </Alert>
      )}
      <Card component="section" aria-label="在庫履歴">
        <TableContainer>
          <Table size="small" aria-label="在庫履歴 (v2 と v1 の時刻順)">
            <TableHead>
              <TableRow>
                <TableCell>日時</TableCell>
                <TableCell>世代</TableCell>
                <TableCell>操作</TableCell>
                <TableCell align="right">数量</TableCell>
                <TableCell align="right">在庫数 (累計)</TableCell>
                <TableCell>処方箋番号</TableCell>
                <TableCell>
                  {/* MUI's own hidden style: an sx `width: 1` is 100 %, which stretched the page to twice the window (issue 40). */}
                  <Box component="span" sx={visuallyHidden}>
                    在庫調整
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={7}>履歴はありません</TableCell>
                </TableRow>
              )}
              {rows.map((row) => (
                <TableRow key={row.key} data-source={row.source}>
                  <TableCell>{formatDateTime(row.at)}</TableCell>
                  <TableCell>{row.source}</TableCell>
                  <TableCell>{row.label}</TableCell>
                  <TableCell align="right">{row.source === 'v1' && row.rack.type === 8 ? `= ${row.quantity}` : signed(row.quantity)}</TableCell>
                  <TableCell align="right">{row.running}</TableCell>
                  <TableCell>{row.source === 'v1' ? (row.rack.prescriptionNumber ?? '') : ''}</TableCell>
                  <TableCell>
                    {row.pending && (
                      <Button size="small" variant="outlined" disabled={adjust.isPending} onClick={() => setAsking({ ...row.pending!, at: row.at, label: row.label })}
                        aria-label={`v2 に在庫調整を追加 (${formatDateTime(row.at)} の${row.label} ${signed(row.quantity)})`}>
                        v2 に在庫調整を追加
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      {/* A stock write at once changes what the pharmacy sees: it asks first, naming the pharmacy, the item and the change. */}
      <SafeConfirm
        isOpen={asking !== undefined}
        title="在庫調整の追加の確認"
        content={
          asking
            ? `${data.pharmacyName} の「${data.itemName}」（YJコード: ${data.yjCode}）に、${formatDateTime(asking.at)} の${asking.label}に合わせた在庫調整 ${signed(asking.deltaQuantity)} を v2 に追加します。` +
              `v2 の在庫数は ${data.v2Quantity} から ${roundQuantity(data.v2Quantity + asking.deltaQuantity)} になります。よろしいですか？`
            : ''
        }
        confirm="追加する"
        loading={adjust.isPending}
        onConfirm={() => asking && adjust.mutate({ loggedAt: asking.loggedAt, deltaQuantity: asking.deltaQuantity })}
        onClose={() => setAsking(undefined)}
      />
    </>
  );
};
