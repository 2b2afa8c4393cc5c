import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import ListAltIcon from '@mui/icons-material/ListAlt';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { ErrorState } from '../components/ErrorState';
import { isApiError } from '../lib/api';
import { useSession } from '../lib/session';
import { useUser } from '../features/users/api';
import { useBuilding } from '../features/buildings/api';
import { BuildingPresentation } from '../features/buildings/BuildingPresentation';
import { BuildingAlertsCalendar } from '../features/alerts/BuildingAlertsCalendar';

/** /public/{id}/calendar ("Mi Edificio"): the resident's building, then its alerts calendar. */
export default function ResidentCalendarPage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  // The same record (and cache entry) as the home's "Mi edificio" card.
  const me = useUser(self);
  const building = useBuilding(me.data?.building.id ?? 0);

  if (self && id !== self) return <Navigate to={`/public/${self}/calendar`} replace />;
  const failed = me.isError ? me : building.isError ? building : null;
  if (failed)
    return (
      <ErrorState
        message={isApiError(failed.error, 'NOT_FOUND') ? 'No se encontró su edificio.' : undefined}
        onRetry={isApiError(failed.error, 'NOT_FOUND') ? undefined : () => void failed.refetch()}
      />
    );
  if (!building.data) return <PageLoader />;
  const b = building.data;

  return (
    <>
      <PageHeader
        title={b.name}
        actions={
          <>
            <Button component={RouterLink} to={`/public/${id}/alerts`} variant="outlined" startIcon={<ListAltIcon />}>
              Lista de alertas
            </Button>
            <Button component={RouterLink} to={`/public/${id}/subscriptions`} startIcon={<NotificationsActiveIcon />}>
              Suscripciones
            </Button>
          </>
        }
      />
      <Stack spacing={3}>
        <BuildingPresentation building={b} />
        <BuildingAlertsCalendar buildingId={b.id} variant="user" />
      </Stack>
    </>
  );
}
