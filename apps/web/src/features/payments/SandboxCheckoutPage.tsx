import { useParams, Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { PAYMENT_MSG, formatPesos, monthNameEs, type SandboxCheckout } from '@consorcio/domain';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { Fact } from '../../components/Fact';
import { isApiError } from '../../lib/api';
import { useDialogs } from '../../lib/dialogs';
import { useSandboxCheckout, useSandboxDecision, type SandboxDecision } from './api';
import { parsePaymentId } from './payment-id';

const TITLE = 'Pago simulado';

/**
 * /pago-simulado/{paymentId}: the built-in sandbox's checkout (no MercadoPago account configured).
 * Aprobar and Rechazar drive the same code path as a provider's notification, then go back to
 * the resident's expenses like MercadoPago's back_urls do.
 */
export default function SandboxCheckoutPage() {
  const paymentId = parsePaymentId(useParams().paymentId);
  return paymentId ? <SandboxCheckoutView paymentId={paymentId} /> : <PaymentNotFound />;
}

function SandboxCheckoutView({ paymentId }: { paymentId: number }) {
  const q = useSandboxCheckout(paymentId);
  if (q.isPending) {
    return (
      <PublicPageFrame title={TITLE}>
        <PageLoader />
      </PublicPageFrame>
    );
  }
  if (isApiError(q.error, 'UNAUTHENTICATED')) return <SignInNeeded />;
  if (isApiError(q.error, 'NOT_FOUND', 'VALIDATION', 'FORBIDDEN')) return <PaymentNotFound />;
  if (q.isError) {
    return (
      <PublicPageFrame title={TITLE}>
        <ErrorState message={q.error.message} onRetry={() => q.refetch()} />
      </PublicPageFrame>
    );
  }
  return <CheckoutCard checkout={q.data} />;
}

function CheckoutCard({ checkout: c }: { checkout: SandboxCheckout }) {
  const dialogs = useDialogs();
  const decide = useSandboxDecision(c.paymentId);
  const onDecide = async (decision: SandboxDecision) => {
    try {
      const r = await decide.mutateAsync(decision);
      window.location.assign(r.returnUrl);
    } catch (e) {
      if (!isApiError(e, 'CONFLICT', 'UNAUTHENTICATED', 'NOT_FOUND')) await dialogs.showError(e, 'No se pudo procesar el pago');
    }
  };
  if (isApiError(decide.error, 'UNAUTHENTICATED')) return <SignInNeeded />;
  if (isApiError(decide.error, 'NOT_FOUND')) return <PaymentNotFound />;
  const decided = c.status !== 'pending' || isApiError(decide.error, 'CONFLICT');
  // After a decision the page is on its way to returnUrl: the buttons stay busy.
  const busy = decide.isPending || decide.isSuccess;

  return (
    <PublicPageFrame title={TITLE}>
      <Alert severity="info" variant="outlined" sx={{ mb: 3 }}>
        Esta es una página de prueba: no se cobra dinero real. Aparece porque el sistema no tiene una cuenta de MercadoPago configurada;
        aprobar el pago marca la expensa como pagada.
      </Alert>
      <Box
        component="dl"
        sx={{ m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
      >
        <Fact label="Edificio">{c.building.name}</Fact>
        <Fact label="Depto">{c.apartment.number_apartment}</Fact>
        <Fact label="Período">
          {monthNameEs(c.month)} {c.year}
        </Fact>
        <Fact label="Monto" wide>
          <Typography component="span" variant="h5" fontWeight={700}>
            {formatPesos(c.amount)}
          </Typography>
        </Fact>
      </Box>
      {decided ? (
        <>
          <Alert severity="warning" variant="outlined" role="status" sx={{ mb: 2 }}>
            {PAYMENT_MSG.alreadyDecided}
          </Alert>
          <Link href={c.returnUrl}>Volver a Mis expensas</Link>
        </>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => onDecide('approve')}
            loading={busy && decide.variables === 'approve'}
            disabled={busy}
          >
            Aprobar
          </Button>
          <Button
            variant="outlined"
            size="large"
            onClick={() => onDecide('reject')}
            loading={busy && decide.variables === 'reject'}
            disabled={busy}
          >
            Rechazar
          </Button>
        </Box>
      )}
    </PublicPageFrame>
  );
}

function SignInNeeded() {
  return (
    <PublicPageFrame title={TITLE}>
      <Typography sx={{ mb: 2 }}>Para ver este pago tenés que iniciar sesión.</Typography>
      <Button component={RouterLink} to="/logging" state={{ openLogin: true }} variant="contained">
        Iniciar sesión
      </Button>
    </PublicPageFrame>
  );
}

function PaymentNotFound() {
  return (
    <PublicPageFrame title="Pago no encontrado">
      <Typography sx={{ mb: 2 }}>No existe este pago, o no es de tu departamento.</Typography>
      <Button component={RouterLink} to="/logging">
        Ir al inicio
      </Button>
    </PublicPageFrame>
  );
}
