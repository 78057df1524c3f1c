import { AppBar } from 'react-admin';
import Box from '@mui/material/Box';
import { useRuntime } from '../app/RuntimeContext';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderLinks } from './HeaderLinks';
import { EnvironmentSwitcher } from './EnvironmentSwitcher';
import { AccountMenu } from './AccountMenu';

/** The header: breadcrumbs, shortcuts, the environment switcher and the account menu. Demo is orange. */
export const AppHeader = () => {
  const { environment } = useRuntime();
  const isDemo = environment.key !== 'production';
  return (
    <AppBar userMenu={<AccountMenu />} color={isDemo ? 'warning' : 'primary'} data-environment={environment.key}>
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden' }}>
        <Breadcrumbs />
      </Box>
      <HeaderLinks />
      <Box sx={{ mx: 1 }}>
        <EnvironmentSwitcher />
      </Box>
    </AppBar>
  );
};
