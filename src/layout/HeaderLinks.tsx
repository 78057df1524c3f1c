import { useId, useState } from 'react';
import { LinkBase } from 'react-admin';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import CheckIcon from '@mui/icons-material/Check';
import { useRuntime } from '../app/RuntimeContext';
import { useEnvironmentChoice } from './EnvironmentSwitcher';

/** The shortcuts' accessible name, on the row of links and on the menu that holds them on a narrow screen. */
export const HEADER_LINKS_LABEL = 'ヘッダーリンク';
/** The menu button's name when it also holds the environment switcher (a phone). */
export const HEADER_MENU_LABEL = 'ヘッダーリンクと接続先';

const useHeaderLinks = () => {
  const { environment } = useRuntime();
  return [
    { label: 'JWT', to: '/develop/jwt' },
    { label: '薬局情報', to: '/v2/core/pharmacies' },
    { label: '発注アプリ', href: environment.orderingAppUrl },
    { label: '共有アプリ', href: environment.sharingAppUrl },
  ] as const;
};

/** The header's shortcuts: JWT and pharmacy info inside the portal, the two apps outside it. */
export const HeaderLinks = () => {
  const links = useHeaderLinks();
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }} component="nav" aria-label={HEADER_LINKS_LABEL}>
      {links.map((link) =>
        'to' in link ? (
          <Button key={link.label} color="inherit" size="small" component={LinkBase} to={link.to}>
            {link.label}
          </Button>
        ) : (
          <Button key={link.label} color="inherit" size="small" href={link.href} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon fontSize="small" />}>
            {link.label}
          </Button>
        ),
      )}
    </Stack>
  );
};

/**
 * The same shortcuts behind one button where the header has no room for them; on a phone the
 * environment switcher (接続先) joins them, as radio items.
 */
export const HeaderMenu = ({ withEnvironment = false }: { withEnvironment?: boolean }) => {
  const links = useHeaderLinks();
  const { environments, environment, choose, confirm, switchable } = useEnvironmentChoice();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const subheaderId = useId();
  const showsEnvironment = withEnvironment && switchable;
  const label = showsEnvironment ? HEADER_MENU_LABEL : HEADER_LINKS_LABEL;
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ flexShrink: 0 }}
        >
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ list: { 'aria-label': label } }}>
        {links.map((link) =>
          'to' in link ? (
            <MenuItem key={link.label} component={LinkBase} to={link.to} onClick={close}>
              <ListItemText>{link.label}</ListItemText>
            </MenuItem>
          ) : (
            <MenuItem key={link.label} component="a" href={link.href} target="_blank" rel="noopener noreferrer" onClick={close}>
              <ListItemText>{link.label}</ListItemText>
              <OpenInNewIcon fontSize="small" sx={{ ml: 1 }} />
            </MenuItem>
          ),
        )}
        {showsEnvironment && <Divider />}
        {showsEnvironment && (
          <ListSubheader id={subheaderId} role="presentation" sx={{ lineHeight: 2.5 }}>
            接続先
          </ListSubheader>
        )}
        {showsEnvironment &&
          environments.map((item) => (
            <MenuItem
              key={item.key}
              role="menuitemradio"
              aria-checked={item.key === environment.key}
              // The visible value under the 接続先 heading; the name says both (as the header's select does).
              aria-label={`接続先 ${item.label}`}
              onClick={() => {
                close();
                choose(item.key);
              }}
            >
              <ListItemIcon>{item.key === environment.key && <CheckIcon fontSize="small" />}</ListItemIcon>
              <ListItemText>{item.label}</ListItemText>
            </MenuItem>
          ))}
      </Menu>
      {showsEnvironment && confirm}
    </>
  );
};
