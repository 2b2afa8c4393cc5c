import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { COMPLAINT_MSG, formatDateEs, type Complaint } from '@consorcio/domain';
import { complaintPopupLink } from './admin-links';
import { useMarkSeen, useUnseenComplaints } from './api';
import { ImportanceChip } from '../../components/ImportanceChip';

interface Shown {
  items: Complaint[];
  total: number;
}

/**
 * The complaints bell of the admin top bar (spec admin-panel §2, notification box): the count of
 * unseen complaints, refreshed by itself; opening it shows the newest few and marks exactly those
 * seen. What it shows is frozen when it opens, so a complaint arriving meanwhile (or the refetch
 * that marking causes) never changes the list under the administrator's eyes, nor gets marked.
 */
export function NotificationBell() {
  const unseen = useUnseenComplaints();
  const { mutate: markSeen } = useMarkSeen();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const popoverId = useId();
  const headingId = useId();
  const total = unseen.data?.total;

  const snapshot = (data: Shown) => ({ items: [...data.items], total: data.total });
  const onOpen = (e: MouseEvent<HTMLElement>) => {
    setAnchor(e.currentTarget);
    setShown(unseen.data ? snapshot(unseen.data) : null);
  };
  const close = () => setAnchor(null);
  // Opened before the first answer arrived: that answer is what it shows once it does.
  if (anchor && shown === null && unseen.data) setShown(snapshot(unseen.data));

  // Each opening takes a new snapshot; exactly its complaints are marked seen.
  useEffect(() => {
    if (shown && shown.items.length > 0) markSeen(shown.items.map((c) => c.id));
  }, [shown, markSeen]);

  const more = shown ? shown.total - shown.items.length : 0;

  return (
    <>
      <Tooltip title="Reclamos nuevos">
        <IconButton
          color="inherit"
          aria-label={total === undefined ? 'Reclamos nuevos' : `Reclamos nuevos: ${total}`}
          aria-haspopup="dialog"
          aria-expanded={!!anchor}
          aria-controls={anchor ? popoverId : undefined}
          onClick={onOpen}
        >
          <Badge badgeContent={total ?? 0} max={99} color="secondary">
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        id={popoverId}
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': headingId,
            sx: { width: 'min(360px, calc(100vw - 24px))', maxHeight: 'calc(100vh - 80px)' },
          },
        }}
      >
        <Typography id={headingId} component="h2" sx={{ px: 2, pt: 1.5, pb: 1, fontWeight: 700, fontSize: '1rem' }}>
          Reclamos nuevos
        </Typography>
        <Divider />
        {shown === null ? (
          unseen.isError ? (
            <Typography sx={{ px: 2, py: 2 }} color="error">
              No se pudieron cargar los reclamos nuevos.
            </Typography>
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }} role="status" aria-label="Cargando reclamos nuevos">
              <CircularProgress size={28} />
            </Box>
          )
        ) : shown.items.length === 0 ? (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            {COMPLAINT_MSG.noneNew}
          </Typography>
        ) : (
          <List disablePadding aria-labelledby={headingId}>
            {shown.items.map((c) => (
              <ListItem key={c.id} disablePadding divider>
                <ListItemButton component={RouterLink} to={complaintPopupLink(c.id)} onClick={close} sx={{ display: 'block', py: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{c.subject}</Typography>
                  <Box
                    sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mt: 0.5, color: 'text.secondary', fontSize: 14 }}
                  >
                    <ImportanceChip importance={c.importance} />
                    <span>{c.building.name}</span>
                    <span>{formatDateEs(c.date)}</span>
                  </Box>
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
        {more > 0 && (
          <Typography sx={{ px: 2, pt: 1 }} color="text.secondary" fontSize={14}>
            {more === 1 ? 'Hay 1 reclamo nuevo más.' : `Hay ${more} reclamos nuevos más.`}
          </Typography>
        )}
        <Box sx={{ px: 2, py: 1.5, textAlign: 'center' }}>
          <Link component={RouterLink} to="/complaints" onClick={close} sx={{ fontWeight: 600 }}>
            Ver todos los reclamos
          </Link>
        </Box>
      </Popover>
    </>
  );
}
