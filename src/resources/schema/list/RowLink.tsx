import type { ReactNode } from 'react';
import { LinkBase } from 'react-admin';
import { ROW_LINK_CLASS } from '../../../layout/theme';

/**
 * The Material "open in new" glyph, drawn as plain SVG: a list page shows one per row, and MUI's
 * SvgIcon would make a styled component of each.
 */
const NewTabGlyph = () => (
  <svg aria-hidden focusable="false" viewBox="0 0 24 24" width="16" height="16" fill="currentColor">
    <path d="M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z" />
  </svg>
);

/**
 * A row's action in a list: a link drawn as a small text button. A list page holds up to a
 * hundred of them (25 rows of 詳細, 編集 and the declaration's own), so it is a plain anchor with
 * one class from the theme (src/layout/theme.ts) rather than MUI's Button: ButtonBase's ripple,
 * react-admin's access check and media query, and emotion's per-instance styles were ~40% of the
 * time a list took to show its rows once the answer was in (measured in `npm run bench -- warm`).
 */
export const RowLink = ({ to, children }: { to: string; children: ReactNode }) => (
  <LinkBase to={to} className={ROW_LINK_CLASS}>
    {children}
  </LinkBase>
);

/** The same, for an address outside the portal: a new tab, and its name says so. */
export const ExternalRowLink = ({ href, label }: { href: string; label: string }) => (
  <a href={href} target="_blank" rel="noopener noreferrer" className={ROW_LINK_CLASS} aria-label={`${label}（新しいタブで開く）`}>
    {label}
    <NewTabGlyph />
  </a>
);
