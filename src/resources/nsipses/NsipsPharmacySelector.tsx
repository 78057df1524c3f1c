import { useEffect, useState } from 'react';
import { useGetList, useGetOne } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS } from '../../app/ImeSafeSearchInput';
import { SERVER_PAGE_SIZE } from '../../lib/constants';
import { pharmacies } from '../pharmacies';
import { nsipsPharmacyRoute } from './nsipsText';

interface PharmacyOption {
  id: number | string;
  name: string;
}

const optionLabel = (pharmacy: PharmacyOption) => `${pharmacy.id}: ${pharmacy.name}`;

/**
 * The pharmacy search selector (spec section 2 "NSIPS"): search pharmacies by name, code or
 * address, and choosing one goes to `/v2/core/nsipses/{pharmacyId}`.
 */
export const NsipsPharmacySelector = ({ pharmacyId }: { pharmacyId?: string }) => {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const [composing, setComposing] = useState(false);
  // Typing pauses (and IME conversion ends) before a search is sent.
  useEffect(() => {
    if (composing) return undefined;
    const timer = setTimeout(() => setQuery(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input, composing]);
  const { data: current } = useGetOne<PharmacyOption>(pharmacies.name, { id: pharmacyId ?? '' }, { enabled: !!pharmacyId });
  const { data: options = [], isFetching } = useGetList<PharmacyOption>(pharmacies.name, {
    filter: query ? { query } : {},
    pagination: { page: 1, perPage: SERVER_PAGE_SIZE },
    sort: { field: 'id', order: 'ASC' },
  });
  const value = current && String(current.id) === pharmacyId ? current : null;
  return (
    <Autocomplete<PharmacyOption>
      sx={{ width: 480, maxWidth: '100%' }}
      options={options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={optionLabel}
      isOptionEqualToValue={(a, b) => String(a.id) === String(b.id)}
      loading={isFetching}
      loadingText="検索中…"
      noOptionsText="薬局が見つかりません"
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setInput(text);
      }}
      onChange={(_event, pharmacy) => {
        if (pharmacy) navigate(nsipsPharmacyRoute(pharmacy.id));
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label="薬局"
          placeholder="薬局名・薬局コード・住所で検索"
          size="small"
          onCompositionStart={() => setComposing(true)}
          onCompositionEnd={() => setComposing(false)}
        />
      )}
    />
  );
};
