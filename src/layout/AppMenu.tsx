import { memo, useId, useMemo, useState, type ComponentType } from 'react';
import { LinkBase, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Badge from '@mui/material/Badge';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import { isCurrentEntry, menuSectionsFor, type MenuEntry, type MenuSection } from './menu';
import { useCapabilities } from '../app/capabilities';
import { useInquiryUnreadTotal } from '../customRoutes/inquiries/InquiryLiveProvider';
import { withUnread } from './documentTitle';

/** The label stays in the DOM when the sidebar is minimised (only icons show), so every item keeps its name. */
const ItemText = ({ label, open }: { label: string; open: boolean }) =>
  open ? <ListItemText primary={label} /> : <Box component="span" sx={visuallyHidden}>{label}</Box>;

/** In the minimised sidebar an icon alone names nothing to sighted users: a tooltip does. */
const MinimisedTooltip = ({ label, open, children }: { label: string; open: boolean; children: React.ReactElement }) =>
  open ? children : (
    <Tooltip title={label} placement="right" describeChild>
      {children}
    </Tooltip>
  );

/** The count an entry's badge shows (issue 40: unread inquiry messages on every screen). */
const useBadgeCount = (badge: MenuEntry['badge']): number | undefined => {
  const unread = useInquiryUnreadTotal();
  return badge === 'inquiryUnread' ? unread : undefined;
};

/**
 * One entry. Memoised: a change of screen redraws the two entries whose `current` changed, not
 * the sidebar's thirty links (their MUI buttons, badges and tooltips were a fair part of the
 * click's first render, issue 38's warm visit).
 */
const EntryLink = memo(({ label, to, icon: Icon, current, badge }: { label: string; to: string; icon: ComponentType; current: boolean; requires?: unknown; badge?: MenuEntry['badge'] }) => {
  const [open] = useSidebarState();
  const count = useBadgeCount(badge);
  // The badge is drawn on the icon (open or minimised alike) and hidden from assistive
  // technology; the link's name says the count instead: 「問い合わせ一覧（未読137件）」.
  const name = withUnread(label, count);
  return (
    <ListItem disablePadding>
      <MinimisedTooltip label={name} open={open}>
        <ListItemButton component={LinkBase} to={to} selected={current} aria-current={current ? 'page' : undefined} aria-label={name === label ? undefined : name} dense>
          <ListItemIcon>
            <Badge badgeContent={count} color="error" max={999} invisible={!count} slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'menu-badge' } as React.HTMLAttributes<HTMLSpanElement> }}>
              <Icon />
            </Badge>
          </ListItemIcon>
          <ItemText label={label} open={open} />
        </ListItemButton>
      </MinimisedTooltip>
    </ListItem>
  );
});
EntryLink.displayName = 'EntryLink';

const Entries = ({ section, labelledBy, id }: { section: MenuSection; labelledBy?: string; id?: string }) => {
  const { pathname } = useLocation();
  return (
    <List id={id} aria-labelledby={labelledBy} disablePadding>
      {section.entries.map((entry) => (
        <EntryLink key={entry.to} {...entry} current={isCurrentEntry(pathname, entry.to)} />
      ))}
    </List>
  );
};

/** A folding section (薬局マスタ, その他マスタ): a real button, so Tab reaches it and Enter/Space toggle it. */
const Dropdown = ({ section }: { section: MenuSection & { label: string } }) => {
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => section.entries.some((entry) => isCurrentEntry(pathname, entry.to)));
  const buttonId = useId();
  const listId = useId();
  const Icon = section.icon;
  return (
    <>
      <MinimisedTooltip label={section.label} open={sidebarOpen}>
        <ListItemButton component="button" id={buttonId} onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId} dense sx={{ width: '100%' }}>
          {Icon && (
            <ListItemIcon>
              <Icon />
            </ListItemIcon>
          )}
          <ItemText label={section.label} open={sidebarOpen} />
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </ListItemButton>
      </MinimisedTooltip>
      {/* Kept mounted (hidden when folded) so aria-controls always points at the list. */}
      <Collapse in={open} timeout="auto">
        <Entries section={section} id={listId} labelledBy={buttonId} />
      </Collapse>
    </>
  );
};

/** A section with a heading (Core V2, 開発者): the heading names its list; minimised, it is read but not shown. */
const HeadedSection = ({ section }: { section: MenuSection & { label: string } }) => {
  const [sidebarOpen] = useSidebarState();
  const headingId = useId();
  return (
    <>
      <Typography
        id={headingId}
        component="span"
        variant="caption"
        sx={sidebarOpen ? { display: 'block', px: 2, pt: 1, pb: 0.5, color: 'text.secondary', fontWeight: 700 } : visuallyHidden}
      >
        {section.label}
      </Typography>
      <Entries section={section} labelledBy={headingId} />
    </>
  );
};

/**
 * The sidebar of spec section 2 as navigation: one list of links (the current page marked
 * aria-current), folding sections as buttons with aria-expanded, headed sections as labelled
 * sub-lists. Minimised, only icons show and each has a tooltip.
 */
export const AppMenu = () => {
  const [sidebarOpen] = useSidebarState();
  const { pathname } = useLocation();
  const capabilities = useCapabilities();
  const sections = useMemo(() => menuSectionsFor(capabilities), [capabilities]);
  return (
    <Box
      component="nav"
      aria-label="メインメニュー"
      sx={(theme) => ({ width: sidebarOpen ? theme.sidebar?.width : theme.sidebar?.closedWidth, overflowX: 'hidden' })}
    >
      <Typography
        component="div"
        variant="h6"
        sx={{ px: 2, py: 1.5, fontWeight: 700, whiteSpace: 'nowrap', color: 'primary.main' }}
        data-testid="sidebar-title"
      >
        {sidebarOpen ? 'CS portal' : 'CS'}
      </Typography>
      <List disablePadding>
        <EntryLink label="ホーム" to="/" icon={HomeIcon} current={pathname === '/'} />
        {sections.map((section, index) => (
          <Box component="li" key={section.label ?? index} sx={{ listStyle: 'none' }}>
            <Divider component="div" role="presentation" />
            {section.label && section.dropdown ? (
              <Dropdown section={{ ...section, label: section.label }} />
            ) : section.label ? (
              <HeadedSection section={{ ...section, label: section.label }} />
            ) : (
              <Entries section={section} />
            )}
          </Box>
        ))}
      </List>
    </Box>
  );
};
