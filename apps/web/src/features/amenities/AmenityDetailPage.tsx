import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DatePicker } from '../../components/DatePicker';
import { formatDateEs, todayIso, type Amenity, type Booking } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ServerTable, type Column } from '../../components/ServerTable';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { isApiError } from '../../lib/api';
import { dateTimeEs, finishEs, groupByStart, groupState, groupUser, timeOf, type SlotGroup } from './admin-slots';
import { useAmenity, useSlots } from './api';
import { CreateSlotsDialog } from './CreateSlotsDialog';
import { SlotStatusChip, SlotStatusDialog, type SlotTarget } from './SlotStatusDialog';

const PAGE_SIZE = 5;
/** A day's slots, all at once, for the Hora grouping (API.md: pageSize at most 500). */
const DAY_PAGE = 500;

/** /AmenitieDetail/{id}/{name}: the slots of one amenity. */
export default function AmenityDetailPage() {
  const { id, name } = useParams();
  const amenityId = Number(id) || 0;
  const amenity = useAmenity(amenityId);
  if (amenity.isPending && amenityId) return <PageLoader />;
  if (!amenityId || amenity.isError)
    return (
      <>
        <PageHeader title={name ?? 'Amenity'} />
        <ErrorState
          message={!amenityId || isApiError(amenity.error, 'NOT_FOUND') ? 'El amenity no existe.' : undefined}
          onRetry={amenityId && !isApiError(amenity.error, 'NOT_FOUND') ? () => void amenity.refetch() : undefined}
        />
      </>
    );
  return amenity.data ? <SlotsView amenity={amenity.data} /> : null;
}

/** The Estado cell: a button that opens the popup. */
function StateButton({
  label,
  describe,
  onClick,
  children,
}: {
  label: string;
  describe: string;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <Link
      component="button"
      type="button"
      onClick={onClick}
      aria-label={`${label}. ${describe}`}
      sx={{ textAlign: 'left', textDecoration: 'none' }}
    >
      {children ?? label}
    </Link>
  );
}

/** The start; on a phone, where Fin is hidden, the date over "10:00 a 14:00". */
function StartCell({ start, finish }: { start: string; finish: string }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {dateTimeEs(start)}
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
        {formatDateEs(start)}
        <br />
        {timeOf(start)} a {finishEs(start, finish)}
      </Box>
    </Box>
  );
}

function SlotsView({ amenity }: { amenity: Amenity }) {
  const filters = useUrlFilters();
  const day = filters.text('day') || undefined;
  // Hora needs a day: it groups the whole day's slots, not a page of them.
  const byHour = filters.text('view') === 'hora' && !!day;
  const { page } = filters;
  const [target, setTarget] = useState<SlotTarget | undefined>();
  const [adding, setAdding] = useState(false);

  const paged = useSlots({ amenityId: amenity.id, start: day, page: page + 1, pageSize: PAGE_SIZE }, !byHour);
  const whole = useSlots({ amenityId: amenity.id, start: day, page: 1, pageSize: DAY_PAGE }, byHour);
  const groups = byHour ? groupByStart(whole.data?.items ?? []) : [];

  const slotColumns: Column<Booking>[] = [
    { key: 'start', header: 'Inicio', render: (s) => <StartCell start={s.start} finish={s.finish} /> },
    { key: 'finish', header: 'Fin', render: (s) => finishEs(s.start, s.finish), hideOnMobile: true },
    { key: 'user', header: 'Usuario', render: (s) => s.user?.name ?? '—' },
    {
      key: 'state',
      header: 'Estado',
      render: (s) => (
        <StateButton
          label={`Estado ${groupState([s])}`}
          describe={`Cambiar el turno de las ${timeOf(s.start)} del ${formatDateEs(s.start)}`}
          onClick={() => setTarget({ start: s.start, finish: s.finish, slots: [s], group: false })}
        >
          <SlotStatusChip status={s.status} />
        </StateButton>
      ),
    },
  ];
  const groupColumns: Column<SlotGroup>[] = [
    { key: 'start', header: 'Inicio', render: (g) => <StartCell start={g.start} finish={g.finish} /> },
    { key: 'finish', header: 'Fin', render: (g) => finishEs(g.start, g.finish), hideOnMobile: true },
    { key: 'user', header: 'Usuario', render: (g) => groupUser(g.slots) },
    {
      key: 'state',
      header: 'Estado',
      render: (g) => (
        <StateButton
          label={groupState(g.slots)}
          describe={`Cambiar los turnos de las ${timeOf(g.start)}`}
          onClick={() => setTarget({ ...g, group: true })}
        />
      ),
    },
  ];

  const table = byHour ? (
    <ServerTable
      caption={`Turnos de ${amenity.amenity_type} por hora`}
      columns={groupColumns}
      rows={whole.data ? groups.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE) : undefined}
      total={groups.length}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={filters.setPage}
      loading={whole.isFetching}
      error={whole.isError}
      onRetry={() => whole.refetch()}
      emptyText="No hay turnos ese día"
      rowKey={(g) => g.start}
    />
  ) : (
    <ServerTable
      caption={`Turnos de ${amenity.amenity_type}`}
      columns={slotColumns}
      rows={paged.data?.items}
      total={paged.data?.total ?? 0}
      page={page}
      pageSize={PAGE_SIZE}
      onPageChange={filters.setPage}
      loading={paged.isFetching}
      error={paged.isError}
      onRetry={() => paged.refetch()}
      emptyText={day ? 'No hay turnos ese día' : 'Este amenity no tiene turnos. Use "Agregar turnos" para crearlos.'}
      rowKey={(s) => s.id}
    />
  );

  return (
    <>
      <PageHeader
        title={`Turnos de ${amenity.amenity_type}`}
        actions={
          <>
            <Button component={RouterLink} to={`/amenities/${amenity.buildingId}`} startIcon={<ArrowBackIcon />}>
              Amenities
            </Button>
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setAdding(true)}>
              Agregar turnos
            </Button>
          </>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -2, mb: 2 }}>
        {amenity.building.name} · {amenity.freeSlots.toLocaleString('es-AR')} turnos disponibles
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label="Filtros">
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <DatePicker
            label="Día"
            format="DD/MM/YYYY"
            value={day ? dayjs(day) : null}
            onChange={(v) => {
              if (v === null) filters.setFilters({ day: undefined, view: undefined });
              else if (v.isValid()) filters.setFilters({ day: v.format('YYYY-MM-DD') });
            }}
            slotProps={{ textField: { size: 'small', sx: { width: { xs: '100%', sm: 200 } } }, field: { clearable: true } }}
          />
          <ToggleButtonGroup
            size="small"
            exclusive
            color="primary"
            aria-label="Mostrar"
            value={byHour ? 'hora' : 'todos'}
            // Hora without a day groups today's slots.
            onChange={(_e, v: 'todos' | 'hora' | null) =>
              v && filters.setFilters({ view: v === 'hora' ? 'hora' : undefined, day: v === 'hora' && !day ? todayIso() : day })
            }
          >
            <ToggleButton value="todos">Todos</ToggleButton>
            <ToggleButton value="hora">Hora</ToggleButton>
          </ToggleButtonGroup>
          <Typography variant="body2" color="text.secondary">
            {byHour ? 'Un renglón por horario, con todos sus lugares.' : 'Un renglón por lugar.'}
          </Typography>
        </Box>
      </Paper>
      {table}
      <SlotStatusDialog amenity={amenity} target={target} onClose={() => setTarget(undefined)} />
      <CreateSlotsDialog amenity={adding ? amenity : undefined} onClose={() => setAdding(false)} />
    </>
  );
}
