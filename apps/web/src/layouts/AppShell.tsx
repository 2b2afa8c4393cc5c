import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import AccountCircle from '@mui/icons-material/AccountCircle';
import HomeIcon from '@mui/icons-material/Home';
import MenuIcon from '@mui/icons-material/Menu';
import { MSG } from '@consorcio/domain';
import { PageLoader } from '../components/PageLoader';
import { useDialogs } from '../lib/dialogs';
import { LOGOUT_FAILED, useLogout, useSession } from '../lib/session';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  end?: boolean;
  /** Other path prefixes that belong to this entry (its create, edit and detail screens). */
  also?: string[];
}

const DRAWER_WIDTH = 240;
/** The highlighted side-menu entry: the current screen's section. */
const activeSx = (t: Theme) => ({
  bgcolor: t.palette.action.selected,
  boxShadow: `inset 4px 0 0 ${t.palette.primary.main}`,
  '& .MuiListItemIcon-root, & .MuiListItemText-primary': { color: t.palette.primary.main, fontWeight: 700 },
});
const MAIN_ID = 'contenido';

/**
 * The frame of both areas: top bar, side menu (permanent on desktop, a drawer on phones), page.
 * `nameOnPhone`: on phones the bar shows the session label instead of the title (resident area).
 */
export function AppShell({
  title,
  homeTo,
  nav,
  topBarExtra,
  nameOnPhone = false,
}: {
  title: string;
  homeTo: string;
  nav: NavItem[];
  topBarExtra?: ReactNode;
  nameOnPhone?: boolean;
}) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const session = useSession();
  const logout = useLogout();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const name = session.data?.name ?? '';
  const path = useLocation().pathname.toLowerCase();
  const belongs = (item: NavItem) => !!item.also?.some((prefix) => path.startsWith(prefix.toLowerCase()));

  const onLogout = async () => {
    setMenuAnchor(null);
    try {
      await logout.mutateAsync();
    } catch (e) {
      // The session may still be open on the server: say so and stay, so the user can try again.
      await dialogs.showError(e, LOGOUT_FAILED);
      return;
    }
    dialogs.toast(MSG.sessionClosed, 'info');
    navigate('/logging', { replace: true });
  };

  const navList = (
    <List>
      {nav.map((item) => (
        // The link sits in an <li>: a list holds only list items.
        <ListItem key={item.to} disablePadding>
          <ListItemButton
            component={NavLink}
            to={item.to}
            end={item.end}
            onClick={() => setMobileOpen(false)}
            sx={(t) => (belongs(item) ? activeSx(t) : { '&.active': activeSx(t) })}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        Saltar al contenido
      </Link>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1 } }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Abrir menú"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen((o) => !o)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography
            variant="h6"
            component={RouterLink}
            to={homeTo}
            noWrap
            sx={{
              display: { xs: nameOnPhone ? 'none' : 'block', sm: 'block' },
              flexGrow: 1,
              minWidth: 0,
              fontWeight: 700,
              fontSize: { xs: '1.1rem', sm: '1.25rem' },
              color: 'inherit',
              textDecoration: 'none',
            }}
          >
            {title}
          </Typography>
          {/* Phones: the title is the home link of the admin bar; residents keep the icon. */}
          <Tooltip title="Inicio">
            <IconButton
              color="inherit"
              component={RouterLink}
              to={homeTo}
              aria-label="Inicio"
              sx={{ display: { xs: nameOnPhone ? 'inline-flex' : 'none', sm: 'inline-flex' } }}
            >
              <HomeIcon />
            </IconButton>
          </Tooltip>
          {topBarExtra}
          <Typography
            component="span"
            noWrap
            title={name}
            data-testid="session-name"
            sx={{
              display: { xs: nameOnPhone ? 'block' : 'none', sm: 'block' },
              flexGrow: { xs: nameOnPhone ? 1 : 0, sm: 0 },
              minWidth: 0,
              maxWidth: { sm: 220 },
              textAlign: { xs: 'right', sm: 'left' },
            }}
          >
            {name}
          </Typography>
          <IconButton
            color="inherit"
            edge="end"
            aria-label="Cuenta"
            aria-haspopup="menu"
            aria-controls={menuAnchor ? 'account-menu' : undefined}
            aria-expanded={!!menuAnchor}
            onClick={(e) => setMenuAnchor(e.currentTarget)}
          >
            <AccountCircle />
          </IconButton>
          <Menu id="account-menu" anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            {!nameOnPhone && (
              <MenuItem disabled sx={{ display: { sm: 'none' }, fontWeight: 600, '&.Mui-disabled': { opacity: 1 } }}>
                {name}
              </MenuItem>
            )}
            <MenuItem onClick={onLogout} disabled={logout.isPending}>
              Cerrar sesión
            </MenuItem>
          </Menu>
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Box component="nav" aria-label="Menú principal">
          <Toolbar />
          {navList}
        </Box>
      </Drawer>
      <Drawer
        variant="permanent"
        open
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Box component="nav" aria-label="Menú principal">
          <Toolbar />
          {navList}
        </Box>
      </Drawer>
      <Box component="main" id={MAIN_ID} tabIndex={-1} sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
