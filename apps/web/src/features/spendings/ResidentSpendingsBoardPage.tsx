import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DatePicker } from '../../components/DatePicker';
import { formatPesos, SPENDINGS_SINCE_DEFAULT, todayIso, type Spending } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FILTER_SELECT_PROPS, FiltersPanel } from '../../components/FiltersPanel';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useSession } from '../../lib/session';
import { useConcepts, useSpendings } from './api';
import { SettledMonthsList } from './SettledMonthsList';
import {
  PhoneOnly,
  spendingAmountColumn,
  spendingConceptColumn,
  spendingDateColumn,
  spendingDetailsColumn,
  spendingSupplierColumn,
} from './spending-columns';

const PAGE_SIZE = 5;

/** Read-only: on a phone the supplier rides under the concept, so date, concept and amount fit. */
const residentColumns: Column<Spending>[] = [
  spendingDateColumn((s) => <PhoneOnly sx={{ fontSize: 12 }}>{s.supplier}</PhoneOnly>),
  spendingConceptColumn,
  spendingSupplierColumn,
  spendingDetailsColumn,
  spendingAmountColumn,
];

/** /public/spendings/board: what the resident's building spent (what the expensas pay for), and its settled months. */
export default function ResidentSpendingsBoardPage() {
  const session = useSession();
  const building = session.data?.building ?? undefined;
  if (session.isPending) return <PageLoader />;
  if (session.isError) return <ErrorState onRetry={() => session.refetch()} />;
  return (
    <>
      <PageHeader title="Gastos del edificio" />
      {building ? <Board buildingId={building.id} buildingName={building.name} /> : <EmptyState title="No tiene un edificio asignado." />}
    </>
  );
}

function Board({ buildingId, buildingName }: { buildingId: number; buildingName: string }) {
  const filters = useUrlFilters();
  const since = filters.text('since', SPENDINGS_SINCE_DEFAULT);
  const upTo = filters.text('upTo', todayIso());
  const concept = filters.text('concept');
  const page = filters.page;
  const concepts = useConcepts(buildingId);
  const list = useSpendings({ buildingId, since, upTo, concept: concept || undefined, page: page + 1, pageSize: PAGE_SIZE });

  return (
    <>
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {buildingName} · lo que se gastó en el edificio, que las expensas reparten entre los departamentos.
      </Typography>
      <FiltersPanel fields={3}>
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
        <Button onClick={filters.clear}>Limpiar filtros</Button>
      </FiltersPanel>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 320px' }, alignItems: 'start' }}>
        <ServerTable
          caption="Gastos del edificio"
          columns={residentColumns}
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
              <Typography fontWeight={700} data-testid="spendings-sum" aria-live="polite">
                Total: {list.data ? formatPesos(list.data.sum) : '—'}
              </Typography>
            </Box>
          }
        />
        <SettledMonthsList buildingId={buildingId} />
      </Box>
    </>
  );
}
