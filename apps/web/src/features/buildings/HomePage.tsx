import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import AddIcon from '@mui/icons-material/Add';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { EmptyState } from '../../components/EmptyState';
import { useAppConfig } from '../../hooks/use-app-config';
import { useBuildings } from './api';
import { BuildingsCarousel } from './BuildingsCarousel';
import { BuildingsMap } from './BuildingsMap';

const FALLBACK_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The carousel and the map show this many (the API's largest page); the list pages through all. */
const HOME_LIMIT = 500;

/** 'Mis Edificios': the administrator's buildings in a carousel and on a map. */
export default function HomePage() {
  const buildings = useBuildings(1, HOME_LIMIT);
  const config = useAppConfig();
  const add = (
    <Button component={RouterLink} to="/buildingadd" variant="contained" startIcon={<AddIcon />}>
      Nuevo edificio
    </Button>
  );
  return (
    <>
      <PageHeader title="Mis Edificios" actions={add} />
      {buildings.isPending ? (
        <PageLoader />
      ) : buildings.isError ? (
        <ErrorState onRetry={() => void buildings.refetch()} />
      ) : (
        <Stack spacing={3}>
          {buildings.data.total > buildings.data.items.length && (
            <Alert severity="info">
              Se muestran los primeros {buildings.data.items.length} de {buildings.data.total} edificios.{' '}
              <Link component={RouterLink} to="/buildings">
                Ver todos en la lista
              </Link>
            </Alert>
          )}
          {buildings.data.items.length === 0 ? (
            <EmptyState title="Todavía no tiene edificios. Cree el primero para empezar." action={add} />
          ) : (
            <BuildingsCarousel buildings={buildings.data.items} />
          )}
          {config.isPending ? (
            <PageLoader label="Cargando mapa…" />
          ) : (
            <BuildingsMap buildings={buildings.data.items} tileUrl={config.data?.tileUrl ?? FALLBACK_TILES} />
          )}
        </Stack>
      )}
    </>
  );
}
