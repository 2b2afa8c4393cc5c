import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { MSG, USER_MSG, userStateLabel, type User } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { ApartmentSelect, BuildingSelect } from '../../components/BuildingSelect';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useDialogs } from '../../lib/dialogs';
import { useUsers } from './api';

const PAGE_SIZE = 10;

const columns: Column<User>[] = [
  {
    key: 'name',
    header: 'Nombre',
    render: (u) => (
      <>
        <Link component={RouterLink} to={`/userView/${u.id}`} underline="hover">
          {u.name}
        </Link>
        {/* On phones the building column is hidden: show it under the name. */}
        <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', md: 'none' } }}>
          {u.building.name} · {u.apartment.number_apartment}
        </Typography>
      </>
    ),
  },
  { key: 'email', header: 'Email', render: (u) => u.email, hideOnMobile: true },
  { key: 'contact', header: 'Contacto', render: (u) => u.contact, hideOnMobile: true },
  { key: 'place', header: 'Edificio / Depto', render: (u) => `${u.building.name} · ${u.apartment.number_apartment}`, hideOnMobile: true },
  {
    key: 'state',
    header: 'Estado',
    render: (u) => <Chip size="small" color={u.isDeleted ? 'default' : 'success'} variant="outlined" label={userStateLabel(u.isDeleted)} />,
  },
  {
    key: 'edit',
    header: 'Editar',
    align: 'center',
    render: (u) => (
      <IconButton component={RouterLink} to={`/userupdate/${u.id}`} aria-label={`Editar ${u.name}`} size="small">
        <EditIcon fontSize="small" />
      </IconButton>
    ),
  },
];

/** Usuarios: residents of my buildings, filtered by building and apartment on the server. */
export default function UsersListPage() {
  const dialogs = useDialogs();
  const [apartmentMenuOpen, setApartmentMenuOpen] = useState(false);
  const filters = useUrlFilters();
  const buildingId = filters.id('buildingId');
  const apartmentId = buildingId ? filters.id('apartmentId') : undefined;
  const page = filters.page;
  const list = useUsers({ buildingId, apartmentId, page: page + 1, pageSize: PAGE_SIZE });

  const apartmentWithoutBuilding = () =>
    void dialogs.message({ title: MSG.checkData, text: USER_MSG.apartmentWithoutBuilding, severity: 'warning' });

  return (
    <>
      <PageHeader
        title="Usuarios"
        actions={
          <Button component={RouterLink} to="/userCreate" variant="contained" startIcon={<AddIcon />}>
            Nuevo usuario
          </Button>
        }
      />
      <Paper variant="outlined" sx={{ p: 2, mb: 2, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <BuildingSelect
          value={buildingId ?? ''}
          onChange={(id) => filters.setFilters({ buildingId: id, apartmentId: undefined })}
          allLabel="Todos"
          size="small"
        />
        <ApartmentSelect
          buildingId={buildingId}
          value={apartmentId ?? ''}
          onChange={(id) => filters.setFilters({ apartmentId: id })}
          allLabel="Todos"
          size="small"
          // The menu is opened by us: without a building its list would be empty, so explain instead.
          slotProps={{
            select: {
              open: apartmentMenuOpen,
              onOpen: () => (buildingId ? setApartmentMenuOpen(true) : apartmentWithoutBuilding()),
              onClose: () => setApartmentMenuOpen(false),
            },
          }}
        />
      </Paper>
      <ServerTable
        caption="Usuarios"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={filters.setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText={buildingId ? 'No hay usuarios con este filtro.' : 'Todavía no hay usuarios. Cree el primero con "Nuevo usuario".'}
        rowKey={(u) => u.id}
      />
    </>
  );
}
