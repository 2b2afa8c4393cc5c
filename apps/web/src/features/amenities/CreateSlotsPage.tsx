import { useNavigate } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PageHeader } from '../../components/PageHeader';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useAmenities, useAmenity } from './api';
import { CreateSlotsDialog } from './CreateSlotsDialog';

/** /createBookings?amenityId=…: the slot-generation dialog for a chosen amenity. */
export default function CreateSlotsPage() {
  const navigate = useNavigate();
  const filters = useUrlFilters();
  const amenityId = filters.id('amenityId');
  const options = useAmenities({ page: 1, pageSize: 500 });
  const chosen = useAmenity(amenityId ?? 0);
  const amenity = amenityId ? chosen.data : undefined;

  return (
    <>
      <PageHeader title="Agregar turnos" />
      <Paper variant="outlined" sx={{ p: 2, maxWidth: 560 }}>
        <Typography sx={{ mb: 2 }}>Elija el amenity al que quiere agregarle turnos.</Typography>
        <TextField
          select
          fullWidth
          label="Amenity"
          value={options.data && amenityId ? amenityId : ''}
          onChange={(e) => filters.setFilters({ amenityId: Number(e.target.value) || undefined })}
          error={options.isError || chosen.isError}
          helperText={
            options.isError ? 'No se pudieron cargar los amenities' : chosen.isError ? 'No se encontró el amenity elegido' : undefined
          }
        >
          {(options.data?.items ?? []).map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.amenity_type} · {a.building.name}
            </MenuItem>
          ))}
        </TextField>
      </Paper>
      <CreateSlotsDialog
        amenity={amenity}
        // Back to the list, where the new slots count shows.
        onClose={() => navigate(amenity ? `/amenities/${amenity.buildingId}` : '/amenities')}
      />
    </>
  );
}
