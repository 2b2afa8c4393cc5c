import { Navigate, useLocation, useParams } from 'react-router';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '../../components/DatePicker';
import { AMENITY_MSG, isoDateSchema, todayIso } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { useUrlFilters } from '../../hooks/use-url-filters';
import { useSession } from '../../lib/session';
import { useAmenities } from './api';
import { MyBookingsTable } from './MyBookingsTable';
import { ResidentAmenityCard } from './ResidentAmenityCard';

/** A building has a handful of amenities: one request brings them all. */
const AMENITY_PAGE_SIZE = 100;

/** /public/{id}/Bookings: book a free slot of the building's amenities and manage one's own bookings (phone first). */
export default function ResidentBookingsPage() {
  const session = useSession();
  const id = Number(useParams().id);
  const self = session.data?.id;
  const { search } = useLocation();
  // Bookings are always the caller's own, so the URL says so.
  if (self && id !== self) return <Navigate to={`/public/${self}/Bookings${search}`} replace />;
  if (!self) return <PageLoader />;
  return <Bookings userId={self} />;
}

function Bookings({ userId }: { userId: number }) {
  const filters = useUrlFilters();
  const today = todayIso();
  // The chosen day lives in the URL (?dia=), so a reload keeps it; a bad or past one falls back to today.
  const asked = filters.text('dia');
  const day = isoDateSchema.safeParse(asked).success && asked >= today ? asked : today;
  const amenities = useAmenities({ page: 1, pageSize: AMENITY_PAGE_SIZE });
  const items = amenities.data?.items;

  return (
    <>
      <PageHeader title="Amenities" />
      <Alert severity="info" sx={{ mb: 3 }}>
        {AMENITY_MSG.rulesNotice}
      </Alert>

      <Box component="section" aria-labelledby="book-title" sx={{ mb: 4 }}>
        <Typography id="book-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
          Reservar un turno
        </Typography>
        <Box sx={{ maxWidth: { sm: 320 }, mb: 2 }}>
          <DatePicker
            label="Día"
            format="DD/MM/YYYY"
            value={dayjs(day)}
            minDate={dayjs(today)}
            disablePast
            onChange={(d) => {
              if (d?.isValid() && d.format('YYYY-MM-DD') >= today) filters.setFilters({ dia: d.format('YYYY-MM-DD') });
            }}
            slotProps={{ textField: { helperText: 'Se muestran los turnos libres de ese día' } }}
          />
        </Box>
        {amenities.isError ? (
          <ErrorState message="No se pudieron cargar los amenities." onRetry={() => void amenities.refetch()} />
        ) : !items ? (
          <PageLoader label="Cargando amenities…" />
        ) : items.length === 0 ? (
          <EmptyState title="Su edificio todavía no tiene amenities para reservar." />
        ) : (
          <Stack spacing={2}>
            {items.map((a) => (
              <ResidentAmenityCard key={a.id} amenity={a} day={day} userId={userId} />
            ))}
          </Stack>
        )}
      </Box>

      {/* Shown once the amenities above are in, so their cards never push it down while it is read. */}
      {(items || amenities.isError) && (
        <Box component="section" aria-labelledby="mine-title">
          <Typography id="mine-title" variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
            Mis reservas
          </Typography>
          <MyBookingsTable userId={userId} />
        </Box>
      )}
    </>
  );
}
