import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { alpha, darken, lighten, type Theme } from '@mui/material/styles';
import { focusMainHeading, MAIN_CONTENT_ID } from '../app/useFocusHeadingOnNavigate';

/**
 * Colours chosen for WCAG 2.2 AA (4.5:1 for text) where MUI's defaults fall short: primary text
 * on white and on grey toolbars (MUI's #1976d2 gives 4.41:1 on white, 3.48:1 on react-admin's grey
 * toolbar), error labels, white text on info chips and on the demo environment's orange header.
 */
export const palette = {
  /** 5.75:1 on white, 5.27:1 on the form toolbar. */
  primary: '#1565c0',
  /** 5.62:1 on white. */
  error: '#c62828',
  /** White on it 4.8:1 (MUI's #0288d1: 3.86:1): the 在庫シェア and v1 最適化ロジック chips. */
  info: '#0277bd',
  /**
   * The demo environment's header, and every warning colour (a chip's white label on it is
   * 5.42:1; MUI's warning orange gives 3.11:1, the 更新 chip of a master diff failed axe).
   */
  demoHeader: '#b24a00',
  /** The form toolbar behind 保存 and キャンセル. */
  toolbar: '#f5f5f5',
} as const;

const RING_WIDTH = 3;
const RING_OFFSET = 2;

/** A focus ring that shows on any background (white on the coloured header, primary elsewhere). */
const focusRing = { outline: `${RING_WIDTH}px solid`, outlineOffset: RING_OFFSET } as const;

/** How far the ring reaches outside its element: a container that clips needs this much room inside. */
export const FOCUS_RING_REACH = RING_WIDTH + RING_OFFSET;

/** The same ring drawn just inside the element's edge. */
const insetFocusRing = { outline: `${RING_WIDTH}px solid ${palette.primary}`, outlineOffset: -RING_WIDTH } as const;

/** The skip link jumps to the screen's h1, or to the content when a screen has none. */
const skipToContent = () => {
  if (focusMainHeading()) return;
  const content = document.getElementById(MAIN_CONTENT_ID);
  content?.setAttribute('tabindex', '-1');
  content?.focus();
};

/** The class of a list row's action links (src/resources/schema/list/RowLink.tsx). */
export const ROW_LINK_CLASS = 'cs-RowLink';
/** The class of a list cell's text, kept on one line (src/resources/schema/shared/FieldValue.tsx). */
export const CELL_TEXT_CLASS = 'cs-CellText';
/** The class of the line that holds a row's actions. */
export const ROW_ACTIONS_CLASS = 'cs-RowActions';
/** The class of a list row that opens its record on a click (src/resources/schema/list/OpeningRows.tsx). */
export const OPENING_ROW_CLASS = 'cs-OpeningRow';
/** The class of a list cell's link to the record it names (src/resources/schema/shared/ReferenceValue.tsx). */
export const REFERENCE_LINK_CLASS = 'cs-ReferenceLink';
/** The class of a generated list's data cell (src/resources/schema/list/SchemaCells.tsx), with its two variants. */
export const LIST_CELL_CLASS = 'cs-ListCell';
export const LIST_CELL_RIGHT_CLASS = 'cs-ListCell-right';
export const LIST_CELL_NOWRAP_CLASS = 'cs-ListCell-nowrap';
/** The class of a generated list's row (src/resources/schema/list/SchemaCells.tsx): MUI's TableRow with hover. */
export const LIST_ROW_CLASS = 'cs-ListRow';

/**
 * Styles for the elements a list repeats in every row, written once as plain CSS rather than as a
 * styled component per element: emotion serialises and hashes a styled component's styles on
 * each render of each instance, and a page has a hundred of these. The row link looks like MUI's
 * small text Button (13 px, weight 500, primary) and rings like every focusable thing here.
 */
const rowStyles = {
  [`.${CELL_TEXT_CLASS}`]: {
    display: 'inline-block',
    maxWidth: '24em',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    verticalAlign: 'bottom',
  },
  // A name in a list cell (a pharmacy's company): at most two lines of 9em, so a long company name
  // neither widens the table past a 1280 px screen nor runs on; the whole name is the link's title.
  [`.${REFERENCE_LINK_CLASS}`]: {
    display: '-webkit-box',
    WebkitBoxOrient: 'vertical',
    WebkitLineClamp: 2,
    overflow: 'hidden',
    maxWidth: '9em',
    overflowWrap: 'anywhere',
    color: palette.primary,
    textDecoration: 'underline',
    '&:focus-visible': { ...focusRing, outlineColor: palette.primary },
  },
  [`.${OPENING_ROW_CLASS}`]: { cursor: 'pointer' },
  [`.${ROW_ACTIONS_CLASS}`]: { display: 'flex', flexWrap: 'nowrap', gap: 4, whiteSpace: 'nowrap' },
  [`.${ROW_LINK_CLASS}`]: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    padding: '4px 5px',
    borderRadius: 4,
    fontSize: '0.8125rem',
    fontWeight: 500,
    lineHeight: 1.75,
    color: palette.primary,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    '&:hover': { backgroundColor: 'rgba(21, 101, 192, 0.04)', textDecoration: 'underline' },
    '&:focus-visible': { ...focusRing, outlineColor: palette.primary },
  },
} as const;

