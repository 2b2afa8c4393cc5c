import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { AMENITY_MSG, BOOKING_STATUS_LABEL, formatDateEs, localDateTimeIso, type Amenity, type BookingStatus } from '@consorcio/domain';
import { useDialogs } from '../../lib/dialogs';
import { finishEs, timeOf, type SlotGroup } from './admin-slots';
import { useBuildingResidents } from './admin-api';
import { useSetGroupStatus, useSetSlotStatus, useTakeSlot } from './api';

const STATUS_COLOR: Record<BookingStatus, 'success' | 'primary' | 'default'> = {
  free: 'success',
  booked: 'primary',
  cancelled: 'default',
};

export function SlotStatusChip({ status }: { status: BookingStatus }) {
  return <Chip size="small" variant="outlined" color={STATUS_COLOR[status]} label={BOOKING_STATUS_LABEL[status]} />;
}

/** What the popup acts on: one slot, or every slot of a window (the Hora grouping). */
export interface SlotTarget extends SlotGroup {
  group: boolean;
}

/**
 * The administrator's popup of a slot or a window: Liberar Turno, Cancelar Turno and Reservar
 * Turno (for a resident of the building the administrator picks). Open while `target` is set.
 */
export function SlotStatusDialog({ amenity, target, onClose }: { amenity: Amenity; target: SlotTarget | undefined; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const t = target ?? shown;
  return (
    <Dialog open={!!target} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      {t && (
        <SlotActions key={`${t.start}-${t.slots.length}-${t.group}`} amenity={amenity} target={t} titleId={titleId} onClose={onClose} />
      )}
    </Dialog>
  );
}

function SlotActions({
  amenity,
  target,
  titleId,
  onClose,
}: {
  amenity: Amenity;
  target: SlotTarget;
  titleId: string;
  onClose: () => void;
}) {
  const dialogs = useDialogs();
  const setOne = useSetSlotStatus();
  const setGroup = useSetGroupStatus();
  const take = useTakeSlot();
  const [picking, setPicking] = useState(false);
  const [userId, setUserId] = useState<number | ''>('');
  const residents = useBuildingResidents(picking ? amenity.buildingId : undefined);
  const busy = setOne.isPending || setGroup.isPending || take.isPending;

  const { slots, group } = target;
  const first = slots[0]!;
  const booked = slots.filter((s) => s.status === 'booked');
  const all = (status: BookingStatus) => slots.every((s) => s.status === status);
  const bookable = slots.some((s) => s.status !== 'booked');

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      dialogs.toast(done);
      onClose();
    } catch (e) {
      await dialogs.showError(e, 'No se pudo cambiar el turno');
    }
  };

  const setStatus = async (status: 'free' | 'cancelled') => {
    // Freeing or cancelling takes a resident's booking away: say whose before doing it.
    if (booked.length > 0) {
      const who = booked.map((s) => s.user?.name ?? 'un residente').join(', ');
      const ok = await dialogs.confirm({
        title: status === 'free' ? '¿Liberar el turno?' : '¿Cancelar el turno?',
        // The server e-mails whoever loses a booking that has not started yet.
        text:
          `${booked.length === 1 ? 'Se quitará la reserva de' : 'Se quitarán las reservas de'} ${who}.` +
          (target.start > localDateTimeIso() ? (booked.length === 1 ? ' Se le avisará por e-mail.' : ' Se les avisará por e-mail.') : ''),
        confirmText: status === 'free' ? 'Liberar Turno' : 'Cancelar Turno',
        cancelText: 'Volver',
        destructive: true,
      });
      if (!ok) return;
    }
    await run(
      () =>
        group ? setGroup.mutateAsync({ amenityId: amenity.id, start: target.start, status }) : setOne.mutateAsync({ id: first.id, status }),
      status === 'free' ? AMENITY_MSG.freed : AMENITY_MSG.cancelled,
    );
  };

  const reserve = async () => {
    if (!userId) return;
    await run(
      () =>
        group
          ? setGroup.mutateAsync({ amenityId: amenity.id, start: target.start, status: 'booked', userId })
          : take.mutateAsync({ bookingId: first.id, userId }),
      AMENITY_MSG.booked,
    );
  };

  return (
    <>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {amenity.amenity_type}: {formatDateEs(target.start)} de {timeOf(target.start)} a {finishEs(target.start, target.finish)}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 1.5 }}>
          {group ? `Todos los lugares de este horario (${slots.length}).` : 'Un lugar de este horario.'}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} aria-label="Lugares">
          {slots.map((s, i) => (
            <Box component="li" key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              {group && (
                <Typography component="span" sx={{ minWidth: 64 }}>
                  Lugar {i + 1}
                </Typography>
              )}
              <SlotStatusChip status={s.status} />
              <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                {s.user?.name ?? ''}
              </Typography>
            </Box>
          ))}
        </Box>
        {picking && (
          <Stack spacing={1} sx={{ mt: 2 }}>
            <TextField
              select
              label="Residente"
              value={userId}
              onChange={(e) => setUserId(Number(e.target.value) || '')}
              helperText={
                residents.isError
                  ? 'No se pudieron cargar los residentes'
                  : group
                    ? 'Se le reserva un lugar libre de este horario. Las reglas del amenity no se aplican.'
                    : 'Las reglas del amenity no se aplican a las reservas del administrador.'
              }
              error={residents.isError}
              disabled={residents.isPending}
            >
              {(residents.data ?? []).map((u) => (
                <MenuItem key={u.id} value={u.id}>
                  {u.name}
                  {u.apartment ? ` (depto. ${u.apartment})` : ''}
                </MenuItem>
              ))}
            </TextField>
            {residents.data?.length === 0 && <Typography color="text.secondary">El edificio no tiene residentes habilitados.</Typography>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        {picking ? (
          <>
            <Button onClick={() => setPicking(false)}>Volver</Button>
            <Button variant="contained" onClick={() => void reserve()} disabled={!userId} loading={busy}>
              Confirmar reserva
            </Button>
          </>
        ) : (
          <>
            <Button variant="outlined" color="success" onClick={() => void setStatus('free')} disabled={busy || all('free')}>
              Liberar Turno
            </Button>
            <Button variant="outlined" color="error" onClick={() => void setStatus('cancelled')} disabled={busy || all('cancelled')}>
              Cancelar Turno
            </Button>
            <Button variant="contained" onClick={() => setPicking(true)} disabled={busy || !bookable}>
              Reservar Turno
            </Button>
            <Button onClick={onClose}>Cerrar</Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
