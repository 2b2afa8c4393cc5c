import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { PageHeader } from '../components/PageHeader';
import { ErrorState } from '../components/ErrorState';
import { useSession } from '../lib/session';
import { useUser } from '../features/users/api';
import { ResidentProfileCards } from '../features/resident/ResidentProfileCards';
import { AlertsNewsCarousel } from '../features/alerts/AlertsNewsCarousel';

/**
 * Resident home (/public/{id}): the building's news first (what a resident comes for, above the
 * fold on a phone), then their own data. The greeting comes from the session, so the news loads
 * at once instead of after the user's record.
 */
export default function ResidentHomePage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  const me = useUser(self);

  if (self && id !== self) return <Navigate to={`/public/${self}`} replace />;
  const firstName = session.data?.name.split(' ')[0] ?? '';

  return (
    <>
      <PageHeader title={firstName ? `Hola, ${firstName}` : 'Inicio'} />
      <Stack spacing={3}>
        <AlertsNewsCarousel
          action={
            <Button component={RouterLink} to={`/public/${id}/subscriptions`} size="small" startIcon={<NotificationsActiveIcon />}>
              Suscribirme a las alertas
            </Button>
          }
        />
        {me.isError ? (
          <ErrorState onRetry={() => void me.refetch()} />
        ) : me.data ? (
          <ResidentProfileCards user={me.data} />
        ) : (
          // About the cards' height at each width, so nothing jumps when they arrive.
          <Skeleton variant="rounded" sx={{ height: { xs: 532, sm: 520, md: 275, lg: 254 } }} aria-hidden />
        )}
      </Stack>
    </>
  );
}
