import { useState, type FormEvent } from 'react';
import { LinkBase, useGetList } from 'react-admin';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Screen } from '../../app/Screen';
import { parseStockIds } from './diffHash';
import { StockFixDialog } from './StockFixDialog';

export const PHARMACY_ID_NOT_INTEGER = '薬局IDは整数で入力してください。';

/** The first pharmacies by id, to pick one from without leaving the screen. */
const PharmacyCheatSheet = ({ onPick }: { onPick: (id: number) => void }) => {
  const { data, isPending, error } = useGetList<{ id: number; name: string; address1?: string }>('v2/core/pharmacies', {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'ASC' },
  });
  return (
    <Card component="section" aria-label="薬局の早見表">
      <CardHeader title="薬局の早見表" slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Typography role="status">読み込んでいます…</Typography>
        ) : error ? (
          <Alert severity="error">薬局を読み込めませんでした。</Alert>
        ) : (
          <Table size="small" aria-label="薬局の早見表">
            <TableHead>
              <TableRow>
                <TableCell>薬局ID</TableCell>
                <TableCell>薬局名</TableCell>
                <TableCell>都道府県</TableCell>
                <TableCell>選択</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data?.map((pharmacy) => (
                <TableRow key={pharmacy.id}>
                  <TableCell>{pharmacy.id}</TableCell>
                  <TableCell>{pharmacy.name}</TableCell>
                  <TableCell>{pharmacy.address1}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => onPick(pharmacy.id)} aria-label={`${pharmacy.name} (ID: ${pharmacy.id}) を選ぶ`}>
                      選ぶ
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
};

/**
 * Stock fix (spec section 2, `/v1/medorder/stocks/fix`, the default of v1/medorder): rebuilds v1's
 * cached stock of every drug a pharmacy holds, one by one, in a modal.
 */
const StockFixPage = () => {
  const [pharmacyText, setPharmacyText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [running, setRunning] = useState<number | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseStockIds(pharmacyText, '0');
    setInvalid(!parsed.ok);
    if (parsed.ok) setRunning(parsed.ids.pharmacyId);
  };
  return (
    <Screen title="在庫修正">
      <Typography color="text.secondary">
        薬局が v1 で在庫を持つすべての薬について、在庫数を FIFO ラック履歴から再計算します。1件ごとに1秒待ち、失敗したら10秒待って次へ進みます。
        1件ずつ比べるときは <LinkBase to="/v1/medorder/stocks/diff">在庫数比較</LinkBase> を使います。
      </Typography>
      <Card>
        <CardContent component="form" onSubmit={submit} aria-label="在庫修正する薬局" sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label="薬局ID"
            size="small"
            value={pharmacyText}
            onChange={(event) => setPharmacyText(event.target.value)}
            error={invalid}
            helperText={invalid ? PHARMACY_ID_NOT_INTEGER : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="contained">
            在庫修正を実行
          </Button>
        </CardContent>
      </Card>
      <PharmacyCheatSheet onPick={(id) => { setPharmacyText(String(id)); setInvalid(false); }} />
      {running !== null && <StockFixDialog key={running} pharmacyId={running} onClose={() => setRunning(null)} />}
    </Screen>
  );
};

export default StockFixPage;
