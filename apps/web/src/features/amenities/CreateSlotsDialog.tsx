import { useEffect, useId, useState } from 'react';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import type { z } from 'zod';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DatePicker } from '../../components/DatePicker';
import { TimePicker } from '../../components/TimePicker';
import { AMENITY_MSG, createSlotsSchema, SLOT_DEFAULTS, todayIso, type Amenity } from '@consorcio/domain';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { handleFormError } from '../../lib/form-errors';
import { plural, slotsSummary } from './admin-slots';
import { useCreateSlots } from './api';

interface FormValues {
  idAmenity: number;
  dateStart: string;
  dateEnd: string;
  timeStart: string;
  timeEnd: string;
  duration: string;
}
type FormOutput = z.output<typeof createSlotsSchema>;

function defaults(amenityId: number): FormValues {
  const today = todayIso();
  return {
    idAmenity: amenityId,
    dateStart: today,
    // A week, the usual batch.
    dateEnd: dayjs(today).add(6, 'day').format('YYYY-MM-DD'),
    timeStart: SLOT_DEFAULTS.timeStart,
    timeEnd: SLOT_DEFAULTS.timeEnd,
    duration: SLOT_DEFAULTS.duration,
  };
}

/**
 * The slot-generation dialog (/createBookings, and "Agregar turnos" in the lists): a date range
 * and the day's windows; it counts the slots before creating them. Open while `amenity` is set.
 */
export function CreateSlotsDialog({ amenity, onClose }: { amenity: Amenity | undefined; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // The last amenity stays rendered while the dialog fades out.
  const [shown, setShown] = useState(amenity);
  if (amenity && amenity !== shown) setShown(amenity);
  const a = amenity ?? shown;
  return (
    <Dialog open={!!amenity} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth fullScreen={phone}>
      {a && <SlotsForm key={a.id} amenity={a} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function SlotsForm({ amenity, titleId, onClose }: { amenity: Amenity; titleId: string; onClose: () => void }) {
  const dialogs = useDialogs();
  const create = useCreateSlots();
  const [failure, setFailure] = useState<string | undefined>();
  const { control, handleSubmit, setError } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(createSlotsSchema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: defaults(amenity.id),
  });
  const values = useWatch({ control });
  const summary = slotsSummary(
    {
      dateStart: values.dateStart ?? '',
      dateEnd: values.dateEnd ?? '',
      timeStart: values.timeStart ?? '',
      timeEnd: values.timeEnd ?? '',
      duration: values.duration ?? '',
    },
    amenity.capacity,
  );
  // A changed range or schedule may no longer overlap: the old refusal would mislead.
  useEffect(() => setFailure(undefined), [values.dateStart, values.dateEnd, values.timeStart, values.timeEnd, values.duration]);

  const onValid = async (v: FormOutput) => {
    setFailure(undefined);
    try {
      const { created } = await create.mutateAsync(v);
      dialogs.toast(AMENITY_MSG.slotsCreated(created));
      onClose();
    } catch (e) {
      await handleFormError(e, setError, {
        // Overlap (409), nothing fits (400) and the like: said here, so the range can be changed at once.
        VALIDATION: (err) => setFailure(err.message),
        CONFLICT: (err) => setFailure(err.message),
        otherwise: () =>
          isApiError(e) && e.status < 500 ? setFailure(e.message) : dialogs.showError(e, 'No se pudieron crear los turnos'),
      });
    }
  };

  // A picker, not <input type="time">: the browser's own shows AM/PM in some locales, and a duration is no time of day.
  const timeField = (name: 'timeStart' | 'timeEnd' | 'duration', label: string, helper?: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TimePicker
          label={label}
          ampm={false}
          format="HH:mm"
          minutesStep={SLOT_DEFAULTS.stepSeconds / 60}
          timeSteps={{ minutes: SLOT_DEFAULTS.stepSeconds / 60 }}
          value={field.value ? dayjs(`2000-01-01T${field.value}`) : null}
          onChange={(d) => field.onChange(d?.isValid() ? d.format('HH:mm') : '')}
          inputRef={field.ref}
          slotProps={{ textField: { required: true, error: !!fieldState.error, helperText: fieldState.error?.message ?? helper } }}
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(onValid)}>
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        Agregar turnos
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {amenity.amenity_type} · {amenity.building.name} · {plural(amenity.capacity, 'lugar', 'lugares')} por turno
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}>
          {(['dateStart', 'dateEnd'] as const).map((name) => (
            <Controller
              key={name}
              name={name}
              control={control}
              render={({ field, fieldState }) => (
                <DatePicker
                  label={name === 'dateStart' ? 'Desde' : 'Hasta'}
                  format="DD/MM/YYYY"
                  value={field.value ? dayjs(field.value) : null}
                  minDate={name === 'dateEnd' && values.dateStart ? dayjs(values.dateStart) : undefined}
                  onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  inputRef={field.ref}
                  slotProps={{ textField: { required: true, error: !!fieldState.error, helperText: fieldState.error?.message } }}
                />
              )}
            />
          ))}
          {timeField('timeStart', 'Inicio', 'El primer turno del día empieza a esta hora')}
          {timeField('timeEnd', 'Fin', 'El último turno termina a esta hora o antes')}
          {timeField('duration', 'Duración (horas:minutos)', 'De a 5 minutos')}
        </Box>
        <MuiAlert severity={summary.total > 0 ? 'info' : 'warning'} variant="outlined" sx={{ mt: 2 }} role="status">
          {summary.total > 0 ? summary.text : AMENITY_MSG.slotsNone}
        </MuiAlert>
        {failure && (
          <MuiAlert severity="error" sx={{ mt: 2 }} role="alert">
            {failure}
          </MuiAlert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Cancelar</Button>
        <Button type="submit" variant="contained" loading={create.isPending} disabled={summary.total === 0}>
          {summary.total > 0 ? `Crear ${plural(summary.total, 'turno', 'turnos')}` : 'Crear turnos'}
        </Button>
      </DialogActions>
    </form>
  );
}