/**
 * A list's row as MUI's TableRow with hover draws it, and its data cell as MUI's small body TableCell draws it (typography body2, 6px 16px, the
 * table's border), written once: react-admin's cell is two styled components deep, and a page's
 * 150-odd cells were serialised by emotion on every render (issue 38).
 */
const listCellStyles = (theme: Theme) => ({
  [`.${LIST_CELL_CLASS}`]: {
    ...theme.typography.body2,
    display: 'table-cell',
    verticalAlign: 'inherit',
    // MUI's TableCell border: the divider made opaque, lightened (or in the dark palette darkened).
    borderBottom: `1px solid ${theme.palette.mode === 'dark' ? darken(alpha(theme.palette.divider, 1), 0.68) : lighten(alpha(theme.palette.divider, 1), 0.88)}`,
    textAlign: 'left',
    padding: '6px 16px',
    color: theme.palette.text.primary,
  },
  [`.${LIST_ROW_CLASS}`]: { color: 'inherit', display: 'table-row', verticalAlign: 'middle', outline: 0 },
  [`.${LIST_ROW_CLASS}:hover`]: { backgroundColor: theme.palette.action.hover },
  [`.${LIST_CELL_RIGHT_CLASS}`]: { textAlign: 'right', flexDirection: 'row-reverse' },
  [`.${LIST_CELL_NOWRAP_CLASS}`]: { whiteSpace: 'nowrap' },
});

/** The sidebar's classes (src/layout/AppMenu.tsx): `cs-Menu`, and `cs-Menu-<part>` for its parts. */
export const MENU_CLASS = 'cs-Menu';
export const menuClass = (part: 'closed' | 'title' | 'list' | 'section' | 'divider' | 'item' | 'link' | 'icon' | 'label' | 'heading') => `${MENU_CLASS}-${part}`;

const visuallyHidden = { border: 0, clip: 'rect(0 0 0 0)', height: '1px', margin: '-1px', overflow: 'hidden', padding: 0, position: 'absolute', whiteSpace: 'nowrap', width: '1px' } as const;

/**
 * The sidebar as MUI's dense List, ListItemButton, ListItemIcon, ListItemText, Divider and
 * Typography drew it, written once: its thirty-odd entries were six styled components each (with
 * a ButtonBase, its ripple and an invisible Badge), which emotion serialised in every first render
 * of the shell (issue 38: ~50 ms of the cold visit's longest task went to the shell's styled
 * components). Minimised (`cs-Menu-closed`), the labels and headings stay for screen readers only.
 * A link's focus ring is drawn inside it, as every list button's here (the drawer clips).
 */
const menuStyles = (theme: Theme) => {
  const { action, primary } = theme.palette;
  const selected = alpha(primary.main, action.selectedOpacity);
  return {
    [`.${MENU_CLASS}`]: { width: theme.sidebar?.width, overflowX: 'hidden' },
    [`.${menuClass('closed')}`]: { width: theme.sidebar?.closedWidth },
    [`.${menuClass('title')}`]: { ...theme.typography.h6, margin: 0, padding: '12px 16px', fontWeight: 700, whiteSpace: 'nowrap', color: primary.main },
    [`.${menuClass('list')}`]: { listStyle: 'none', margin: 0, padding: 0, position: 'relative' },
    [`.${menuClass('section')}`]: { listStyle: 'none' },
    [`.${menuClass('divider')}`]: { margin: 0, flexShrink: 0, border: 0, borderBottom: `thin solid ${theme.palette.divider}` },
    [`.${menuClass('item')}`]: { display: 'flex', justifyContent: 'flex-start', alignItems: 'center', position: 'relative', width: '100%', boxSizing: 'border-box', textAlign: 'left' },
    [`.${menuClass('link')}`]: {
      display: 'flex',
      flexGrow: 1,
      justifyContent: 'flex-start',
      alignItems: 'center',
      position: 'relative',
      minWidth: 0,
      width: '100%',
      boxSizing: 'border-box',
      margin: 0,
      padding: '4px 16px',
      border: 0,
      borderRadius: 0,
      backgroundColor: 'transparent',
      color: 'inherit',
      font: 'inherit',
      textAlign: 'left',
      textDecoration: 'none',
      cursor: 'pointer',
      userSelect: 'none',
      outline: 0,
      WebkitTapHighlightColor: 'transparent',
      transition: theme.transitions.create('background-color', { duration: theme.transitions.duration.shortest }),
      '&:hover': { backgroundColor: action.hover },
      '&[aria-current="page"]': { backgroundColor: selected },
      '&[aria-current="page"]:hover': { backgroundColor: alpha(primary.main, action.selectedOpacity + action.hoverOpacity) },
      '&:focus-visible': { backgroundColor: action.focus, ...insetFocusRing },
      '&[aria-current="page"]:focus-visible': { backgroundColor: alpha(primary.main, action.selectedOpacity + action.focusOpacity) },
    },
    [`.${menuClass('icon')}`]: { minWidth: 56, color: action.active, flexShrink: 0, display: 'inline-flex' },
    [`.${menuClass('label')}`]: { ...theme.typography.body2, flex: '1 1 auto', minWidth: 0, margin: '4px 0', display: 'block' },
    [`.${menuClass('heading')}`]: { ...theme.typography.caption, display: 'block', padding: '8px 16px 4px', color: theme.palette.text.secondary, fontWeight: 700 },
    [`.${menuClass('closed')} .${menuClass('label')}, .${menuClass('closed')} .${menuClass('heading')}`]: visuallyHidden,
  };
};

