import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/Edit';
import { formatDateShortEs, formatPesos, type Spending } from '@consorcio/domain';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useSpendings } from './api';

const PAGE_SIZE = 5;
const columns: Column<Spending>[] = [
  {
    key: 'date',
    header: 'Fecha',
    render: (s) => (
      <>
        {formatDateShortEs(s.date)}
        {/* On a phone the concept rides under the date, so the amount and Editar fit. */}
        <Box component="span" sx={{ display: { xs: 'block', md: 'none' }, color: 'text.secondary' }}>
          {s.concept}
        </Box>
      </>
    ),
  },
  { key: 'concept', header: 'Concepto', render: (s) => s.concept, hideOnMobile: true },
  { key: 'supplier', header: 'Proveedor', render: (s) => s.supplier, hideOnMobile: true },
  { key: 'amount', header: 'Monto', align: 'right', render: (s) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatPesos(s.amount)}</Box> },
  {
    key: 'edit',
    header: 'Editar',
    align: 'center',
    render: (s) => (
      <IconButton
        size="small"
        component={RouterLink}
        to={`/spendings/board/${s.id}/edit`}
        aria-label={`Editar gasto ${s.concept} del ${formatDateShortEs(s.date)}`}
      >
        <EditIcon fontSize="small" />
      </IconButton>
    ),
  },
];

/** Building detail: the building's latest spendings, with links to add one and to the full board. */
export function BuildingSpendingsSection({ buildingId }: { buildingId: number }) {
  const [page, setPage] = useState(0);
  const list = useSpendings({ buildingId, page: page + 1, pageSize: PAGE_SIZE });
  return (
    <Box component="section" aria-labelledby={`spendings-${buildingId}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="h6" component="h2" id={`spendings-${buildingId}`}>
          Gastos
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" component={RouterLink} to={`/spendings/board?buildingId=${buildingId}`}>
            Ver todos
          </Button>
          <Button
            size="small"
            variant="contained"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/spendings/newSpending/${buildingId}`}
          >
            Agregar gasto
          </Button>
        </Box>
      </Box>
      <ServerTable
        caption="Gastos del edificio"
        columns={columns}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText="Este edificio todavía no tiene gastos cargados."
        rowKey={(s) => s.id}
        footer={
          <Box sx={{ px: 2, py: 1, display: 'flex', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
            <Typography fontWeight={700}>Total histórico: {list.data ? formatPesos(list.data.sum) : '—'}</Typography>
          </Box>
        }
      />
    </Box>
  );
}
