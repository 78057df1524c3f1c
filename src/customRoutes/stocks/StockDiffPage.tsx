import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Screen } from '../../app/Screen';
import { diffHash, parseStockIds, readDiffHash } from './diffHash';
import { StockDiffView } from './StockDiffView';

/** The inputs, prefilled from the hash; 表示 writes the hash, so a diff is always a shareable link. */
const StockIdsForm = ({ initial }: { initial: [string, string] }) => {
  const navigate = useNavigate();
  const [pharmacyText, setPharmacyText] = useState(initial[0]);
  const [itemText, setItemText] = useState(initial[1]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseStockIds(pharmacyText, itemText);
    // Text that is not an integer is kept in the hash as typed, so the page says why nothing loads.
    navigate({ hash: parsed.ok ? diffHash(parsed.ids) : `#${encodeURIComponent(pharmacyText)},${encodeURIComponent(itemText)}` });
  };
  return (
    <Card>
      <CardContent component="form" onSubmit={submit} aria-label="比較する在庫" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField label="薬局ID" size="small" value={pharmacyText} onChange={(event) => setPharmacyText(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <TextField label="品目ID" size="small" value={itemText} onChange={(event) => setItemText(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        <Button type="submit" variant="contained">
          表示
        </Button>
      </CardContent>
    </Card>
  );
};

/**
 * Stock diff (spec section 2, `/v1/medorder/stocks/diff#pharmacyId,itemId`): a pharmacy's stock
 * of one item as v2 and v1 see it, side by side and in one timeline. Nothing loads until both ids
 * are integers (section 5); the page says which one is not.
 */
const StockDiffPage = () => {
  const { hash } = useLocation();
  const texts = readDiffHash(hash);
  const parsed = parseStockIds(...texts);
  return (
    <Screen title="在庫数比較">
      <Typography color="text.secondary">v2 の在庫履歴と v1 の FIFO ラック履歴を時刻順に並べて比べます。時刻は日本時間です。</Typography>
      {/* Remounted per hash so the inputs follow a link or the browser's back button. */}
      <StockIdsForm key={hash} initial={texts} />
      {parsed.ok ? (
        // One view per subject: another pharmacy or item starts without the last one's alerts.
        <StockDiffView key={diffHash(parsed.ids)} pharmacyId={parsed.ids.pharmacyId} itemId={parsed.ids.itemId} />
      ) : (
        <Alert severity={hash ? 'warning' : 'info'} role="status">
          {parsed.reasons.map((reason) => (
            <Box key={reason}>{reason}</Box>
          ))}
        </Alert>
      )}
    </Screen>
  );
};

export default StockDiffPage;
