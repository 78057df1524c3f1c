import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { useGetIdentity } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputBase from '@mui/material/InputBase';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useRuntime } from '../../app/RuntimeContext';
import { useAllDeclarations } from '../../resources/schema/shared/DeclarationsContext';
import { menuEntries, extraRouteLabels } from '../../layout/menu';
import { browserStorage } from '../../lib/memoryStorage';
import { readRecent, recentKey, rememberRecent, type RecentRecord } from './recentRecords';
import type { PaletteGroup, PaletteHit } from './paletteRanking';
import { isWholeText, paletteScreens, RECENT_GROUP, SCREENS_GROUP, CODE_PAGES_GROUP } from './paletteLookups';
import { usePaletteSearch } from './usePaletteSearch';

const PLACEHOLDER = 'ID・コード・名前・画面名を入力';
const HOME = { label: 'ホーム', to: '/' };

/** Opens `url` in a new tab (Ctrl+Enter, Ctrl+click), as a link with target=_blank would: no opener. */
const openInNewTab = (url: string) => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

const recentGroup = (recent: readonly RecentRecord[]): PaletteGroup[] =>
  recent.length === 0
    ? []
    : [
        {
          resource: RECENT_GROUP,
          label: RECENT_GROUP,
          priority: 0,
          hits: recent.map((record, order) => ({
            key: `recent:${record.resource}:${record.id}`,
            resource: record.resource,
            id: record.id,
            label: record.label,
            detail: record.detail,
            url: record.url,
            order,
          })),
        },
      ];

/** Whether a hit is a record (remembered as recent), not a screen, a code page or a list's "all results". */
const isRecord = (hit: PaletteHit) => hit.resource !== SCREENS_GROUP && hit.resource !== CODE_PAGES_GROUP && !hit.key.startsWith('more:');

/** A group's options in order: its records, then its "all results". */
const optionsOf = (group: PaletteGroup) => (group.more ? [...group.hits, group.more] : group.hits);

/**
 * The jump palette (issue 25): a dialog holding one combobox. Typing looks codes up by their
 * shape and names through each master's folded search (usePaletteSearch); before typing it
 * lists the user's recent records. ↑↓ move through the options (aria-activedescendant; focus
 * stays in the box), Enter opens, Ctrl+Enter (⌘+Enter) opens in a new tab, Esc closes. Enter
 * pressed before the answers are in opens the best one when they arrive.
 */
const CommandPaletteDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const declarations = useAllDeclarations();
  const screens = useMemo(() => paletteScreens(declarations, [HOME, ...menuEntries, ...extraRouteLabels]), [declarations]);
  const { results, schedule, run, hold, cancel, reset } = usePaletteSearch(declarations, screens);
  const navigate = useNavigate();
  const { environment } = useRuntime();
  const { identity } = useGetIdentity();
  const storageKey = identity?.id === undefined ? undefined : recentKey(environment.key, identity.id);
  const [recent, setRecent] = useState<RecentRecord[]>([]);
  const [input, setInput] = useState('');
  const [activeKey, setActiveKey] = useState<string | undefined>(undefined);
  const composing = useRef(false);
  /** Enter came before the answers: open the best one (in a new tab or not) once they are in. */
  const [openWhenReady, setOpenWhenReady] = useState<{ newTab: boolean } | undefined>(undefined);
  const [restoreFocus, setRestoreFocus] = useState(true);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (key: string) => `${baseId}-option-${key.replace(/[^A-Za-z0-9_-]/g, (ch) => `_${ch.codePointAt(0)!.toString(16)}`)}`;

  // Each opening starts afresh: empty box, the recent records read again (another tab may have added some).
  useEffect(() => {
    if (!open) return;
    setInput('');
    setActiveKey(undefined);
    setOpenWhenReady(undefined);
    setRestoreFocus(true);
    reset();
    setRecent(storageKey ? readRecent(browserStorage(), storageKey) : []);
  }, [open, storageKey, reset]);

  useEffect(() => {
    if (!open) cancel();
  }, [open, cancel]);

  const showingRecent = input.trim() === '';
  const groups = showingRecent ? recentGroup(recent) : results.groups;
  const options = useMemo(() => groups.flatMap(optionsOf), [groups]);
  const active = options.find((hit) => hit.key === activeKey) ?? options[0];

  const openHit = (hit: PaletteHit, newTab: boolean) => {
    if (isRecord(hit) && storageKey) {
      setRecent(rememberRecent(browserStorage(), storageKey, { resource: hit.resource, id: hit.id, label: hit.label, detail: hit.detail, url: hit.url }));
    }
    if (newTab) {
      openInNewTab(hit.url);
      return;
    }
    setRestoreFocus(false);
    onClose();
    navigate(hit.url);
  };

  // Enter pressed early: once this text's answers are all in, open the best.
  const upToDate = !results.pending && results.text === input;
  useEffect(() => {
    if (!openWhenReady || !upToDate) return;
    setOpenWhenReady(undefined);
    if (options[0]) openHit(options[0], openWhenReady.newTab);
    // openHit is recreated every render; this runs when the answers arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openWhenReady, upToDate, options]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setInput(text);
    setActiveKey(undefined);
    setOpenWhenReady(undefined);
    // Chrome marks a composition's input events; the flag covers the others.
    const native = event.nativeEvent as InputEvent;
    if (composing.current || native.isComposing) return;
    schedule(text, isWholeText(input, text, native.inputType));
  };

  const move = (step: number) => {
    if (options.length === 0) return;
    const index = active ? options.indexOf(active) : -1;
    const next = options[(index + step + options.length) % options.length];
    setActiveKey(next.key);
    document.getElementById(optionId(next.key))?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that confirm or move inside an IME conversion belong to the IME.
    if (composing.current || event.nativeEvent.isComposing || event.key === 'Process') return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const newTab = event.ctrlKey || event.metaKey;
    if (!showingRecent && !upToDate && activeKey === undefined) {
      // Typed and pressed Enter at once (a scanned code): ask now, open the best when in.
      if (results.text !== input || !results.pending) void run(input);
      setOpenWhenReady({ newTab });
      return;
    }
    if (active) openHit(active, newTab);
  };

  const onOptionClick = (event: MouseEvent, hit: PaletteHit) => {
    event.preventDefault();
    openHit(hit, event.ctrlKey || event.metaKey);
  };

  // What the list holds to choose from (records, screens, 「…をすべて表示」): "shown", since a
  // master's matches beyond its first five are counted on its own すべて表示 row, not here.
  const count = options.length;
  const status = showingRecent
    ? recent.length === 0
      ? '最近開いたレコードはありません。ID・コード・名前を入力してください。'
      : `最近開いたレコード ${recent.length}件`
    : results.pending || results.text !== input
      ? count > 0
        ? `${count}件を表示（検索中…）`
        : '検索中…'
      : count === 0
        ? '該当するものはありません'
        : `${count}件を表示`;
  const failedNote = !showingRecent && results.failed.length > 0 ? `${results.failed.join('・')}は検索できませんでした。` : '';

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="md"
      // Opens and closes at once, as a command palette should: the fade's 225 ms of frames would
      // also run beside the first text's lookups and render (measured: 20 ms more per search).
      transitionDuration={0}
      disableRestoreFocus={!restoreFocus}
      aria-labelledby={`${baseId}-title`}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 8 } } } }}
    >
      <Typography id={`${baseId}-title`} component="h2" sx={visuallyHidden}>
        ジャンプ
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <SearchIcon aria-hidden color="action" />
        <InputBase
          autoFocus
          fullWidth
          value={input}
          placeholder={PLACEHOLDER}
          onChange={onChange}
          onKeyDown={onKeyDown}
          onCompositionStart={() => {
            composing.current = true;
            hold();
          }}
          onCompositionEnd={(event) => {
            composing.current = false;
            // The commit is a finished word: asked at once.
            schedule((event.target as HTMLInputElement).value, true);
          }}
          // The box is the dialog's one control: its focus ring stays inside the row's padding.
          sx={{ fontSize: '1.125rem', '& input:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 4, borderRadius: 0.5 } }}
          inputProps={{
            role: 'combobox',
            'aria-label': 'ジャンプ先を検索（ID・コード・名前・画面名）',
            'aria-expanded': count > 0,
            'aria-controls': listboxId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': active ? optionId(active.key) : undefined,
            'aria-describedby': `${baseId}-help`,
            autoComplete: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
          }}
        />
      </Box>
      <Box id={listboxId} role="listbox" aria-label="ジャンプ先の候補" sx={LISTBOX_SX}>
        {groups.map((group) => {
          const headingId = `${baseId}-group-${group.resource.replace(/[^A-Za-z0-9_-]/g, (ch) => `_${ch.codePointAt(0)!.toString(16)}`)}`;
          return (
            <ul key={group.resource} role="group" aria-labelledby={headingId}>
              <li id={headingId} role="presentation" className="palette-heading">
                {group.label}
              </li>
              {optionsOf(group).map((hit) => {
                const selected = hit.key === active?.key;
                return (
                  <li
                    key={hit.key}
                    id={optionId(hit.key)}
                    role="option"
                    aria-selected={selected}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => (selected ? undefined : setActiveKey(hit.key))}
                    onClick={(event) => onOptionClick(event, hit)}
                  >
                    <div className={hit === group.more ? 'palette-more' : 'palette-label'}>{hit.label}</div>
                    {hit.detail && <div className="palette-detail">{hit.detail}</div>}
                  </li>
                );
              })}
            </ul>
          );
        })}
      </Box>
      <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider', display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between' }}>
        <Typography role="status" variant="body2" color="text.secondary">
          {status}
          {failedNote && ` ${failedNote}`}
        </Typography>
        <Typography id={`${baseId}-help`} variant="body2" color="text.secondary">
          ↑↓ で選択・Enter で開く・Ctrl+Enter で新しいタブ・Esc で閉じる
        </Typography>
      </Box>
    </Dialog>
  );
};

/**
 * The results' look, as one style sheet on the listbox: the options themselves are plain elements.
 * An `sx` per option (and MUI Typography's own) made emotion resolve some 120 style objects on
 * every answer; one sheet is resolved once.
 */
const LISTBOX_SX = {
  listStyle: 'none',
  m: 0,
  p: 0,
  maxHeight: '60vh',
  overflowY: 'auto',
  '& ul': { listStyle: 'none', m: 0, p: 0, py: 0.5 },
  '& .palette-heading': { typography: 'caption', display: 'block', px: 2, py: 0.5, fontWeight: 700, color: 'text.secondary' },
  '& [role="option"]': { px: 2, py: 0.75, cursor: 'pointer', borderLeft: 4, borderColor: 'transparent' },
  '& [role="option"][aria-selected="true"]': { borderColor: 'primary.main', bgcolor: 'action.selected' },
  '& .palette-label': { typography: 'body1', fontWeight: 500, overflowWrap: 'anywhere' },
  '& .palette-more': { typography: 'body1', color: 'primary.main', fontSize: '0.875rem' },
  '& .palette-detail': { typography: 'body2', overflowWrap: 'anywhere' },
} as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export default CommandPaletteDialog;
