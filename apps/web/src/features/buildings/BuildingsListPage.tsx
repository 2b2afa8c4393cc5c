import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import type { Building } from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useBuildings } from './api';

const PAGE_SIZE = 5;

const columns: Column<Building>[] = [
  { key: 'cata', header: 'Nro. catastral', render: (b) => b.cata, hideOnMobile: true },
  {
    key: 'name',
    header: 'Nombre',
    render: (b) => (
      <Link component={RouterLink} to={`/buildingDetail/${b.id}`}>
        {b.name}
      </Link>
    ),
  },
  { key: 'address', header: 'Dirección', render: (b) => b.address, hideOnMobile: true },
  { key: 'floor', header: 'Pisos', render: (b) => b.floor, align: 'right', hideOnMobile: true },
  {
    key: 'apartments',
    header: (
      <>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Departamentos
        </Box>
        <Box component="span" sx={{ display: { sm: 'none' } }}>
          Dptos.
        </Box>
      </>
    ),
    render: (b) => b.cant_apartments,
    align: 'right',
  },
  {
    key: 'edit',
    header: 'Editar',
    align: 'right',
    render: (b) => (
      <Button
        component={RouterLink}
        to={`/BuildingUpdate/${b.id}`}
        size="small"
        startIcon={<EditIcon />}
        aria-label={`Editar ${b.name}`}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        {/* Icon only on phones, so the row fits 390px. */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Editar
        </Box>
      </Button>
    ),
  },
];

export default function BuildingsListPage() {
  const [page, setPage] = useState(0);
  const q = useBuildings(page + 1, PAGE_SIZE);
  return (
    <>
      <PageHeader
        title="Edificios"
        actions={
          <Button component={RouterLink} to="/buildingadd" variant="contained" startIcon={<AddIcon />}>
            Nuevo edificio
          </Button>
        }
      />
      <ServerTable
        caption="Edificios"
        columns={columns}
        rows={q.data?.items}
        total={q.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={q.isFetching}
        error={q.isError}
        onRetry={() => void q.refetch()}
        emptyText="Todavía no tiene edificios."
        rowKey={(b) => b.id}
      />
    </>
  );
}
