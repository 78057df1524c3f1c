import type { ReactNode } from 'react';
import Drawer from '@mui/material/Drawer';
import useMediaQuery from '@mui/material/useMediaQuery';
import { styled, type Theme } from '@mui/material/styles';
import { CLOSED_DRAWER_WIDTH, DRAWER_WIDTH, SidebarClasses, useLocale, useSidebarState } from 'react-admin';

/**
 * react-admin's Sidebar without its scroll trigger. Its only use of the trigger is to follow an
 * app bar that hides on scroll, and ours is always on (`appBarAlwaysOn`); but the trigger's effect
 * reads `window.pageYOffset` as the first screen mounts, which forces the browser to lay the
 * whole new page out inside React's commit, and again after the next render: ~40 ms of a cold
 * visit's longest task before the rows could paint (issue 38's profile of 薬局一覧). The drawer,
 * its classes (`RaSidebar-*`, so theme overrides still apply) and its widths are react-admin's.
 */
export const AppSidebar = ({ children }: { children: ReactNode; appBarAlwaysOn?: boolean }) => {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useSidebarState();
  useLocale(); // redraw on a change of locale, as react-admin's
  const toggleSidebar = () => setOpen(!open);
  return isXSmall ? (
    <SidebarDrawer variant="temporary" open={open} onClose={toggleSidebar} classes={SidebarClasses}>
      {children}
    </SidebarDrawer>
  ) : (
    <SidebarDrawer variant="permanent" open={open} onClose={toggleSidebar} classes={SidebarClasses} className={open ? 'RaSidebar-open' : 'RaSidebar-closed'}>
      <div className={SidebarClasses.fixed}>{children}</div>
    </SidebarDrawer>
  );
};

const SidebarDrawer = styled(Drawer, {
  name: 'RaSidebar',
  slot: 'Root',
  overridesResolver: (_props, styles) => styles.root,
  shouldForwardProp: () => true,
})(({ open, theme }) => ({
  height: 'calc(100vh - 3em)',
  marginTop: 0,
  [`& .${SidebarClasses.fixed}`]: {
    position: 'fixed',
    height: 'calc(100vh - 3em)',
    overflowX: 'hidden',
    scrollbarWidth: 'none',
    msOverflowStyle: 'none',
    '&::-webkit-scrollbar': { display: 'none' },
  },
  '& .MuiPaper-root': {
    position: 'relative',
    width: open ? (theme.sidebar?.width ?? DRAWER_WIDTH) : (theme.sidebar?.closedWidth ?? CLOSED_DRAWER_WIDTH),
    transition: theme.transitions.create('width', { easing: theme.transitions.easing.sharp, duration: theme.transitions.duration.leavingScreen }),
    backgroundColor: 'transparent',
    borderRight: 'none',
    [theme.breakpoints.only('xs')]: {
      marginTop: 0,
      height: '100vh',
      position: 'inherit',
      backgroundColor: (theme.vars || theme).palette.background.default,
    },
    [theme.breakpoints.up('md')]: { border: 'none' },
    zIndex: 'inherit',
  },
}));
