import type { PaymentStatus } from '@consorcio/domain';

/** A payment as the provider reports it: what our side checks before recording anything. */
export interface ProviderPayment {
  /** The provider's payment id (MercadoPago: the numeric payment id, as a string). */
  id: string;
  status: PaymentStatus;
  /** Integer cents, converted from the provider's amount exactly. */
  amountCents: number;
  /** ISO 4217; we only take ARS. */
  currency: string;
  /** What we set on the checkout: `externalReference(expenseId, paymentId)`. */
  externalReference: string | null;
}

export interface CheckoutInput {
  /** Our payment row. */
  paymentId: number;
  expenseId: number;
  /** What the payer sees: "Expensas noviembre 2026 · Depto 3B · Torre Cañada". */
  title: string;
  amountCents: number;
  externalReference: string;
  payerEmail: string;
  /** Absolute URL of the resident's expenses page with `?expensa=&pago=`: success, failure and pending all come back there. */
  returnUrl: string;
  /** Absolute URL of POST /api/payment/webhook. */
  notificationUrl: string;
  /** The checkout stops taking payments after this. */
  expiresAt: Date;
}

/**
 * A payment provider: MercadoPago Checkout Pro, or the built-in sandbox that plays its part.
 * Our side never believes a browser or a notification body: it asks the provider with getPayment.
 */
export interface PaymentProvider {
  readonly name: 'mercadopago' | 'sandbox';
  /** Creates the checkout; `url` is where the payer goes (opened in a new tab). */
  createCheckout(input: CheckoutInput): Promise<{ checkoutId: string; url: string }>;
  /** The payment as the provider has it now; null when the provider does not know it. */
  getPayment(providerPaymentId: string): Promise<ProviderPayment | null>;
  /** The payments made against a checkout, found by its external reference (the re-check job's question). */
  findPayments(externalReference: string): Promise<ProviderPayment[]>;
}

/** Thrown by a provider when it cannot be reached or answers with an error: the caller answers 503 or retries later. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The checkout's external_reference: which expense, and which of our payments. */
export function externalReference(expenseId: number, paymentId: number): string {
  return `expensa-${expenseId}-pago-${paymentId}`;
}

export function parseExternalReference(ref: string | null | undefined): { expenseId: number; paymentId: number } | null {
  const m = /^expensa-(\d{1,10})-pago-(\d{1,10})$/.exec(ref ?? '');
  if (!m) return null;
  const expenseId = Number(m[1]);
  const paymentId = Number(m[2]);
  if (!(expenseId > 0 && expenseId < 2 ** 31 && paymentId > 0 && paymentId < 2 ** 31)) return null;
  return { expenseId, paymentId };
}

/** MercadoPago's payment statuses → ours. */
export function mapMercadoPagoStatus(status: string | undefined): PaymentStatus {
  switch (status) {
    case 'approved':
      return 'approved';
    case 'rejected':
      return 'rejected';
    case 'cancelled':
      return 'cancelled';
    case 'refunded':
      return 'refunded';
    case 'charged_back':
      return 'charged_back';
    // pending, authorized, in_process, in_mediation: money not settled yet.
    default:
      return 'pending';
  }
}
