import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AMENITY_MSG, type Booking } from '@consorcio/domain';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { useCancelSlot, useMyBookings } from './api';
import { dayOf, nowLocal, timeRange } from './resident-slots';
import { visuallyHidden } from '../../components/visually-hidden';

const onPhone = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Each booking of the list names its amenity, also one since deleted (archived). */
const amenityName = (b: Booking) => b.amenity?.amenity_type ?? 'Amenity';

/** 'Mis reservas': the resident's own bookings (the server leaves cancelled ones out), each with Cancelar. */
export function MyBookingsTable({ userId }: { userId: number }) {
  const dialogs = useDialogs();
  const mine = useMyBookings(userId);
  const cancel = useCancelSlot();
  const now = nowLocal();

  const onCancel = async (b: Booking) => {
    const what = `${amenityName(b)}, ${dayOf(b)}, ${timeRange(b)}`;
    const ok = await dialogs.confirm({
      title: '¿Cancelar la reserva?',
      text: `${what}. El turno queda libre para otros vecinos.`,
      confirmText: 'Cancelar reserva',
      cancelText: 'Volver',
      destructive: true,
    });
    if (!ok) return;
    try {
      await cancel.mutateAsync(b.id);
      // The spec shows this confirmation in the error style.
      dialogs.toast(AMENITY_MSG.cancelled, 'error');
    } catch (e) {
      // The cancellation deadline (409) or a booking that is no longer there: the list shows it as it now is.
      void mine.refetch();
      if (isApiError(e, 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN'))
        await dialogs.message({ title: 'No se pudo cancelar', text: e.message, severity: 'warning' });
      else await dialogs.showError(e, 'No se pudo cancelar');
    }
  };

  if (mine.isError) return <ErrorState message="No se pudieron cargar sus reservas." onRetry={() => void mine.refetch()} />;
  const rows = mine.data?.items;
  if (rows && rows.length === 0) return <EmptyState title="Todavía no tiene reservas. Elija un horario arriba para reservar." />;

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table aria-label="Mis reservas">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 700 }}>Amenity</TableCell>
              <TableCell sx={{ fontWeight: 700 }}>Fecha</TableCell>
              <TableCell sx={{ fontWeight: 700, ...onPhone }}>Horario</TableCell>
              <TableCell sx={{ fontWeight: 700 }} align="right">
                <Box component="span" sx={visuallyHidden}>
                  Acciones
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody aria-busy={mine.isFetching}>
            {!rows
              ? Array.from({ length: 2 }, (_, i) => (
                  <TableRow key={i}>
                    {[0, 1, 2, 3].map((c) => (
                      <TableCell key={c} sx={c === 2 ? onPhone : undefined}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((b) => {
                  const name = amenityName(b);
                  const past = b.start <= now;
                  const withdrawn = b.amenity?.archived === true;
                  return (
                    <TableRow key={b.id}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        {name}
                        {withdrawn && <Box sx={{ color: 'text.secondary', fontSize: 13 }}>Dado de baja</Box>}
                      </TableCell>
                      <TableCell>
                        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                          {dayOf(b)}
                        </Box>
                        {/* On a phone the time rides under the date, so the row keeps its button. */}
                        <Box sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary', fontSize: 13, whiteSpace: 'nowrap' }}>
                          {timeRange(b)}
                        </Box>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', ...onPhone }}>{timeRange(b)}</TableCell>
                      <TableCell align="right" sx={{ pr: { xs: 1, sm: 2 } }}>
                        {past || withdrawn ? (
                          <Typography variant="body2" color="text.secondary">
                            {past ? 'Finalizada' : 'Cancelada'}
                          </Typography>
                        ) : (
                          <Button
                            color="error"
                            variant="outlined"
                            onClick={() => void onCancel(b)}
                            disabled={cancel.isPending && cancel.variables === b.id}
                            aria-label={`Cancelar la reserva de ${name} del ${dayOf(b)} a las ${b.start.slice(11, 16)}`}
                            sx={{ minHeight: 44 }}
                          >
                            Cancelar
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
          </TableBody>
        </Table>
      </TableContainer>
      {mine.data && mine.data.total > mine.data.items.length && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          Se muestran las {mine.data.items.length} reservas más próximas de {mine.data.total}.
        </Typography>
      )}
    </Paper>
  );
}

// Pixel strings: a bare 1 in sx means 100%.
