import type { HTMLAttributes } from 'react';
import type { Theme } from '@mui/material/styles';
import { inquiryStatusColor, inquiryStatusLabel, type InquiryStatusColor } from './inquiryStatus';

/** The class of a room's status label, and of its size and colour variants (`statusChipStyles`). */
export const STATUS_CHIP_CLASS = 'cs-InquiryStatus';
/** The class of a room's unread count beside its name: MUI's small filled Chip in the error colour. */
export const UNREAD_CHIP_CLASS = 'cs-InquiryUnread';

const borderOf = (theme: Theme, color: InquiryStatusColor) => (color === 'default' ? theme.palette.grey[500] : theme.palette[color].main);
const COLORS: InquiryStatusColor[] = ['default', 'info', 'success', 'warning', 'error'];

/**
 * A room's status and unread labels as MUI's outlined and filled Chips draw them (24 px small,
 * 32 px otherwise), written once as classes under the container that shows them (the room list,
 * the chat's header): each MUI Chip was two styled components that emotion serialised on every
 * render, two per room of the list's 25 (issue 38, the cold visit's first render).
 */
// Lengths as strings: under `sx` a number for a padding or radius is a multiple of the theme's unit.
export const statusChipStyles = (theme: Theme) => {
  const chip = {
    display: 'inline-flex',
    alignItems: 'center',
    boxSizing: 'border-box',
    flexShrink: 0,
    whiteSpace: 'nowrap',
    fontFamily: theme.typography.fontFamily,
    fontSize: theme.typography.pxToRem(13),
    borderRadius: '16px',
  } as const;
  return {
    [`& .${STATUS_CHIP_CLASS}`]: { ...chip, height: 32, padding: '0 11px', border: '2px solid', color: theme.palette.text.primary, fontWeight: 600 },
    [`& .${STATUS_CHIP_CLASS}-small`]: { height: 24, padding: '0 7px' },
    ...Object.fromEntries(COLORS.map((color) => [`& .${STATUS_CHIP_CLASS}-${color}`, { borderColor: borderOf(theme, color) }])),
    [`& .${UNREAD_CHIP_CLASS}`]: { ...chip, height: 24, padding: '0 8px', backgroundColor: theme.palette.error.main, color: theme.palette.error.contrastText },
  };
};

/** A room's status label: the colour on the border, the text in the body colour (readable on any background). */
export const StatusChip = ({ status, size, className, ...props }: { status: string; size?: 'small' | 'medium' } & Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'color'>) => {
  const classes = [STATUS_CHIP_CLASS, `${STATUS_CHIP_CLASS}-${inquiryStatusColor(status)}`, size === 'small' && `${STATUS_CHIP_CLASS}-small`, className];
  return (
    <span {...props} className={classes.filter(Boolean).join(' ')}>
      {inquiryStatusLabel(status)}
    </span>
  );
};
