import { PAYMENT_PROVIDER_LABEL, type ExpensePayment } from '@consorcio/domain';

/** The printable receipt of an approved payment (a standalone page, for residents and administrators). */
export const receiptPath = (paymentId: number) => `/comprobante/${paymentId}`;

/** How the administrator's table names who took the money. */
export function paymentMethodLabel(p: Pick<ExpensePayment, 'provider' | 'recordedBy'>): string {
  if (p.provider === 'manual') return p.recordedBy ? `Manual · ${p.recordedBy.name}` : 'Manual';
  return PAYMENT_PROVIDER_LABEL[p.provider];
}
