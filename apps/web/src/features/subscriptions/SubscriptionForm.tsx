import { useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { MSG, SUBSCRIPTION_KINDS, SUBSCRIPTION_LABEL, SUBSCRIPTION_MSG, type Subscription, type SubscriptionKind } from '@consorcio/domain';
import { ErrorState } from '../../components/ErrorState';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { subscriptionsKey, useChangeSubscription, useMySubscription, useSubscribe, useUnsubscribe } from './api';

const KIND_HELP: Record<SubscriptionKind, string> = {
  important: 'Solo las de importancia alta y media: cortes, asambleas, urgencias.',
  all: 'Cada alerta de su edificio, también las de importancia baja.',
};

const STATE_TEXT = (s: Subscription | null) =>
  !s ? SUBSCRIPTION_MSG.none : s.alerts === 'all' ? SUBSCRIPTION_MSG.stateAll : SUBSCRIPTION_MSG.stateImportant;

/** "Alertas por correo": the subscription's state, the IMPORTANTES / TODAS choice and its buttons. */
export function SubscriptionForm({ userId }: { userId: number | undefined }) {
  const q = useMySubscription(userId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="mail-alerts-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="mail-alerts-title" variant="h6" component="h2" gutterBottom>
        Alertas por correo
      </Typography>
      {q.isError ? (
        <ErrorState onRetry={() => void q.refetch()} />
      ) : q.isPending ? (
        // About the loaded form's height at each width, so the section below does not jump.
        <Skeleton variant="rounded" sx={{ height: { xs: 406, sm: 322, md: 302, lg: 282 } }} aria-hidden />
      ) : (
        // Keyed on the saved state: after a save or a delete the choice starts again from what is saved.
        <KindForm key={q.data ? `${q.data.id}-${q.data.alerts}` : 'none'} current={q.data} />
      )}
    </Paper>
  );
}

function KindForm({ current }: { current: Subscription | null }) {
  const dialogs = useDialogs();
  const qc = useQueryClient();
  const subscribe = useSubscribe();
  const change = useChangeSubscription();
  const remove = useUnsubscribe();
  const [choice, setChoice] = useState<SubscriptionKind | ''>(current?.alerts ?? '');
  const [error, setError] = useState('');
  const firstRadio = useRef<HTMLInputElement>(null);
  const id = useId();
  const busy = subscribe.isPending || change.isPending || remove.isPending;

  const fail = async (e: unknown) => {
    // Changed meanwhile (another tab, an e-mail's unsubscribe link): reload, so the page shows what is saved.
    if (isApiError(e, 'CONFLICT', 'NOT_FOUND')) void qc.invalidateQueries({ queryKey: subscriptionsKey });
    if (isApiError(e, 'VALIDATION')) {
      setError(e.fields.alerts ?? e.message);
      await dialogs.message({ title: MSG.checkData, text: e.fields.alerts ?? e.message, severity: 'warning' });
    } else if (isApiError(e, 'CONFLICT')) await dialogs.message({ title: SUBSCRIPTION_MSG.exists, severity: 'warning' });
    else await dialogs.showError(e, 'No se pudo guardar');
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    if (!choice) {
      setError(SUBSCRIPTION_MSG.chooseKind);
      firstRadio.current?.focus();
      await dialogs.message({ title: MSG.checkData, text: SUBSCRIPTION_MSG.chooseKind, severity: 'warning' });
      return;
    }
    try {
      if (current) {
        await change.mutateAsync({ id: current.id, alerts: choice });
        await dialogs.message({ title: SUBSCRIPTION_MSG.updated, severity: 'success' });
      } else {
        await subscribe.mutateAsync(choice);
        await dialogs.message({ title: SUBSCRIPTION_MSG.created, severity: 'success' });
      }
    } catch (e) {
      await fail(e);
    }
  };

  const onDelete = async () => {
    if (!current) return;
    const ok = await dialogs.confirm({
      title: SUBSCRIPTION_MSG.confirmDelete,
      text: 'Seguirá viendo las alertas aquí y en el calendario de su teléfono.',
      confirmText: 'Eliminar suscripción',
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(current.id);
    } catch (e) {
      // Already gone (deleted from another tab or by an e-mail's link): what the user wanted.
      if (!isApiError(e, 'NOT_FOUND')) return void (await dialogs.showError(e, 'No se pudo eliminar'));
      void qc.invalidateQueries({ queryKey: subscriptionsKey });
    }
    await dialogs.message({ title: SUBSCRIPTION_MSG.deleted, severity: 'success' });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Alert severity={current ? 'success' : 'info'} variant="outlined" role="status" sx={{ mb: 2 }}>
        {STATE_TEXT(current)}
      </Alert>
      <FormControl component="fieldset" error={!!error} disabled={busy} sx={{ width: '100%' }}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          ¿Qué alertas quiere recibir por correo?
        </FormLabel>
        <RadioGroup
          name="alerts"
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value as SubscriptionKind);
            setError('');
          }}
        >
          {SUBSCRIPTION_KINDS.map((kind, i) => (
            <Box key={kind} sx={{ mb: 1 }}>
              <FormControlLabel
                value={kind}
                control={
                  <Radio
                    inputRef={i === 0 ? firstRadio : undefined}
                    slotProps={{ input: { 'aria-describedby': `${id}-${kind}-help${error ? ` ${id}-error` : ''}` } }}
                  />
                }
                label={<Typography fontWeight={700}>{SUBSCRIPTION_LABEL[kind]}</Typography>}
              />
              <Typography id={`${id}-${kind}-help`} variant="body2" color="text.secondary" sx={{ ml: 4, mt: -0.5 }}>
                {KIND_HELP[kind]}
              </Typography>
            </Box>
          ))}
        </RadioGroup>
        {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
      </FormControl>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
        {current ? (
          <>
            <Button type="submit" variant="contained" disabled={busy || choice === current.alerts}>
              Guardar cambios
            </Button>
            <Button variant="outlined" color="error" disabled={busy} onClick={() => void onDelete()}>
              Eliminar suscripción
            </Button>
          </>
        ) : (
          <Button type="submit" variant="contained" disabled={busy}>
            Suscribirme
          </Button>
        )}
      </Box>
    </form>
  );
}
