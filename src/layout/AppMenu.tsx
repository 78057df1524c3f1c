import { memo, useId, useMemo, useState, type ComponentType } from 'react';
import { LinkBase, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import Collapse from '@mui/material/Collapse';
import Tooltip from '@mui/material/Tooltip';
import Badge from '@mui/material/Badge';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import HomeIcon from '@mui/icons-material/Home';
import { isCurrentEntry, menuSectionsFor, type MenuEntry, type MenuSection } from './menu';
import { MENU_CLASS, menuClass } from './theme';
import { useCapabilities } from '../app/capabilities';
import { useInquiryUnreadTotal } from '../customRoutes/inquiries/InquiryLiveProvider';
import { withUnread } from './documentTitle';

/*
 * Plain elements with the classes the theme writes once (`menuStyles`, src/layout/theme.ts), not
 * MUI's List components: the sidebar is drawn in every cold visit's first render (issue 38).
 */

/** The label stays in the DOM when the sidebar is minimised (the class then hides it from sight only), so every item keeps its name. */
const ItemText = ({ label }: { label: string }) => <span className={menuClass('label')}>{label}</span>;

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
 * the sidebar's thirty links. Only an entry with a count draws MUI's Badge.
 */
const EntryLink = memo(({ label, to, icon: Icon, current, badge }: { label: string; to: string; icon: ComponentType; current: boolean; requires?: unknown; badge?: MenuEntry['badge'] }) => {
  const [open] = useSidebarState();
  return (
    <li className={menuClass('item')}>
      {badge ? (
        <CountedLink label={label} to={to} icon={Icon} current={current} badge={badge} open={open} />
      ) : (
        <MinimisedTooltip label={label} open={open}>
          <LinkBase to={to} className={menuClass('link')} aria-current={current ? 'page' : undefined}>
            <span className={menuClass('icon')}>
              <Icon />
            </span>
            <ItemText label={label} />
          </LinkBase>
        </MinimisedTooltip>
      )}
    </li>
  );
});
EntryLink.displayName = 'EntryLink';

/**
 * An entry with a count (issue 40: unread inquiry messages on every screen). The badge is drawn on
 * the icon (open or minimised alike) and hidden from assistive technology; the link's name says
 * the count instead: 「問い合わせ一覧（未読137件）」.
 */
const CountedLink = ({ label, to, icon: Icon, current, badge, open }: { label: string; to: string; icon: ComponentType; current: boolean; badge: NonNullable<MenuEntry['badge']>; open: boolean }) => {
  const count = useBadgeCount(badge);
  const name = withUnread(label, count);
  return (
    <MinimisedTooltip label={name} open={open}>
      <LinkBase to={to} className={menuClass('link')} aria-current={current ? 'page' : undefined} aria-label={name === label ? undefined : name}>
        <span className={menuClass('icon')}>
          <Badge badgeContent={count} color="error" max={999} invisible={!count} slotProps={{ badge: { 'aria-hidden': true, 'data-testid': 'menu-badge' } as React.HTMLAttributes<HTMLSpanElement> }}>
            <Icon />
          </Badge>
        </span>
        <ItemText label={label} />
      </LinkBase>
    </MinimisedTooltip>
  );
};

const Entries = ({ section, labelledBy, id }: { section: MenuSection; labelledBy?: string; id?: string }) => {
  const { pathname } = useLocation();
  return (
    <ul id={id} aria-labelledby={labelledBy} className={menuClass('list')}>
      {section.entries.map((entry) => (
        <EntryLink key={entry.to} {...entry} current={isCurrentEntry(pathname, entry.to)} />
      ))}
    </ul>
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
        <button type="button" className={menuClass('link')} id={buttonId} onClick={() => setOpen(!open)} aria-expanded={open} aria-controls={listId}>
          {Icon && (
            <span className={menuClass('icon')}>
              <Icon />
            </span>
          )}
          <ItemText label={section.label} />
          {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
        </button>
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
  const headingId = useId();
  return (
    <>
      <span id={headingId} className={menuClass('heading')}>
        {section.label}
      </span>
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
    <nav aria-label="メインメニュー" className={sidebarOpen ? MENU_CLASS : `${MENU_CLASS} ${menuClass('closed')}`}>
      <div className={menuClass('title')} data-testid="sidebar-title">
        {sidebarOpen ? 'CS portal' : 'CS'}
      </div>
      <ul className={menuClass('list')}>
        <EntryLink label="ホーム" to="/" icon={HomeIcon} current={pathname === '/'} />
        {sections.map((section, index) => (
          <li className={menuClass('section')} key={section.label ?? index}>
            <div role="presentation" className={menuClass('divider')} />
            {section.label && section.dropdown ? (
              <Dropdown section={{ ...section, label: section.label }} />
            ) : section.label ? (
              <HeadedSection section={{ ...section, label: section.label }} />
            ) : (
              <Entries section={section} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
