import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { formatPesos, type Spending } from '@consorcio/domain';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useSpendings } from './api';
import { spendingAmountColumn, spendingConceptColumn, spendingDateColumn, spendingEditColumn } from './spending-columns';

const PAGE_SIZE = 5;
const columns: Column<Spending>[] = [
  spendingDateColumn(),
  spendingConceptColumn,
  { key: 'supplier', header: 'Proveedor', render: (s) => s.supplier, hideOnMobile: true },
  spendingAmountColumn,
  spendingEditColumn,
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
