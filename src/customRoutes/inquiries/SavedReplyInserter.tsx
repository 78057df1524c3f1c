import { useId, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { optionId, SavedReplyOptions, useSavedReplySearch, type SavedReply } from './SavedReplyOptions';

/** Moves the active option with ↑/↓ (wrapping), picks it with Enter; answers whether the key was used. */
export function listKeys(event: KeyboardEvent, count: number, active: number, setActive: (index: number) => void, pick: (index: number) => void): boolean {
  if (event.nativeEvent.isComposing || count === 0) return false;
  if (event.key === 'ArrowDown') setActive((active + 1) % count);
  else if (event.key === 'ArrowUp') setActive((active - 1 + count) % count);
  else if (event.key === 'Enter' || event.key === 'Tab') pick(active);
  else return false;
  event.preventDefault();
  return true;
}

/**
 * The send dialog's 定型文を挿入 (for the mouse, and for whoever does not know the shortcut):
 * search the saved replies by shortcut, title or body, pick one with the keyboard or a click.
 */
export const SavedReplyInserter = ({ onInsert, onCancel }: { onInsert: (reply: SavedReply) => void; onCancel: () => void }) => {
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const { replies, isPending, error } = useSavedReplySearch(typed.trim(), true);
  const current = Math.min(active, Math.max(replies.length - 1, 0));
  return (
    <Box role="group" aria-label="定型文を挿入" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1 }}>
      <TextField
        label="定型文を検索"
        placeholder="ショートカット・タイトル・本文で検索"
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onCancel();
            return;
          }
          listKeys(event, replies.length, current, setActive, (index) => onInsert(replies[index]));
        }}
        size="small"
        fullWidth
        autoFocus
        slotProps={{
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          htmlInput: {
            role: 'combobox',
            'aria-expanded': replies.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': replies.length > 0 ? optionId(listId, current) : undefined,
          },
        }}
      />
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {isPending ? '検索しています…' : error ? '定型文を読み込めませんでした。' : replies.length === 0 ? '定型文が見つかりません。' : `${replies.length}件（↑↓で選び、Enterで挿入）`}
      </Typography>
      <SavedReplyOptions id={listId} replies={replies} active={current} onPick={onInsert} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={onCancel}>
          閉じる
        </Button>
      </Stack>
    </Box>
  );
};
