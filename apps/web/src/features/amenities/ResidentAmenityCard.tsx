import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { AMENITY_MSG, formatDateEs, rulesInWords, type Amenity } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { bookingsKey, useSlots, useTakeSlot } from './api';
import { freeWindows, nowLocal, windowLabel, type SlotWindow } from './resident-slots';

/** The API's page-size ceiling: a day's free seats of one amenity fit in it. */
const DAY_PAGE_SIZE = 500;

/** The slot picker's height: a 56 px field with its helper line, and on a phone the 56 px button 12 px below it. */
const SLOT_PICKER_HEIGHT_SM = 79;
const SLOT_PICKER_HEIGHT_XS = SLOT_PICKER_HEIGHT_SM + 12 + 56;

/** One amenity of the resident's building: what it is, its rules, and the free windows of the chosen day. */
export function ResidentAmenityCard({ amenity, day, userId }: { amenity: Amenity; day: string; userId: number }) {
  const slots = useSlots({ amenityId: amenity.id, start: day, status: 'free', page: 1, pageSize: DAY_PAGE_SIZE });
  const windows = slots.data ? freeWindows(slots.data.items, nowLocal()) : [];
  const rules = rulesInWords(amenity.rules);
  const headingId = `amenity-${amenity.id}-title`;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Typography id={headingId} variant="h6" component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {amenity.amenity_type}
        </Typography>
        {amenity.amenity_detail && (
          <Typography color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
            {amenity.amenity_detail}
          </Typography>
        )}
        {rules.length > 0 && (
          <Box component="ul" aria-label={`Reglas de ${amenity.amenity_type}`} sx={{ mt: 1.5, mb: 0, pl: 2.5, typography: 'body2' }}>
            {rules.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </Box>
        )}
        <Box sx={{ mt: 2 }}>
          {slots.isError ? (
            <ErrorState message="No se pudieron cargar los turnos." onRetry={() => void slots.refetch()} />
          ) : !slots.data ? (
            // As tall as the picker that replaces it (on a phone: field, its helper line and the button), so nothing below moves.
            <Skeleton
              variant="rounded"
              sx={{ height: { xs: SLOT_PICKER_HEIGHT_XS, sm: SLOT_PICKER_HEIGHT_SM } }}
              aria-label="Cargando turnos"
            />
          ) : windows.length === 0 ? (
            <Typography color="text.secondary">No quedan turnos libres el {formatDateEs(day)}.</Typography>
          ) : (
            <SlotPicker amenity={amenity} windows={windows} userId={userId} />
          )}
        </Box>
      </CardContent>
    </Card>
  );
}

function SlotPicker({ amenity, windows, userId }: { amenity: Amenity; windows: SlotWindow[]; userId: number }) {
  const dialogs = useDialogs();
  const qc = useQueryClient();
  const take = useTakeSlot();
  const [chosen, setChosen] = useState('');
  // A window someone else just filled leaves the list; the choice goes with it.
  const picked = windows.find((w) => w.start === chosen);

  const book = async (w: SlotWindow) => {
    // Any free seat of the window will do: when another resident takes this one first, try the next.
    for (const slotId of w.slotIds) {
      try {
        await take.mutateAsync({ bookingId: slotId, userId });
        setChosen('');
        dialogs.toast(AMENITY_MSG.booked);
        return;
      } catch (e) {
        if (isApiError(e, 'CONFLICT') && e.message === AMENITY_MSG.taken) continue;
        await refused(e);
        return;
      }
    }
    await refused(new Error(AMENITY_MSG.taken));
  };

  /** Taken, a rule, a past window: say why in Spanish and show the day as it now is. */
  const refused = async (e: unknown) => {
    setChosen('');
    void qc.invalidateQueries({ queryKey: bookingsKey });
    if (isApiError(e, 'CONFLICT', 'NOT_FOUND', 'FORBIDDEN') || !isApiError(e))
      await dialogs.message({ title: 'No se pudo reservar', text: (e as Error).message, severity: 'warning' });
    else await dialogs.showError(e, 'No se pudo reservar');
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' }, maxWidth: { sm: 560 } }}>
      <TextField
        select
        label="Horario"
        value={picked ? picked.start : ''}
        onChange={(e) => setChosen(e.target.value)}
        helperText={`${windows.length} ${windows.length === 1 ? 'horario libre' : 'horarios libres'}`}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      >
        {windows.map((w) => (
          <MenuItem key={w.start} value={w.start} sx={{ minHeight: 48 }}>
            {windowLabel(w, amenity.capacity)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="contained"
        size="large"
        startIcon={<EventAvailableIcon />}
        disabled={!picked}
        loading={take.isPending}
        onClick={() => picked && void book(picked)}
        sx={{ minHeight: 56, minWidth: { sm: 160 }, flexShrink: 0 }}
        aria-label={`Reservar ${amenity.amenity_type}`}
      >
        Reservar
      </Button>
    </Stack>
  );
}
