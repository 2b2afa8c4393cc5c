import { BuildingSelectControl } from '../../components/form/BuildingSelectControl';
import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Control, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, useParams } from 'react-router';
import dayjs from 'dayjs';
import type { z } from 'zod';
import MuiAlert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import { DatePicker } from '../../components/DatePicker';
import {
  ALERT_BOUNDS,
  ALERT_MSG,
  alertFormSchema,
  IMPORTANCE,
  IMPORTANCE_LABEL,
  isBeforeToday,
  MSG,
  todayIso,
  type Alert,
  type Importance,
} from '@consorcio/domain';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { TextFieldControl } from '../../components/form/TextFieldControl';
import { isApiError } from '../../lib/api';
import { handleFormError } from '../../lib/form-errors';
import { useDialogs } from '../../lib/dialogs';
import { useAlert, useCreateAlert, useDeleteAlert, useResendAlert, useUpdateAlert } from './api';
import { afterSave, returnToFrom } from './return-to';

interface FormValues {
  building: number | '';
  date: string;
  concept: string;
  details: string;
  importance: Importance | '';
}
type FormOutput = z.output<typeof alertFormSchema>;

/** The order the fields appear in, for the one message the warning dialog shows. */
const FIELD_ORDER = ['building', 'date', 'concept', 'details', 'importance'] as const;

/**
 * The shared form schema plus "no date before today" (spec §5), with today taken in Argentina. An
 * edited alert keeps its own date even when it has passed: only moving it to a past day is refused.
 */
function schemaFor(originalDate: string | undefined) {
  const today = todayIso();
  return alertFormSchema.extend({
    date: alertFormSchema.shape.date.refine((d) => d === originalDate || !isBeforeToday(d, today), ALERT_MSG.pastDate),
  });
}

/** /alertsAdd, /alertsAdd/{buildingId} and /alertsUpdate/{id} */
export default function AlertFormPage() {
  const { id } = useParams();
  const alertId = Number(id) || undefined;
  const existing = useAlert(alertId ?? 0);
  if (!alertId) return <AlertForm />;
  if (existing.isPending) return <PageLoader />;
  if (existing.isError)
    return (
      <ErrorState
        message={isApiError(existing.error, 'NOT_FOUND') ? 'La alerta no existe.' : undefined}
        onRetry={isApiError(existing.error, 'NOT_FOUND') ? undefined : () => void existing.refetch()}
      />
    );
  return <AlertForm alert={existing.data} />;
}

