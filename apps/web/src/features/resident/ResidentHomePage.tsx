import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PersonIcon from '@mui/icons-material/Person';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import type { User } from '@consorcio/domain';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </div>
  );
}

/** Resident home (/public/{id}): the resident's contact data and building. */
export default function ResidentHomePage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  const me = useQuery({
    queryKey: ['users', 'one', self],
    enabled: !!self,
    queryFn: () => api.get<User>(`/users/${self}`),
  });

  if (self && id !== self) return <Navigate to={`/public/${self}`} replace />;
  if (me.isError) return <ErrorState onRetry={() => me.refetch()} />;
  if (!me.data) return <PageLoader />;
  const u = me.data;

  return (
    <>
      <PageHeader title={`Hola, ${u.name.split(' ')[0]}`} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="my-data">
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
            <PersonIcon color="primary" />
            <Typography id="my-data" variant="h6" component="h2">
              Mis datos
            </Typography>
          </Stack>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Field label="Nombre" value={u.name} />
            <Field label="Email" value={u.email} />
            <Field label="Teléfono de contacto" value={u.contact} />
          </Stack>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="my-building">
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
            <ApartmentIcon color="primary" />
            <Typography id="my-building" variant="h6" component="h2">
              Mi edificio
            </Typography>
          </Stack>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <Field label="Edificio" value={u.building.name} />
            <Field label="Departamento" value={u.apartment.number_apartment} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button component={RouterLink} to={`/public/${u.id}/calendar`} variant="outlined">
              Ver mi edificio
            </Button>
            <Button component={RouterLink} to={`/public/${u.id}/subscriptions`} startIcon={<NotificationsActiveIcon />}>
              Suscripciones
            </Button>
          </Stack>
        </Paper>
      </Box>
    </>
  );
}
