import { useState } from 'react';
import { Menu, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';
import Collapse from '@mui/material/Collapse';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { menuSections, type MenuSection } from './menu';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const Entries = ({ section }: { section: MenuSection }) => (
  <>
    {section.entries.map((entry) => (
      <Menu.Item key={entry.to} to={entry.to} primaryText={entry.label} leftIcon={<entry.icon />} />
    ))}
  </>
);

const Dropdown = ({ section }: { section: MenuSection }) => {
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const [open, setOpen] = useState(() => section.entries.some((entry) => isActive(pathname, entry.to)));
  const Icon = section.icon;
  return (
    <>
      <MenuItem onClick={() => setOpen(!open)} aria-expanded={open} dense>
        {Icon && (
          <ListItemIcon>
            <Icon />
          </ListItemIcon>
        )}
        {sidebarOpen && <ListItemText primary={section.label} />}
        {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <Entries section={section} />
      </Collapse>
    </>
  );
};

/** The sidebar: sections and dropdowns of spec section 2; when minimised only icons remain. */
export const AppMenu = () => {
  const [sidebarOpen] = useSidebarState();
  return (
    <Menu>
      <Typography
        component="div"
        variant="h6"
        sx={{ px: 2, py: 1.5, fontWeight: 700, whiteSpace: 'nowrap', color: 'primary.main' }}
        data-testid="sidebar-title"
      >
        {sidebarOpen ? 'CS portal' : 'CS'}
      </Typography>
      <Menu.DashboardItem primaryText="ホーム" />
      {menuSections.map((section, index) => (
        <nav key={section.label ?? index} aria-label={section.label ?? 'その他'}>
          <Divider />
          {section.dropdown ? (
            <Dropdown section={section} />
          ) : (
            <>
              {section.label && sidebarOpen && <ListSubheader sx={{ lineHeight: '32px', bgcolor: 'transparent' }}>{section.label}</ListSubheader>}
              <Entries section={section} />
            </>
          )}
        </nav>
      ))}
    </Menu>
  );
};
