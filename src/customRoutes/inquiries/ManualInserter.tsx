import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { InlineLoading } from '../../app/InlineLoading';
import type { ManualRecord } from '../../resources/manuals/ManualRows';
import { MANUALS } from '../../resources/manuals/useManualCategories';
import { useManualPage } from '../../resources/manuals/useManualPage';
import { linkSnippet, manualSections, sectionSnippet } from './manualSnippets';

/** How long typing must pause before the manuals are searched. */
const SEARCH_DELAY_MS = 300;
/** Results offered: the best matches; a longer hunt belongs on the manual screen. */
const RESULTS_SHOWN = 10;

/**
 * Search the manuals (the manual screen's own search) and put a manual's title and link, or one
 * of its sections, into the message (issue 25). The chosen manual is read afresh from the API,
 * which counts the use as a view. While an IME composition is open nothing is searched.
 */
export const ManualInserter = ({ onInsert, onCancel }: { onInsert: (snippet: string) => void; onCancel: () => void }) => {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const composing = useRef(false);
  const [chosenId, setChosenId] = useState<number>();
  const [part, setPart] = useState('link');
  const dataProvider = useDataProvider();

  useEffect(() => {
    if (composing.current) return undefined;
    const timer = window.setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const results = useManualPage({ query }, 1, query !== '');
  // Not from the cache: reading the manual is the use the view count counts.
  const manual = useQuery({
    queryKey: ['inquiries', 'insert-manual', chosenId],
    queryFn: async () => (await dataProvider.getOne<ManualRecord>(MANUALS, { id: chosenId! })).data,
    enabled: chosenId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
  const sections = manual.data ? manualSections(manual.data.content) : [];

  const insert = () => {
    if (!manual.data) return;
    const section = part === 'link' ? undefined : sections[Number(part)];
    onInsert(section ? sectionSnippet(section) : linkSnippet(manual.data, window.location.origin));
  };

  return (
    <Box role="group" aria-label="マニュアルから挿入" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}>
      {chosenId === undefined ? (
        <>
          <TextField
            label="マニュアルを検索"
            placeholder="タイトル・本文で検索"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onCompositionStart={() => (composing.current = true)}
            onCompositionEnd={(event) => {
              composing.current = false;
              setTyped((event.target as HTMLInputElement).value);
            }}
            size="small"
            fullWidth
            autoFocus
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          />
          {query !== '' && (
            <Typography role="status" variant="body2" sx={{ mt: 1 }}>
              {results.isPending ? '検索しています…' : results.error ? '検索できませんでした。' : `${(results.total ?? 0).toLocaleString('ja-JP')}件見つかりました`}
            </Typography>
          )}
          {results.data && results.data.length > 0 && (
            <List dense aria-label="マニュアルの検索結果" sx={{ maxHeight: 220, overflowY: 'auto' }}>
              {results.data.slice(0, RESULTS_SHOWN).map((found) => (
                <ListItemButton key={found.id} onClick={() => setChosenId(found.id)}>
                  {found.title}
                </ListItemButton>
              ))}
            </List>
          )}
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" onClick={onCancel}>
              閉じる
            </Button>
          </Stack>
        </>
      ) : manual.isPending ? (
        <InlineLoading label="マニュアルを読み込んでいます…" />
      ) : manual.error || !manual.data ? (
        <Typography role="alert" color="error">
          マニュアルを読み込めませんでした。
        </Typography>
      ) : (
        <FormControl fullWidth>
          <FormLabel id="manual-insert-part">「{manual.data.title}」から挿入する内容</FormLabel>
          <RadioGroup aria-labelledby="manual-insert-part" value={part} onChange={(event) => setPart(event.target.value)} sx={{ maxHeight: 220, overflowY: 'auto', flexWrap: 'nowrap' }}>
            <FormControlLabel value="link" control={<Radio size="small" />} label="タイトルとリンク" />
            {sections.map((section, index) => (
              <FormControlLabel key={index} value={String(index)} control={<Radio size="small" />} label={`■ ${section.heading}`} />
            ))}
          </RadioGroup>
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
            <Button size="small" onClick={() => setChosenId(undefined)}>
              検索に戻る
            </Button>
            <Button size="small" variant="contained" onClick={insert}>
              挿入
            </Button>
          </Stack>
        </FormControl>
      )}
    </Box>
  );
};