function AlertForm({ alert }: { alert?: Alert }) {
  const { buildingId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const dialogs = useDialogs();
  const create = useCreateAlert();
  const update = useUpdateAlert();
  const remove = useDeleteAlert();
  const resend = useResendAlert();
  const schema = useMemo(() => schemaFor(alert?.date), [alert?.date]);
  const { control, handleSubmit, setError, reset, formState } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(schema) as unknown as Resolver<FormValues, unknown, FormOutput>,
    defaultValues: { building: Number(buildingId) || '', date: todayIso(), concept: '', details: '', importance: '' },
  });
  // TextFieldControl is typed for forms whose output equals their input; the fields it binds are plain text.
  const textControl = control as unknown as Control<FormValues>;
  useEffect(() => {
    if (alert)
      reset({ building: alert.buildingId, date: alert.date, concept: alert.concept, details: alert.details, importance: alert.importance });
  }, [alert, reset]);

  // Back to the page that opened the form: the building's detail (its calendar) or the list with its filters.
  const target = returnToFrom(location.state) ?? (!alert && Number(buildingId) ? `/buildingDetail/${Number(buildingId)}` : '/alerts');
  const today = todayIso();
  // A past alert's own date stays selectable while it is being corrected.
  const minDate = alert && isBeforeToday(alert.date, today) ? undefined : dayjs(today);

  const fillMessage = alert ? ALERT_MSG.fillEdit : ALERT_MSG.fillCreate;
  const warnInvalid = (errors: FieldErrors<FormValues>) => {
    const first = FIELD_ORDER.map((f) => errors[f]?.message).find(Boolean);
    const text = first === ALERT_MSG.fillCreate ? fillMessage : (first ?? fillMessage);
    return dialogs.message({ title: MSG.checkData, text, severity: 'warning' });
  };

  const failed = (e: unknown, title: string) =>
    handleFormError(e, setError, {
      // The server's rules (the same schema, plus its own clock for the date): under the fields, and said in the dialog.
      VALIDATION: (err) => dialogs.message({ title: MSG.checkData, text: err.message, severity: 'warning' }),
      FORBIDDEN: () => dialogs.message({ title: MSG.forbidden, severity: 'error' }),
      otherwise: () => dialogs.showError(e, title),
    });

  const onValid = async (v: FormOutput) => {
    try {
      if (alert) {
        await update.mutateAsync({ id: alert.id, ...v });
        dialogs.toast(ALERT_MSG.updated);
      } else {
        await create.mutateAsync(v);
        dialogs.toast(ALERT_MSG.created);
      }
      navigate(afterSave(target, v.date));
    } catch (e) {
      await failed(e, alert ? ALERT_MSG.notUpdated : ALERT_MSG.notCreated);
    }
  };

  const onDelete = async () => {
    if (!alert) return;
    const ok = await dialogs.confirm({
      title: ALERT_MSG.confirmDelete,
      text: ALERT_MSG.confirmDeleteHelp,
      confirmText: 'Eliminar',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(alert.id);
      dialogs.toast(ALERT_MSG.deleted);
      navigate(target);
    } catch (e) {
      await dialogs.showError(e, 'No se pudo eliminar la alerta');
    }
  };

  const onResend = async () => {
    if (!alert) return;
    try {
      const { queued } = await resend.mutateAsync(alert.id);
      dialogs.toast(ALERT_MSG.resent(queued), queued > 0 ? 'success' : 'info');
    } catch (e) {
      await dialogs.showError(e, 'No se pudo reenviar el aviso');
    }
  };

  return (
    <>
      <PageHeader title={alert ? 'Editar alerta' : 'Nueva alerta'} />
      <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640 }}>
        <form noValidate onSubmit={handleSubmit(onValid, warnInvalid)}>
          <Stack spacing={2}>
            <BuildingSelectControl control={control} name="building" />
            <Controller
              name="date"
              control={control}
              render={({ field, fieldState }) => (
                <DatePicker
                  label="Fecha"
                  format="DD/MM/YYYY"
                  value={field.value ? dayjs(field.value) : null}
                  minDate={minDate}
                  onChange={(d) => field.onChange(d?.isValid() ? d.format('YYYY-MM-DD') : '')}
                  inputRef={field.ref}
                  slotProps={{ textField: { required: true, error: !!fieldState.error, helperText: fieldState.error?.message } }}
                />
              )}
            />
            <TextFieldControl
              control={textControl}
              name="concept"
              label="Concepto"
              required
              slotProps={{ htmlInput: { maxLength: ALERT_BOUNDS.concept } }}
            />
            <TextFieldControl
              control={textControl}
              name="details"
              label="Detalle"
              multiline
              minRows={3}
              slotProps={{ htmlInput: { maxLength: ALERT_BOUNDS.details } }}
            />
            <Controller
              name="importance"
              control={control}
              render={({ field, fieldState }) => (
                <FormControl component="fieldset" required error={!!fieldState.error}>
                  <FormLabel component="legend">Importancia</FormLabel>
                  <RadioGroup
                    row
                    name={field.name}
                    value={field.value}
                    onChange={(e) => field.onChange(e.target.value)}
                    onBlur={field.onBlur}
                  >
                    {IMPORTANCE.map((i, n) => (
                      <FormControlLabel
                        key={i}
                        value={i}
                        label={IMPORTANCE_LABEL[i]}
                        control={<Radio inputRef={n === 0 ? field.ref : undefined} />}
                      />
                    ))}
                  </RadioGroup>
                  <FormHelperText>{fieldState.error?.message ?? 'El calendario muestra las de importancia alta y media.'}</FormHelperText>
                </FormControl>
              )}
            />
            <MuiAlert severity="info" variant="outlined">
              {alert
                ? 'Al guardar los cambios, los vecinos suscriptos reciben por correo un aviso de corrección ("Fe de erratas").'
                : 'Al crearla, los vecinos suscriptos del edificio reciben la alerta por correo (los suscriptos a las IMPORTANTES, solo si es de importancia alta o media).'}
            </MuiAlert>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ pt: 1 }}>
              <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
                {alert ? 'Guardar Cambios' : 'Crear alerta'}
              </Button>
              {alert && (
                <Button color="error" variant="outlined" onClick={onDelete} loading={remove.isPending}>
                  Eliminar
                </Button>
              )}
              <Button onClick={() => navigate(target)}>Cancelar</Button>
            </Stack>
          </Stack>
        </form>
      </Paper>
      {alert && (
        <Paper variant="outlined" component="section" aria-labelledby="resend-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 640, mt: 2 }}>
          <Typography id="resend-title" variant="h6" component="h2" gutterBottom>
            Aviso por correo
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Envía de nuevo la alerta guardada a los vecinos suscriptos, por ejemplo como recordatorio.
            {formState.isDirty && ' Guarde los cambios antes de reenviarla.'}
          </Typography>
          <Button variant="outlined" startIcon={<SendIcon />} onClick={onResend} loading={resend.isPending} disabled={formState.isDirty}>
            Reenviar aviso por correo
          </Button>
        </Paper>
      )}
    </>
  );
}
