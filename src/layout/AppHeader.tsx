import { AppBar } from 'react-admin';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRuntime } from '../app/RuntimeContext';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderLinks, HeaderMenu } from './HeaderLinks';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { AccountMenu } from './AccountMenu';
import { JumpButton } from './JumpButton';
import { FOCUS_RING_REACH, palette } from './theme';

/**
 * The header: breadcrumbs, the jump palette's button (Ctrl+K), shortcuts, the environment switcher and the account menu. Demo is a
 * dark orange that keeps white text at AA contrast. Focus rings are white on the coloured bar.
 *
 * Everything stays reachable at any width: below lg the shortcuts go into a menu (at 1024 px
 * the row of links left the breadcrumbs no room), below md the jump button is its icon, and on a
 * phone (below sm) the environment switcher joins the menu.
 */
export const AppHeader = ({ alwaysOn }: { alwaysOn?: boolean }) => {
  const { environment } = useRuntime();
  const isDemo = environment.key !== 'production';
  const linksInline = useMediaQuery<Theme>((theme) => theme.breakpoints.up('lg'), { noSsr: true });
  const switcherInline = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'), { noSsr: true });
  return (
    <AppBar
      alwaysOn={alwaysOn}
      userMenu={<AccountMenu />}
      color="primary"
      data-environment={environment.key}
      sx={{
        ...(isDemo && { bgcolor: palette.demoHeader }),
        '& .Mui-focusVisible, & a:focus-visible': { outline: '3px solid #fff', outlineOffset: 2 },
      }}
    >
      {/* The padding keeps the breadcrumb links' focus rings inside the clip; the margin gives it back. */}
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', p: `${FOCUS_RING_REACH}px`, m: `-${FOCUS_RING_REACH}px`, mr: 1 }}>
        <Breadcrumbs />
      </Box>
      <JumpButton />
      {linksInline ? <HeaderLinks /> : <HeaderMenu withEnvironment={!switcherInline} />}
      {switcherInline && (
        <Box sx={{ mx: 1, flexShrink: 0 }}>
          <EnvironmentSwitcher />
        </Box>
      )}
    </AppBar>
  );
};
