import { AppBar } from 'react-admin';
import Box from '@mui/material/Box';
import { useRuntime } from '../app/RuntimeContext';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderLinks } from './HeaderLinks';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { AccountMenu } from './AccountMenu';
import { JumpButton } from './JumpButton';
import { FOCUS_RING_REACH, palette } from './theme';

/**
 * The header: breadcrumbs, the jump palette's button (Ctrl+K), shortcuts, the environment switcher and the account menu. Demo is a
 * dark orange that keeps white text at AA contrast. Focus rings are white on the coloured bar.
 */
export const AppHeader = ({ alwaysOn }: { alwaysOn?: boolean }) => {
  const { environment } = useRuntime();
  const isDemo = environment.key !== 'production';
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
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', p: `${FOCUS_RING_REACH}px`, m: `-${FOCUS_RING_REACH}px` }}>
        <Breadcrumbs />
      </Box>
      <JumpButton />
      <HeaderLinks />
      <Box sx={{ mx: 1 }}>
        <EnvironmentSwitcher />
      </Box>
    </AppBar>
  );
};
