import { Suspense, useState, type ReactNode } from 'react';
import { Link as RouterLink, NavLink, Outlet, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import HomeIcon from '@mui/icons-material/Home';
import MenuIcon from '@mui/icons-material/Menu';
import { MSG } from '@consorcio/domain';
import { PageLoader } from '../components/PageLoader';
import { useDialogs } from '../lib/dialogs';
import { useLogout, useSession } from '../features/auth/session';

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  end?: boolean;
}

const DRAWER_WIDTH = 240;

/** The frame of both areas: top bar, side menu (permanent on desktop, a drawer on phones), page. */
export function AppShell({ title, homeTo, nav, topBarExtra }: { title: string; homeTo: string; nav: NavItem[]; topBarExtra?: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const session = useSession();
  const logout = useLogout();
  const dialogs = useDialogs();
  const navigate = useNavigate();

  const onLogout = async () => {
    setMenuAnchor(null);
    await logout.mutateAsync().catch(() => undefined);
    dialogs.toast(MSG.sessionClosed, 'info');
    navigate('/logging', { replace: true });
  };

  const drawer = (
    <Box component="nav" aria-label="Menú principal">
      <Toolbar />
      <List>
        {nav.map((item) => (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            end={item.end}
            onClick={() => setMobileOpen(false)}
            sx={{ '&.active': { bgcolor: 'action.selected', fontWeight: 700 } }}
          >
            <ListItemIcon>{item.icon}</ListItemIcon>
            <ListItemText primary={item.label} />
          </ListItemButton>
        ))}
      </List>
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Abrir menú"
            onClick={() => setMobileOpen((o) => !o)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Typography variant="h6" component="span" noWrap sx={{ flexGrow: 1, fontWeight: 700 }}>
            {title}
          </Typography>
          <Tooltip title="Inicio">
            <IconButton color="inherit" component={RouterLink} to={homeTo} aria-label="Inicio">
              <HomeIcon />
            </IconButton>
          </Tooltip>
          {topBarExtra}
          <Typography component="span" noWrap sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 200 }} data-testid="session-name">
            {session.data?.name}
          </Typography>
          <IconButton color="inherit" aria-label="Cuenta" aria-haspopup="menu" onClick={(e) => setMenuAnchor(e.currentTarget)}>
            <AccountCircle />
          </IconButton>
          <Menu anchorEl={menuAnchor} open={!!menuAnchor} onClose={() => setMenuAnchor(null)}>
            <MenuItem disabled sx={{ display: { sm: 'none' } }}>
              {session.data?.name}
            </MenuItem>
            <MenuItem onClick={onLogout}>Cerrar sesión</MenuItem>
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
        {drawer}
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
        {drawer}
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        <Toolbar />
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
