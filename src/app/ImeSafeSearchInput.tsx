import { useEffect, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useInput, useTranslate } from 'react-admin';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/** How long typing must pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 400;

/**
 * Wide enough to show its whole placeholder (the only hint of what the box searches): a Japanese
 * glyph is about 1em, plus the padding, the search icon and the room Chromium keeps for a search
 * field's clear button even while it is hidden (about 20 px: 「…各種コードで検索」 lost its last glyph).
 * MUI's default width clipped 「名前・メールアドレスで検索」 mid-word.
 */
export const searchBoxWidth = (placeholder: string) => `calc(${[...placeholder].length}em + 88px)`;

export interface ImeSafeSearchInputProps {
  source: string;
  placeholder?: string;
  /** The accessible name; defaults to the placeholder (the box shows no label, like <SearchInput>). */
  label?: string;
  /** Read by react-admin's filter form: the input is shown without being added from a menu. */
  alwaysOn?: boolean;
  debounce?: number;
  className?: string;
  // Props react-admin's filter form passes to every filter input (resource, record, size, helperText…).
  [other: string]: unknown;
}

/**
 * A list search box for Japanese input, a drop-in for `<SearchInput source="q" alwaysOn
 * placeholder=… />` in a List's `filters`. While an IME composition is open (compositionstart …
 * compositionend) nothing is sent: typing 「ファーマ」 through conversion sends one search, not one
 * per keystroke of the reading. Outside composition, typing is debounced; Enter sends at once.
 */
export const ImeSafeSearchInput = ({ source, placeholder, label, debounce = SEARCH_DEBOUNCE_MS, className }: ImeSafeSearchInputProps) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const sent = (field.value as string | undefined) ?? '';
  const [text, setText] = useState(sent);
  const composing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const fieldOnChange = useRef(field.onChange);
  useEffect(() => {
    fieldOnChange.current = field.onChange;
  }, [field.onChange]);

  // The filter changed elsewhere (cleared, or a link with ?filter=): show it, unless the user is mid-entry.
  useEffect(() => {
    if (!composing.current && timer.current === undefined) setText(sent);
  }, [sent]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const sendNow = (value: string) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    fieldOnChange.current(value);
  };

  const sendLater = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => sendNow(value), debounce);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setText(event.target.value);
    // Chrome marks the input events of a composition; the composition flag covers the others.
    if (composing.current || (event.nativeEvent as InputEvent).isComposing) return;
    sendLater(event.target.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter that confirms a conversion belongs to the IME, not to the search.
    if (event.key !== 'Enter' || composing.current || event.nativeEvent.isComposing) return;
    event.preventDefault();
    // The shown text: TextField puts this handler on its root <div>, whose `value` is undefined
    // (sending that cleared the search instead of running it).
    sendNow(text);
  };

  const shownPlaceholder = placeholder ?? translate('ra.action.search');
  return (
    <TextField
      className={className}
      // On a phone the box takes the row (fullWidth); a longer placeholder than the screen had pushed the page sideways.
      sx={{ minWidth: { xs: 0, sm: searchBoxWidth(shownPlaceholder) } }}
      type="search"
      size="small"
      variant="filled"
      hiddenLabel
      margin="none"
      value={text}
      placeholder={shownPlaceholder}
      onChange={onChange}
      onKeyDown={onKeyDown}
      onCompositionStart={() => {
        composing.current = true;
        clearTimeout(timer.current);
        timer.current = undefined;
      }}
      onCompositionEnd={(event) => {
        composing.current = false;
        sendLater((event.target as HTMLInputElement).value);
      }}
      slotProps={{
        htmlInput: { 'aria-label': label ?? shownPlaceholder, name: field.name },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <SearchIcon aria-hidden />
            </InputAdornment>
          ),
        },
      }}
    />
  );
};
