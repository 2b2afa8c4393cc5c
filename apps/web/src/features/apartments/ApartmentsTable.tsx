import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import EditIcon from '@mui/icons-material/Edit';
import { apartmentStateLabel, type Apartment } from '@consorcio/domain';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useApartments } from './api';

const PAGE_SIZE = 5;

const columns: Column<Apartment>[] = [
  { key: 'number', header: 'Número', render: (a) => a.number_apartment },
  { key: 'cata', header: 'Nro. catastral', render: (a) => a.cata_apartment, hideOnMobile: true },
  { key: 'mt2', header: 'm²', render: (a) => a.mt2.toLocaleString('es-AR'), align: 'right', hideOnMobile: true },
  {
    key: 'state',
    header: 'Estado',
    render: (a) => (
      <Chip size="small" label={apartmentStateLabel(a.state)} color={a.state === 1 ? 'success' : 'default'} variant="outlined" />
    ),
  },
  {
    key: 'edit',
    header: 'Editar',
    align: 'right',
    render: (a) => (
      <Button
        component={RouterLink}
        to={`/apartment/${a.id}`}
        size="small"
        startIcon={<EditIcon />}
        aria-label={`Editar departamento ${a.number_apartment}`}
      >
        Editar
      </Button>
    ),
  },
];

/** The building detail's apartments, paged on the server. */
export function ApartmentsTable({ buildingId }: { buildingId: number }) {
  const [page, setPage] = useState(0);
  const q = useApartments(buildingId, page + 1, PAGE_SIZE);
  return (
    <ServerTable
      caption="Departamentos"
      columns={columns}
      rows={q.data?.items}
      total={q.data?.total ?? 0}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={setPage}
      loading={q.isFetching}
      error={q.isError}
      onRetry={() => void q.refetch()}
      emptyText="Este edificio todavía no tiene departamentos."
      rowKey={(a) => a.id}
    />
  );
}
