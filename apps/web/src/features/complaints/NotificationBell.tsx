import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { Link as RouterLink } from 'react-router';

/** The complaints bell; the unseen count and box arrive with the complaints work. */
export function NotificationBell() {
  return (
    <Tooltip title="Reclamos">
      <IconButton color="inherit" component={RouterLink} to="/complaints" aria-label="Reclamos nuevos">
        <Badge badgeContent={0} color="secondary">
          <NotificationsIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
