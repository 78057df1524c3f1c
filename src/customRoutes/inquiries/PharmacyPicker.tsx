import { useEffect, useState } from 'react';
import { useDataProvider, type RaRecord } from 'react-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';

/** How long typing settles before the pharmacies are searched. */
const SEARCH_DELAY_MS = 250;
const PHARMACIES = 'v2/core/pharmacies';

type Pharmacy = RaRecord & { name?: string };

const labelOf = (pharmacy: Pharmacy) => `${pharmacy.name ?? ''}（ID: ${String(pharmacy.id)}）`;

/**
 * A pharmacy picked by its name (the pharmacies list's own search, ended ones included), or by
 * its id typed as digits; the value stays the id (the spec's filter, issue 40).
 */
export const PharmacyPicker = ({ value, onChange, open }: { value: number | undefined; onChange: (id: number | undefined) => void; open: boolean }) => {
  const dataProvider = useDataProvider();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useQuery({
    queryKey: ['inquiries', 'pharmacy-picker', query],
    queryFn: async ({ signal }) => {
      const list = (filter: Record<string, unknown>) => dataProvider.getList<Pharmacy>(PHARMACIES, { pagination: { page: 1, perPage: 25 }, filter: { addEnded: true, ...filter }, signal });
      // Digits may be the id itself (the spec's filter asks for one) as well as a code.
      const byId = /^[1-9]\d{0,11}$/.test(query) ? list({ ids: [Number(query)] }).catch(() => ({ data: [] as Pharmacy[] })) : undefined;
      const [named, numbered] = await Promise.all([list(query ? { query } : {}), byId]);
      return [...(numbered?.data ?? []), ...named.data.filter((row) => !numbered?.data.some((hit) => hit.id === row.id))];
    },
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const chosen = useQuery({
    queryKey: ['inquiries', 'pharmacy-picker', 'id', value],
    queryFn: ({ signal }) => dataProvider.getMany<Pharmacy>(PHARMACIES, { ids: [value!], signal }),
    enabled: value !== undefined,
  });
  const selected = value === undefined ? null : (chosen.data?.data[0] ?? { id: value });
  const options = found.data ?? [];
  return (
    <Autocomplete<Pharmacy>
      options={selected && !options.some((option) => option.id === selected.id) ? [selected, ...options] : options}
      value={selected}
      onChange={(_event, pharmacy) => onChange(pharmacy === null ? undefined : Number(pharmacy.id))}
      // The box shows the chosen pharmacy's label; only what the user types is searched.
      onInputChange={(_event, typed, reason) => {
        if (reason === 'input') setText(typed);
        if (reason === 'clear') setText('');
      }}
      getOptionLabel={labelOf}
      isOptionEqualToValue={(option, current) => option.id === current.id}
      // The server's search already chose them (in any script, by code too): shown as they come.
      filterOptions={(candidates) => candidates}
      loading={found.isFetching}
      loadingText="検索しています…"
      noOptionsText="該当する薬局がありません"
      renderInput={(params) => <TextField {...params} label="薬局" placeholder="薬局名・医療機関コード・ID" margin="dense" />}
      fullWidth
    />
  );
};
