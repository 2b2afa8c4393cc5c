import { lazy, Suspense, useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import { IMPORTANCE_LABEL, IMPORTANT_LEVELS, type Alert } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { WhenVisible } from '../../components/WhenVisible';
import { useCalendarAlerts } from './api';
import { AlertDetailDialog } from './AlertDetailDialog';
import { importanceColor } from '../../components/ImportanceChip';
import type { CalendarRange } from './AlertsCalendarView';

// FullCalendar is only downloaded by the pages that show a calendar, once it comes near the screen.
const AlertsCalendarView = lazy(() => import('./AlertsCalendarView'));
const CALENDAR_HEIGHT = 420;

/**
 * The building's alerts calendar (spec admin-panel §2): a month of alta and media alerts, each
 * opening its popup. The administrator's variant links to a new alert and to editing one; the
 * residents' ('user') variant only shows.
 */
export function BuildingAlertsCalendar({ buildingId, variant = 'admin' }: { buildingId: number; variant?: 'admin' | 'user' }) {
  const [range, setRange] = useState<CalendarRange | null>(null);
  const [open, setOpen] = useState<Alert | null>(null);
  const q = useCalendarAlerts(buildingId, range && { since: range.since, upTo: range.upTo });
  const location = useLocation();
  const theme = useTheme();
  const titleId = useId();
  const admin = variant === 'admin';

  const status = q.isFetching
    ? 'Cargando alertas…'
    : q.data && range && q.data.items.length === 0
      ? `No hay alertas de importancia alta o media en ${range.title}.`
      : '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2">
          Calendario de alertas
        </Typography>
        {admin && (
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/alertsAdd/${buildingId}`}
            state={{ returnTo: location.pathname + location.search }}
          >
            Nueva alerta
          </Button>
        )}
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{q.isFetching && <LinearProgress aria-label="Cargando alertas" />}</Box>
      {q.isError && <ErrorState message="No se pudieron cargar las alertas." onRetry={() => void q.refetch()} />}
      <WhenVisible height={CALENDAR_HEIGHT}>
        <Suspense fallback={<Skeleton variant="rounded" height={CALENDAR_HEIGHT} />}>
          <AlertsCalendarView alerts={q.data?.items ?? []} onRangeChange={setRange} onOpen={setOpen} />
        </Suspense>
      </WhenVisible>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 0.5, mt: 1.5 }}>
        {IMPORTANT_LEVELS.map((i) => (
          <Box key={i} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: importanceColor(theme, i) }} />
            <Typography variant="body2">{IMPORTANCE_LABEL[i]}</Typography>
          </Box>
        ))}
        <Typography variant="body2" color="text.secondary">
          Se muestran las alertas de importancia alta y media.
        </Typography>
      </Box>
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: status ? 1 : 0 }}>
        {status}
      </Typography>
      <AlertDetailDialog alert={open} onClose={() => setOpen(null)} canEdit={admin} />
    </Paper>
  );
}
