import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { keepPreviousData } from '@tanstack/react-query';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { savedReplies } from '../../resources/savedReplies';
import { rankByShortcut } from './savedReplyText';

export interface SavedReply {
  id: number;
  title: string;
  shortcut: string;
  body: string;
}

/** How long typing must pause before the replies are searched. */
const SEARCH_DELAY_MS = 150;
/** Offered at once: the best matches; the 定型文 screen is for browsing them all. */
const SHOWN = 8;

/**
 * The saved replies for what is typed (the list's own folded search over shortcut, title and
 * body), the shortcut typed exactly first. Waits for a pause in typing; the previous answer stays
 * on screen meanwhile, so the options do not flicker.
 */
export function useSavedReplySearch(typed: string, enabled: boolean) {
  const [query, setQuery] = useState(typed);
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const result = useGetList<SavedReply>(
    savedReplies.name,
    { pagination: { page: 1, perPage: 25 }, sort: { field: 'shortcut', order: 'ASC' }, filter: query ? { query } : {} },
    { enabled, placeholderData: keepPreviousData },
  );
  // Ranked by what is typed now, not by the query the answer was for: an Enter typed before the
  // search catches up still picks the shortcut typed.
  return { replies: rankByShortcut(result.data ?? [], typed).slice(0, SHOWN), isPending: result.isPending, error: result.error };
}

export const optionId = (listId: string, index: number) => `${listId}-option-${index}`;

/**
 * The offered replies as a listbox: the input that drives it (the message box, or the inserter's
 * search) keeps focus and points at the active option with aria-activedescendant.
 */
export const SavedReplyOptions = ({ id, replies, active, onPick }: { id: string; replies: SavedReply[]; active: number; onPick: (reply: SavedReply) => void }) => (
  <List id={id} role="listbox" aria-label="定型文の候補" dense disablePadding sx={{ maxHeight: 260, overflowY: 'auto' }}>
    {replies.map((reply, index) => (
      <ListItemButton
        key={reply.id}
        id={optionId(id, index)}
        role="option"
        aria-selected={index === active}
        selected={index === active}
        // The input keeps focus: a click must not take it away before the pick.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(reply)}
      >
        <ListItemText
          primary={
            <>
              <Typography component="span" variant="body2" sx={{ fontFamily: 'monospace', mr: 1 }}>
                /{reply.shortcut}
              </Typography>
              {reply.title}
            </>
          }
          secondary={reply.body}
          slotProps={{ secondary: { noWrap: true } }}
        />
      </ListItemButton>
    ))}
  </List>
);
