import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { Amenity } from '@consorcio/domain';
import type { Column } from '../../components/ServerTable';

export const amenityDetailPath = (a: Pick<Amenity, 'id' | 'amenity_type'>) =>
  `/AmenitieDetail/${a.id}/${encodeURIComponent(a.amenity_type)}`;

/**
 * The table of /amenities: Edificio, Tipo (to its slots), Turnos disponibles, Agregar turnos and
 * Editar. On a phone the building rides under the type and the two buttons are icons.
 */
export function adminAmenityColumns(addSlots: (a: Amenity) => void, withBuilding: boolean): Column<Amenity>[] {
  return [
    { key: 'building', header: 'Edificio', render: (a) => a.building.name, hideOnMobile: true },
    {
      key: 'type',
      header: 'Tipo',
      render: (a) => (
        <>
          <Link component={RouterLink} to={amenityDetailPath(a)} sx={{ overflowWrap: 'anywhere' }}>
            {a.amenity_type}
          </Link>
          {withBuilding && (
            <Box sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary', fontSize: 13 }}>{a.building.name}</Box>
          )}
        </>
      ),
    },
    { key: 'free', header: 'Turnos disponibles', align: 'right', render: (a) => a.freeSlots.toLocaleString('es-AR') },
    {
      key: 'add',
      header: <Box sx={{ display: { xs: 'none', sm: 'block' } }}>Turnos</Box>,
      align: 'center',
      render: (a) => (
        <>
          <Button
            size="small"
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => addSlots(a)}
            sx={{ display: { xs: 'none', sm: 'inline-flex' }, whiteSpace: 'nowrap' }}
          >
            Agregar turnos
          </Button>
          <IconButton
            size="small"
            color="primary"
            onClick={() => addSlots(a)}
            aria-label={`Agregar turnos a ${a.amenity_type}`}
            sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
          >
            <AddIcon fontSize="small" />
          </IconButton>
        </>
      ),
    },
    {
      key: 'edit',
      header: 'Editar',
      align: 'center',
      render: (a) => (
        <IconButton size="small" component={RouterLink} to={`/amenityUpdate/${a.id}`} aria-label={`Editar ${a.amenity_type}`}>
          <EditIcon fontSize="small" />
        </IconButton>
      ),
    },
  ];
}
