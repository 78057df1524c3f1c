import { useId, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { listKeys } from './SavedReplyInserter';
import { optionId, useSavedReplySearch, type SavedReply } from './SavedReplyOptions';
import { slashQueryAt } from './savedReplyText';

/**
 * 「/shortcut」 in the message box (issue 25 part 3, Chatwoot's way): typing 「/」 at the start of
 * a line or after a space offers the saved replies for what follows; ↑/↓ choose, Enter or Tab
 * puts the reply in place of the 「/shortcut」, Esc closes the offer (the dialog stays open) until
 * the shortcut is typed on.
 */
export function useSlashShortcut(content: string, enabled: boolean, insert: (reply: SavedReply, start: number, end: number) => void) {
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // Esc closes the offer for what is typed; typing on (or another 「/」) offers again.
  const [dismissed, setDismissed] = useState<{ start: number; query: string }>();
  const listId = useId();
  const slash = enabled ? slashQueryAt(content, caret) : undefined;
  const offered = slash !== undefined && (slash.start !== dismissed?.start || slash.query !== dismissed.query);
  const { replies, isPending } = useSavedReplySearch(slash?.query ?? '', offered);
  const open = offered && replies.length > 0;
  const current = Math.min(active, Math.max(replies.length - 1, 0));

  const pick = (reply: SavedReply) => {
    if (slash) insert(reply, slash.start, caret);
    setActive(0);
  };
  /** Where the caret is, after typing, a click or a selection. */
  const track = (event: SyntheticEvent) => {
    const next = (event.target as HTMLTextAreaElement).selectionStart ?? 0;
    if (next !== caret) setActive(0);
    setCaret(next);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!open) return;
    if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(slash);
      return;
    }
    listKeys(event, replies.length, current, setActive, (index) => pick(replies[index]));
  };
  return {
    open,
    listId,
    replies,
    active: current,
    searching: offered && isPending,
    pick,
    track,
    onKeyDown,
    /** The message box points at the active option while the offer is open. */
    inputAria: open ? { 'aria-controls': listId, 'aria-activedescendant': optionId(listId, current) } : {},
  };
}
