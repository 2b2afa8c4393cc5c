import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { PageHeader } from '../components/PageHeader';
import { PageLoader } from '../components/PageLoader';
import { ErrorState } from '../components/ErrorState';
import { isApiError } from '../lib/api';
import { ApartmentsTable } from '../features/apartments/ApartmentsTable';
import { BuildingSpendingsSection } from '../features/spendings/BuildingSpendingsSection';
import { BuildingSpendingCharts } from '../features/spendings/BuildingSpendingCharts';
import { BuildingAlertsCalendar } from '../features/alerts/BuildingAlertsCalendar';
import { useBuilding } from '../features/buildings/api';
import { BuildingPresentation } from '../features/buildings/BuildingPresentation';

/** /buildingDetail/{id}: presentation, apartments, then the sections other areas fill in. */
export default function BuildingDetailPage() {
  const id = Number(useParams().id);
  const q = useBuilding(id);
  if (q.isPending) return <PageLoader />;
  if (q.isError)
    return (
      <ErrorState
        message={isApiError(q.error, 'NOT_FOUND') ? 'No se encontró el edificio.' : undefined}
        onRetry={isApiError(q.error, 'NOT_FOUND') ? undefined : () => void q.refetch()}
      />
    );
  const b = q.data;
  return (
    <>
      <PageHeader
        title={b.name}
        actions={
          <Button component={RouterLink} to={`/BuildingUpdate/${b.id}`} variant="outlined" startIcon={<EditIcon />}>
            Editar edificio
          </Button>
        }
      />
      <Stack spacing={3}>
        <BuildingPresentation building={b} />

        <Box component="section" aria-labelledby="apartments-title">
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1, flexWrap: 'wrap' }}>
            <Typography id="apartments-title" variant="h6" component="h2">
              Departamentos
            </Typography>
            <Button component={RouterLink} to={`/apartmentadd/${b.id}`} variant="contained" size="small" startIcon={<AddIcon />}>
              Agregar departamento
            </Button>
          </Box>
          <ApartmentsTable buildingId={b.id} />
        </Box>

        {/* Sections built by the spendings and alerts work. */}
        <BuildingSpendingsSection buildingId={b.id} />
        <BuildingSpendingCharts buildingId={b.id} />
        <BuildingAlertsCalendar buildingId={b.id} />
      </Stack>
    </>
  );
}
