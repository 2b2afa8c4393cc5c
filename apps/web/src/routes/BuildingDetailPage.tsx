import { Link as RouterLink, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
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
import { BuildingImage } from '../features/buildings/BuildingImage';

/** One term and its value: a <div> group directly inside the <dl>. */
function Fact({ label, value, wide = false }: { label: string; value: string | number; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

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
        <Paper variant="outlined" sx={{ overflow: 'hidden', display: 'flex', flexDirection: { xs: 'column', md: 'row' } }}>
          <Box sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
            <BuildingImage src={b.image} alt={`Foto de ${b.name}`} height={220} />
          </Box>
          <Box
            component="dl"
            sx={{
              p: 2,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
              alignContent: 'start',
              flex: 1,
            }}
          >
            <Fact label="Dirección" value={b.address} wide />
            <Fact label="Nro. catastral" value={b.cata} />
            <Fact label="Pisos" value={b.floor} />
            <Fact label="Departamentos" value={b.cant_apartments} />
          </Box>
        </Paper>

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
