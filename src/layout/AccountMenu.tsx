import { lazy, Suspense, useState } from 'react';
import { UserMenu, useGetIdentity, useUserMenu, LinkBase } from 'react-admin';
import { SignOutDialog, SignOutItem } from './SignOutItem';
import type { KeptDraft } from '../features/drafts/formDrafts';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import KeyIcon from '@mui/icons-material/Key';
import RestoreIcon from '@mui/icons-material/Restore';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { useRuntime } from '../app/RuntimeContext';
import { APP_VERSION } from '../lib/constants';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog'));

const LinkItem = ({ to, label, icon }: { to: string; label: string; icon: React.ReactNode }) => {
  const menu = useUserMenu();
  return (
    <MenuItem component={LinkBase} to={to} onClick={() => menu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
};

const ChangePasswordItem = ({ onOpen }: { onOpen: () => void }) => {
  const menu = useUserMenu();
  return (
    <MenuItem
      onClick={() => {
        menu?.onClose();
        onOpen();
      }}
    >
      <ListItemIcon>
        <LockResetIcon />
      </ListItemIcon>
      <ListItemText>パスワード変更</ListItemText>
    </MenuItem>
  );
};

/** 「管理 花子のアカウントメニュー」: the visible name first. */
export const accountMenuLabel = (fullName: string | undefined) => (fullName ? `${fullName}のアカウントメニュー` : 'アカウントメニュー');

/**
 * react-admin shows the name on the button from the sm breakpoint up; below, an icon whose label
 * goes through translate() with an English fallback, so it gets the Japanese i18n key instead.
 */
const SMALL_SCREEN_LABEL = 'ra.auth.user_menu';

/** The account menu: who is signed in, the version, profile, password, JWT and logout. */
export const AccountMenu = () => {
  const { config } = useRuntime();
  const { identity } = useGetIdentity();
  const showsName = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [changingPassword, setChangingPassword] = useState(false);
  const [signingOut, setSigningOut] = useState<KeptDraft[]>();
  return (
    <>
      {/* The button shows the user's name, so its accessible name starts with it (WCAG 2.5.3). */}
      {/* The picture is decoration beside the name the button already says (alt ""). */}
      <UserMenu
        label={showsName ? accountMenuLabel(identity?.fullName) : SMALL_SCREEN_LABEL}
        icon={identity?.picture ? <Avatar src={identity.picture as string} alt="" sx={{ width: 32, height: 32 }} /> : undefined}
      >
        <Box role="none" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', px: 2, py: 1 }}>
          <Avatar src={identity?.picture as string | undefined} alt="" />
          <Box role="none">
            <Typography component="span" variant="subtitle2" sx={{ display: 'block' }}>
              {identity?.fullName}
            </Typography>
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {identity?.email as string | undefined}
            </Typography>
          </Box>
        </Box>
        <MenuItem disabled>
          <ListItemIcon>
            <InfoOutlinedIcon />
          </ListItemIcon>
          <ListItemText>バージョン {APP_VERSION}</ListItemText>
        </MenuItem>
        <Divider />
        <LinkItem to="/develop/profile" label="プロフィール" icon={<AccountCircleIcon />} />
        <ChangePasswordItem onOpen={() => setChangingPassword(true)} />
        <LinkItem to="/develop/jwt" label="JWT" icon={<KeyIcon />} />
        {config.localDevelopment && <LinkItem to="/develop/user-restore" label="ユーザー復元" icon={<RestoreIcon />} />}
        <Divider />
        <SignOutItem onAsk={setSigningOut} />
      </UserMenu>
      <SignOutDialog drafts={signingOut} onClose={() => setSigningOut(undefined)} />
      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </>
  );
};
