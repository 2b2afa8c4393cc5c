import type { MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import PrintIcon from '@mui/icons-material/Print';
import { PAYMENT_MSG, PAYMENT_PROVIDER_LABEL, formatDateTimeEs, formatPesos, monthNameEs, type Receipt } from '@consorcio/domain';
import { PublicPageFrame } from '../../components/PublicPageFrame';
import { PageLoader } from '../../components/PageLoader';
import { ErrorState } from '../../components/ErrorState';
import { Fact } from '../../components/Fact';
import { isApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useReceipt } from './api';
import { parsePaymentId } from './payment-id';

const TITLE = 'Comprobante de pago';

function paymentMethod(r: Receipt): string {
  if (r.provider === 'manual') return r.recordedBy ? `Registrado por ${r.recordedBy.name}` : PAYMENT_PROVIDER_LABEL.manual;
  return PAYMENT_PROVIDER_LABEL[r.provider];
}

/** /comprobante/{paymentId}: an approved payment's receipt, standalone and printable, for residents and administrators. */
export default function ReceiptPage() {
  const paymentId = parsePaymentId(useParams().paymentId);
  return (
    <>
      {/* On paper: no shadow, no grey page, no buttons. */}
      <GlobalStyles styles={{ '@media print': { body: { background: '#fff' }, '.MuiPaper-root': { boxShadow: 'none !important' } } }} />
      {paymentId ? <ReceiptView paymentId={paymentId} /> : <Problem title="Comprobante no encontrado" text={NOT_FOUND_TEXT} />}
    </>
  );
}

const NOT_FOUND_TEXT = 'No existe este pago, o no está a tu alcance.';

function ReceiptView({ paymentId }: { paymentId: number }) {
  const q = useReceipt(paymentId);
  if (q.isPending) {
    return (
      <PublicPageFrame title={TITLE}>
        <PageLoader />
      </PublicPageFrame>
    );
  }
  if (isApiError(q.error, 'UNAUTHENTICATED')) {
    return (
      <Problem title={TITLE} text="Para ver este comprobante tenés que iniciar sesión.">
        <Button component={RouterLink} to="/logging" state={{ openLogin: true }} variant="contained">
          Iniciar sesión
        </Button>
      </Problem>
    );
  }
  if (isApiError(q.error, 'NOT_FOUND', 'VALIDATION', 'FORBIDDEN'))
    return <Problem title="Comprobante no encontrado" text={NOT_FOUND_TEXT} />;
  if (isApiError(q.error, 'CONFLICT')) return <Problem title={TITLE} text={PAYMENT_MSG.notApproved} />;
  if (q.isError) {
    return (
      <PublicPageFrame title={TITLE}>
        <ErrorState message={q.error.message} onRetry={() => q.refetch()} />
      </PublicPageFrame>
    );
  }
  const r = q.data;
  return (
    <PublicPageFrame title={TITLE}>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        N.º {r.number}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
      >
        <Fact label="Edificio" wide>
          {r.building.name}
          <Typography component="span" display="block" color="text.secondary">
            {r.building.address}
          </Typography>
        </Fact>
        <Fact label="Departamento">{r.apartment.number_apartment}</Fact>
        <Fact label="Período">
          {monthNameEs(r.month)} {r.year}
        </Fact>
        <Fact label="Importe">
          <Typography component="span" variant="h6" fontWeight={700}>
            {formatPesos(r.amount)}
          </Typography>
        </Fact>
        <Fact label="Fecha de pago">{formatDateTimeEs(r.paidAt)}</Fact>
        <Fact label="Medio de pago">{paymentMethod(r)}</Fact>
        {r.providerPaymentId && <Fact label="Referencia">{r.providerPaymentId}</Fact>}
        {r.payer && <Fact label="Pagado por">{r.payer.name}</Fact>}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', displayPrint: 'none' }}>
        <Button variant="contained" startIcon={<PrintIcon aria-hidden />} onClick={() => window.print()}>
          Imprimir
        </Button>
        <BackLink />
      </Box>
    </PublicPageFrame>
  );
}

function Problem({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <PublicPageFrame title={title}>
      <Typography sx={{ mb: 2 }}>{text}</Typography>
      {children ?? <BackLink />}
    </PublicPageFrame>
  );
}

/** Back where the receipt was opened from (keeping that page's filters); opened on its own, to the user's expenses. */
function BackLink() {
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession().data;
  const fallback = !session
    ? '/logging'
    : session.role === 'admin'
      ? '/ExpensesTable'
      : `/public/expenses/${encodeURIComponent(session.apartment?.number_apartment ?? '-')}/${encodeURIComponent(session.building?.name ?? '-')}`;
  const onClick = (e: MouseEvent) => {
    // 'default' is the first page of this tab: there is nowhere in the app to go back to.
    if (location.key === 'default') return;
    e.preventDefault();
    void navigate(-1);
  };
  return (
    <Link component={RouterLink} to={fallback} onClick={onClick} sx={{ displayPrint: 'none' }}>
      Volver
    </Link>
  );
}
