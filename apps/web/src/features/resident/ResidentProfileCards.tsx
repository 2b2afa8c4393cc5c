import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ApartmentIcon from '@mui/icons-material/Apartment';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PersonIcon from '@mui/icons-material/Person';
import type { User } from '@consorcio/domain';

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

/** The resident home's "Mis datos" and "Mi edificio" cards: one column on phones, two from md on. */
export function ResidentProfileCards({ user: u }: { user: User }) {
  return (
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
  );
}
