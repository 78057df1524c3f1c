import { useState, type FormEvent } from 'react';
import { Title } from 'react-admin';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import type { StockableItemSearch } from '../../dataProvider/methods/masterSources';
import { StockableItemMaster } from './StockableItemMaster';

/** The search form's values as the API takes them; the pharmacy id only when it is a number. */
export const searchFromForm = (form: { query: string; pharmacyId: string; existsStock: boolean }): StockableItemSearch => {
  const pharmacyId = /^\d{1,12}$/.test(form.pharmacyId.trim()) ? Number(form.pharmacyId.trim()) : undefined;
  return {
    ...(form.query.trim() !== '' && { query: form.query.trim() }),
    ...(pharmacyId !== undefined && { pharmacyId }),
    ...(pharmacyId !== undefined && form.existsStock && { existsStock: true }),
  };
};

/** The ordering service's stockable item master (spec section 7): query, pharmacy and in-stock filter; orderable items in the spec's order. */
const StockableItemSearchPage = () => {
  const [form, setForm] = useState({ query: '', pharmacyId: '', existsStock: false });
  const [search, setSearch] = useState<StockableItemSearch>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchFromForm(form));
  };
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="在庫品目マスター検索" />
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField size="small" label="名称・YJコード" value={form.query} onChange={(e) => setForm({ ...form, query: e.target.value })} />
          <TextField size="small" label="薬局ID" value={form.pharmacyId} onChange={(e) => setForm({ ...form, pharmacyId: e.target.value })} />
          <FormControlLabel
            control={<Checkbox checked={form.existsStock} onChange={(e) => setForm({ ...form, existsStock: e.target.checked })} />}
            label="在庫ありのみ（薬局IDを指定）"
          />
          <Button type="submit" variant="contained">
            検索
          </Button>
        </Box>
        <StockableItemMaster search={search} title="検索結果" />
      </CardContent>
    </Card>
  );
};

export default StockableItemSearchPage;