const base = defaultTheme as RaThemeOptions & { components?: Record<string, unknown> };

/** react-admin's default theme with a Japanese font stack, AA colours and visible focus. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: palette.primary },
    error: { main: palette.error },
    info: { main: palette.info },
    warning: { main: palette.demoHeader },
  },
  typography: {
    fontFamily: ['"Noto Sans JP"', '"Hiragino Sans"', '"Hiragino Kaku Gothic ProN"', 'Meiryo', 'system-ui', 'sans-serif'].join(','),
  },
  sidebar: { width: 248, closedWidth: 56 },
  components: {
    ...base.components,
    // A wide table scrolls in its own box. react-admin lets the whole page grow to fit it
    // (minWidth: fit-content), which pushed a wide list's count and links off-screen at 1440 px.
    MuiCssBaseline: { styleOverrides: (theme: Theme) => ({ ...rowStyles, ...listCellStyles(theme), ...menuStyles(theme) }) },
    RaLayout: { styleOverrides: { root: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } } } },
    RaDataTable: { styleOverrides: { root: { '& .RaDataTable-tableWrapper': { overflowX: 'auto' } } } },
    RaToolbar: { styleOverrides: { root: { backgroundColor: palette.toolbar } } },
    // While a request runs react-admin hides the 更新 button (opacity 0) under its spinner, which
    // hid a keyboard user's focus ring on it and swallowed clicks: hide only the icon, and let
    // clicks pass through the spinner to the button.
    RaLoadingIndicator: {
      styleOverrides: {
        root: {
          '& .RaLoadingIndicator-loadedIcon.RaLoadingIndicator-loadedLoading': { opacity: 1, '& svg': { opacity: 0 } },
          '& .RaLoadingIndicator-loader': { pointerEvents: 'none' },
        },
      },
    },
    RaSkipNavigationButton: {
      defaultProps: { onClick: skipToContent },
      styleOverrides: {
        // react-admin's skip link is white on white (1.04:1) when it shows.
        root: {
          backgroundColor: palette.primary,
          color: '#fff',
          '&:hover': { backgroundColor: '#0d47a1', opacity: 1 },
          '&:focus, &:focus-visible': { ...focusRing, outlineColor: '#000' },
        },
      },
    },
    // Sorting headers: focus used to make the text lighter; now it stays dark and gets a ring.
    MuiTableSortLabel: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible, &:focus-visible': { color: 'rgba(0, 0, 0, 0.87)', ...focusRing, outlineColor: palette.primary },
        },
      },
    },
    // Every spinner (react-admin's header indicator, inline loading, busy buttons) is a named progressbar.
    MuiCircularProgress: { defaultProps: { 'aria-label': '読み込み中' } },
    MuiLinearProgress: { defaultProps: { 'aria-label': '読み込み中' } },
    MuiButtonBase: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': { ...focusRing, outlineColor: palette.primary } },
      },
    },
    // A Japanese label has no spaces, so a squeezed button broke it anywhere (再読み込 / み).
    // Kept on one line, the button keeps its width and the field beside it gives way.
    // And as written: MUI upper-cases button text, which turned v2 into V2 and Shift_JIS into SHIFT_JIS.
    MuiButton: { styleOverrides: { root: { whiteSpace: 'nowrap', textTransform: 'none' } } },
    // These fill a container that clips its overflow (the sidebar, a tab strip, a menu, a card, a switch):
    // a ring outside them would be cut, so theirs is drawn inside. `&&` outranks the ButtonBase
    // rule above, which emotion places after theirs.
    MuiListItemButton: { styleOverrides: { root: { '&&.Mui-focusVisible': insetFocusRing } } },
    MuiTab: { styleOverrides: { root: { '&&.Mui-focusVisible': insetFocusRing } } },
    MuiMenuItem: { styleOverrides: { root: { '&&.Mui-focusVisible': insetFocusRing } } },
    MuiCardActionArea: { styleOverrides: { root: { '&&.Mui-focusVisible': insetFocusRing } } },
    // The switch's track clips its thumb's button.
    MuiSwitch: { styleOverrides: { switchBase: { '&&.Mui-focusVisible': insetFocusRing } } },
  },
};
