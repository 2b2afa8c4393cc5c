import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { MSG, SUBSCRIPTION_MSG } from '@consorcio/domain';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { isApiError } from '../../lib/api';
import { useUnsubscribeByToken } from './api';

/**
 * /desuscribir?token=…: where an alert e-mail's "dejar de recibir" link lands, with or without a
 * session. It asks first and unsubscribes only on the button: mail scanners open every link.
 */
export default function UnsubscribePage() {
  const token = useSearchParams()[0].get('token')?.trim() ?? '';
  const unsubscribe = useUnsubscribeByToken();
  const invalid = !token || isApiError(unsubscribe.error, 'VALIDATION', 'NOT_FOUND');

  return (
    <PublicPageFrame
      title={unsubscribe.isSuccess ? 'Suscripción eliminada' : invalid ? 'Enlace no válido' : SUBSCRIPTION_MSG.confirmDelete}
    >
      {/* One live region: the answer replaces the question. */}
      <Box role="status" aria-live="polite">
        {unsubscribe.isSuccess ? (
          <Alert severity="success" variant="outlined" sx={{ mt: 1 }}>
            {SUBSCRIPTION_MSG.unsubscribed}
          </Alert>
        ) : invalid ? (
          <Alert severity="error" variant="outlined" sx={{ mt: 1 }}>
            {MSG.tokenInvalid}
          </Alert>
        ) : unsubscribe.isError ? (
          <Alert severity="error" variant="outlined" sx={{ mt: 1 }}>
            {unsubscribe.error.message}
          </Alert>
        ) : null}
      </Box>
      {!unsubscribe.isSuccess && !invalid && (
        <>
          <Typography sx={{ mt: 1, mb: 3 }}>
            Dejará de recibir por correo las alertas de su edificio. Podrá verlas igual al ingresar, y volver a suscribirse cuando quiera
            desde «Suscripciones».
          </Typography>
          <Button variant="contained" size="large" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
            {unsubscribe.isPending ? 'Procesando…' : 'Dejar de recibir alertas'}
          </Button>
        </>
      )}
      {(unsubscribe.isSuccess || invalid) && (
        <Button component={RouterLink} to="/logging" sx={{ mt: 3 }}>
          Ir al inicio
        </Button>
      )}
    </PublicPageFrame>
  );
}
