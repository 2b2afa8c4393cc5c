import { useEffect, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Link from '@mui/material/Link';
import type { ListResult, Payment } from '@consorcio/domain';
import { expensesKey, useExpensePayments } from './api';
import { receiptPath } from './payment-labels';

/** While the provider has not confirmed, our server is asked again this often… */
const POLL_EVERY_MS = 3_000;
/** …for this long; then the page says so and the re-check job carries on without it. */
const POLL_FOR_MS = 2 * 60_000;

const positiveId = (v: string | null) => (v && /^[1-9]\d{0,15}$/.test(v) ? Number(v) : undefined);

/**
 * The checkout's way back (`?expensa=&pago=`, the back_urls): the result as OUR server has it,
 * never what the provider put in the address.
 */
export function PaymentReturnAlert() {
  const [params, setParams] = useSearchParams();
  const expenseId = positiveId(params.get('expensa'));
  const paymentId = positiveId(params.get('pago'));
  if (!expenseId || !paymentId) return null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete('expensa');
        p.delete('pago');
        return p;
      },
      { replace: true },
    );
  // A new payment starts its own waiting time.
  return <PaymentResult key={`${expenseId}-${paymentId}`} expenseId={expenseId} paymentId={paymentId} onDismiss={dismiss} />;
}

function PaymentResult({ expenseId, paymentId, onDismiss }: { expenseId: number; paymentId: number; onDismiss: () => void }) {
  const qc = useQueryClient();
  const [startedAt] = useState(() => Date.now());
  const find = (data: ListResult<Payment> | undefined) => data?.items.find((p) => p.id === paymentId);
  const q = useExpensePayments(expenseId, (data) =>
    find(data)?.status === 'pending' && Date.now() - startedAt < POLL_FOR_MS ? POLL_EVERY_MS : false,
  );
  const payment = find(q.data);
  const status = payment?.status;

  // The expense's row follows the payment: Pagada, en proceso, or Pagar again.
  useEffect(() => {
    if (status) void qc.invalidateQueries({ queryKey: expensesKey });
  }, [status, qc]);

  let severity: AlertColor;
  let content: ReactNode;
  if (q.isPending) {
    severity = 'info';
    content = 'Consultando el pago…';
  } else if (q.isError) {
    severity = 'error';
    content = q.error.message;
  } else if (!payment) {
    severity = 'warning';
    content = 'No encontramos ese pago.';
  } else if (payment.status === 'approved') {
    severity = 'success';
    content = (
      <>
        ¡Pago acreditado! Gracias.{' '}
        <Link component={RouterLink} to={receiptPath(payment.id)} color="inherit" fontWeight={700}>
          Ver comprobante
        </Link>
      </>
    );
  } else if (payment.status === 'pending') {
    severity = 'info';
    content =
      q.dataUpdatedAt - startedAt < POLL_FOR_MS
        ? 'Estamos esperando la confirmación del pago…'
        : 'Todavía no recibimos la confirmación del pago. Si pagaste, se va a acreditar sola en unos minutos.';
  } else {
    severity = 'warning';
    content = 'El pago no se acreditó. Podés intentar de nuevo.';
  }

  return (
    <Alert severity={severity} role="status" onClose={onDismiss} sx={{ mb: 2 }}>
      {content}
    </Alert>
  );
}
