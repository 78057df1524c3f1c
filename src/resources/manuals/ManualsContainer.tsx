import { useState, type FormEvent, type ReactNode } from 'react';
import { Title } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { CategoryTree } from './CategoryTree';
import { manualPaths, useCategory } from './useManualCategories';

export const SEARCH_PLACEHOLDER = 'タイトルまたは本文で検索';

/** A text search goes to the search route; an empty one to the list. */
const ManualSearchBox = ({ initialQuery = '' }: { initialQuery?: string }) => {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    navigate(text === '' ? manualPaths.list() : manualPaths.search(text));
  };
  return (
    <Box component="form" role="search" aria-label="マニュアルを検索" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2 }}>
      <TextField
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={SEARCH_PLACEHOLDER}
        size="small"
        fullWidth
        slotProps={{ htmlInput: { 'aria-label': SEARCH_PLACEHOLDER, maxLength: 200 } }}
      />
      <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }}>
        検索
      </Button>
    </Box>
  );
};

/**
 * The manual screens' container (spec section 2): a search box, the category tree with a link
 * to a new manual on the left, and the screen itself.
 */
export const ManualsContainer = ({
  title,
  children,
  categoryId,
  query,
}: {
  title: string;
  children: ReactNode;
  /** The category being shown (marked in the tree; its ancestors opened). */
  categoryId?: number;
  query?: string;
}) => {
  // The screens ask for the same category; the query cache makes this one call.
  const category = useCategory(categoryId);
  const path = [...(category.data?.ancestors.map((ancestor) => ancestor.id) ?? []), ...(categoryId === undefined ? [] : [categoryId])];
  return (
  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '260px minmax(0, 1fr)' }, gap: 3, py: 2, alignItems: 'start' }}>
    <Title title={title} />
    <Box sx={{ display: 'grid', gap: 1, alignContent: 'start' }}>
      <Button component={RouterLink} to={manualPaths.create(categoryId)} variant="outlined" startIcon={<AddIcon />} sx={{ justifySelf: 'start' }}>
        新規マニュアル
      </Button>
      <CategoryTree currentId={categoryId} ancestorIds={path} />
    </Box>
    <Box sx={{ minWidth: 0 }}>
      <ManualSearchBox key={query ?? ''} initialQuery={query} />
      {children}
    </Box>
  </Box>
  );
};
