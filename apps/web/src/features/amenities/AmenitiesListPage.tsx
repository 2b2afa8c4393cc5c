import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import AddIcon from '@mui/icons-material/Add';
import type { Amenity } from '@consorcio/domain';
import { BuildingSelect } from '../../components/BuildingSelect';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable } from '../../components/ServerTable';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { adminAmenityColumns } from './admin-amenity-columns';
import { useAmenities } from './api';
import { CreateSlotsDialog } from './CreateSlotsDialog';

const PAGE_SIZE = 5;

/** /amenities and /amenities/{buildingId}: the administrator's amenities, paged by the server. */
export default function AmenitiesListPage() {
  const params = useParams();
  const buildingId = Number(params.buildingId) || undefined;
  const navigate = useNavigate();
  const { page, setPage } = useUrlFilters();
  const list = useAmenities({ buildingId, page: page + 1, pageSize: PAGE_SIZE });
  const [adding, setAdding] = useState<Amenity | undefined>();

  return (
    <>
      <PageHeader
        title="Amenities"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/amenityCreate">
            Nuevo amenity
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filtros">
        <BuildingSelect
          size="small"
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          allLabel="Todos"
          value={buildingId ?? ''}
          // The building is part of the path (/amenities/{id}); the page starts over.
          onChange={(id) => navigate(id ? `/amenities/${id}` : '/amenities', { replace: true })}
        />
      </Paper>
      <ServerTable
        caption="Amenities"
        columns={adminAmenityColumns(setAdding, !buildingId)}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText={buildingId ? 'Este edificio no tiene amenities' : 'No hay amenities'}
        rowKey={(a) => a.id}
      />
      <CreateSlotsDialog amenity={adding} onClose={() => setAdding(undefined)} />
    </>
  );
}
