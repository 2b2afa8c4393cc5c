import { FILTER_SELECT_PROPS, FiltersPanel } from '../components/FiltersPanel';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { DatePicker } from '../components/DatePicker';
import { EXPENSE_MSG, formatPesos, SPENDINGS_SINCE_DEFAULT, todayIso, type Spending } from '@consorcio/domain';
import { PageHeader } from '../components/PageHeader';
import { ServerTable, type Column } from '../components/ServerTable';
import { BuildingSelect } from '../components/BuildingSelect';
import { useBuildingOptions } from '../hooks/use-building-options';
import { useUrlFilters } from '../hooks/use-url-filters';
import { useDialogs } from '../lib/dialogs';
import { GenerateExpensesDialog } from '../features/expenses/GenerateExpensesDialog';
import { useConcepts, useSpendings } from '../features/spendings/api';
import {
  PhoneOnly,
  spendingAmountColumn,
  spendingConceptColumn,
  spendingDateColumn,
  spendingEditColumn,
} from '../features/spendings/spending-columns';

const PAGE_SIZE = 5;

/** With one building filtered its name would only repeat on every phone row. */
const boardColumns = (oneBuilding: boolean): Column<Spending>[] => [
  { key: 'building', header: 'Edificio', render: (s) => s.building.name, hideOnMobile: true },
  spendingDateColumn((s) =>
    oneBuilding ? null : (
      <PhoneOnly sx={{ fontSize: 12, maxWidth: '45vw', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {s.building.name}
      </PhoneOnly>
    ),
  ),
  spendingConceptColumn,
  { key: 'details', header: 'Detalle', render: (s) => s.details, hideOnMobile: true },
  spendingAmountColumn,
  spendingEditColumn,
];

/** Gastos: filters applied by the server, 5 rows a page, newest first, and the total of every match. */
export default function SpendingsBoardPage() {
  const filters = useUrlFilters();
  const since = filters.text('since', SPENDINGS_SINCE_DEFAULT);
  const upTo = filters.text('upTo', todayIso());
  const buildingId = filters.id('buildingId');
  const concept = filters.text('concept');
  const page = filters.page;
  const [generating, setGenerating] = useState(false);
  const dialogs = useDialogs();
  const buildings = useBuildingOptions();
  const concepts = useConcepts(buildingId);
  const list = useSpendings({ buildingId, since, upTo, concept: concept || undefined, page: page + 1, pageSize: PAGE_SIZE });

  const building = buildings.data?.find((b) => b.id === buildingId);
  const openGenerate = () => {
    if (!building) void dialogs.message({ title: EXPENSE_MSG.needBuildingFilter, severity: 'warning' });
    else setGenerating(true);
  };

  return (
    <>
      <PageHeader
        title="Gastos"
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              component={RouterLink}
              to={buildingId ? `/spendings/newSpending/${buildingId}` : '/spendings/newSpending'}
            >
              Agregar gasto
            </Button>
            <Button variant="outlined" startIcon={<ReceiptLongIcon />} onClick={openGenerate}>
              Generar Expensas
            </Button>
          </>
        }
      />
      <FiltersPanel fields={4}>
        <DatePicker
          label="Desde"
          format="DD/MM/YYYY"
          value={dayjs(since)}
          maxDate={dayjs(upTo)}
          onChange={(v) => v?.isValid() && filters.setFilters({ since: v.format('YYYY-MM-DD') })}
          slotProps={{ textField: { size: 'small' } }}
        />
        <DatePicker
          label="Hasta"
          format="DD/MM/YYYY"
          value={dayjs(upTo)}
          minDate={dayjs(since)}
          onChange={(v) => v?.isValid() && filters.setFilters({ upTo: v.format('YYYY-MM-DD') })}
          slotProps={{ textField: { size: 'small' } }}
        />
        <TextField
          select
          size="small"
          label="Concepto"
          slotProps={FILTER_SELECT_PROPS}
          value={concept}
          onChange={(e) => filters.setFilters({ concept: e.target.value })}
        >
          <MenuItem value="">Todos</MenuItem>
          {(concepts.data ?? []).map((c) => (
            <MenuItem key={c} value={c}>
              {c}
            </MenuItem>
          ))}
        </TextField>
        <BuildingSelect
          size="small"
          slotProps={FILTER_SELECT_PROPS}
          allLabel="Todos"
          value={buildingId ?? ''}
          onChange={(id) => filters.setFilters({ buildingId: id, concept: undefined })}
        />
        <Button onClick={filters.clear}>Limpiar filtros</Button>
      </FiltersPanel>
      <ServerTable
        caption="Gastos"
        columns={boardColumns(!!buildingId)}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={filters.setPage}
        loading={list.isFetching}
        error={list.isError}
        onRetry={() => list.refetch()}
        emptyText="No hay gastos para estos filtros."
        rowKey={(s) => s.id}
        footer={
          <Box sx={{ px: 2, py: 1.5, display: 'flex', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
            <Typography fontWeight={700} data-testid="spendings-sum">
              Total: {list.data ? formatPesos(list.data.sum) : '—'}
            </Typography>
          </Box>
        }
      />
      {building && generating && <GenerateExpensesDialog building={building} open onClose={() => setGenerating(false)} />}
    </>
  );
}
