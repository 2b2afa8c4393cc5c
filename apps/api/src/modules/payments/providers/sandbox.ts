import { eq } from 'drizzle-orm';
import type { PaymentStatus } from '@consorcio/domain';
import type { DbOrTx } from '../../../db/client.ts';
import { sandboxPayments } from '../../../db/schema.ts';
import { isUniqueViolation } from '../../../lib/errors.ts';
import type { CheckoutInput, PaymentProvider, ProviderPayment } from './provider.ts';

/**
 * The built-in provider when MercadoPago is not configured. It plays MercadoPago's part with its
 * own books (sandbox_payments): its checkout is a page of this app, /pago-simulado/{paymentId}, where
 * Aprobar or Rechazar "takes" the payment; our side then reads it back with getPayment, exactly as
 * it reads a MercadoPago payment after a notification.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;

  constructor(private readonly db: DbOrTx) {}

  async createCheckout(input: CheckoutInput): Promise<{ checkoutId: string; url: string }> {
    // A path of this app, not an absolute URL: the page opens on whichever address the resident is using.
    return { checkoutId: `sandbox-checkout-${input.paymentId}`, url: `/pago-simulado/${input.paymentId}` };
  }

  /**
   * The payer's decision on the checkout page. One decision per checkout (a unique index): returns
   * the new payment's id, or null when the checkout was already decided (even by a concurrent click).
   */
  async take(
    checkout: { checkoutId: string; externalReference: string; amountCents: number },
    status: Extract<PaymentStatus, 'approved' | 'rejected'>,
  ): Promise<string | null> {
    try {
      const [row] = await this.db
        .insert(sandboxPayments)
        .values({
          checkoutId: checkout.checkoutId,
          externalReference: checkout.externalReference,
          amountCents: checkout.amountCents,
          status,
        })
        .returning({ id: sandboxPayments.id });
      return String(row!.id);
    } catch (e) {
      if (isUniqueViolation(e)) return null;
      throw e;
    }
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    if (!/^\d{1,9}$/.test(providerPaymentId)) return null;
    const [row] = await this.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, Number(providerPaymentId)));
    return row ? present(row) : null;
  }

  async findPayments(externalReference: string): Promise<ProviderPayment[]> {
    const rows = await this.db.select().from(sandboxPayments).where(eq(sandboxPayments.externalReference, externalReference));
    return rows.map(present);
  }
}

function present(row: typeof sandboxPayments.$inferSelect): ProviderPayment {
  return {
    id: String(row.id),
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    externalReference: row.externalReference,
  };
}
