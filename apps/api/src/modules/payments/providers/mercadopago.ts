import {
  InvalidWebhookSignatureError,
  MercadoPagoConfig,
  MPNotFoundError,
  Payment,
  Preference,
  WebhookSignatureValidator,
} from 'mercadopago';
import { centsToPesos, hasAtMostTwoDecimals, pesosToCents } from '@consorcio/domain';
import {
  mapMercadoPagoStatus,
  ProviderUnavailableError,
  type CheckoutInput,
  type PaymentProvider,
  type ProviderPayment,
} from './provider.ts';

type PreferenceRequest = Parameters<Preference['create']>[0]['body'];

/** What MercadoPago answers for a payment, by GET /v1/payments/{id} or in a search's results. */
interface MercadoPagoPayment {
  id?: number | string;
  status?: string;
  transaction_amount?: number;
  currency_id?: string;
  external_reference?: string | null;
}

/** A notification older (or newer) than this is refused: a captured one cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * MercadoPago Checkout Pro through the official SDK. Every call goes to https://api.mercadopago.com
 * (tests route that host to a local stand-in at the network layer, see test/mercadopago-standin.ts).
 */
export class MercadoPagoProvider implements PaymentProvider {
  readonly name = 'mercadopago' as const;
  private readonly preferences: Preference;
  private readonly payments: Payment;

  constructor(opts: { accessToken: string }) {
    const client = new MercadoPagoConfig({
      accessToken: opts.accessToken,
      // One quick retry at most: a resident waits on createCheckout, and the re-check job tries again later anyway.
      options: { timeout: 5000, maxRetries: 1, initialDelay: 250, maxDelay: 1000 },
    });
    this.preferences = new Preference(client);
    this.payments = new Payment(client);
  }

  async createCheckout(input: CheckoutInput): Promise<{ checkoutId: string; url: string }> {
    const body: PreferenceRequest = {
      items: [
        {
          id: `expensa-${input.expenseId}`,
          title: input.title,
          quantity: 1,
          currency_id: 'ARS',
          unit_price: centsToPesos(input.amountCents),
        },
      ],
      external_reference: input.externalReference,
      payer: { email: input.payerEmail },
      back_urls: { success: input.returnUrl, failure: input.returnUrl, pending: input.returnUrl },
      // MercadoPago refuses auto_return and notification_url unless they are https (a local http setup still works, without them).
      ...(isHttps(input.returnUrl) ? { auto_return: 'approved' } : {}),
      ...(isHttps(input.notificationUrl) ? { notification_url: webhooksOnly(input.notificationUrl) } : {}),
      expires: true,
      expiration_date_to: input.expiresAt.toISOString(),
      metadata: { payment_id: input.paymentId, expense_id: input.expenseId },
    };
    let preference: Awaited<ReturnType<Preference['create']>>;
    try {
      preference = await this.preferences.create({ body });
    } catch (err) {
      throw unavailable('creating the checkout', err);
    }
    if (!preference.id || !preference.init_point) {
      throw new ProviderUnavailableError('MercadoPago answered a checkout without id or init_point');
    }
    return { checkoutId: preference.id, url: preference.init_point };
  }

  async getPayment(providerPaymentId: string): Promise<ProviderPayment | null> {
    // MercadoPago's payment ids are numbers: anything else (a forged notification) cannot name one.
    if (!/^\d{1,20}$/.test(providerPaymentId)) return null;
    try {
      return toProviderPayment(await this.payments.get({ id: providerPaymentId }));
    } catch (err) {
      if (err instanceof MPNotFoundError) return null;
      throw unavailable(`reading payment ${providerPaymentId}`, err);
    }
  }

  async findPayments(externalReference: string): Promise<ProviderPayment[]> {
    let found: Awaited<ReturnType<Payment['search']>>;
    try {
      found = await this.payments.search({
        options: { external_reference: externalReference, sort: 'date_created', criteria: 'desc' },
      });
    } catch (err) {
      throw unavailable(`searching payments of ${externalReference}`, err);
    }
    return (found.results ?? []).filter((p) => p.id !== undefined && p.id !== null).map((p) => toProviderPayment(p));
  }
}

/**
 * MercadoPago's amount (pesos) → integer cents, exactly; -1, which matches no expense, when it is
 * missing or finer than a cent (rounding it could make a wrong amount pass the check).
 */
function cents(amount: number | undefined): number {
  return typeof amount === 'number' && hasAtMostTwoDecimals(amount) ? pesosToCents(amount) : -1;
}

function toProviderPayment(p: MercadoPagoPayment): ProviderPayment {
  return {
    id: String(p.id),
    status: mapMercadoPagoStatus(p.status),
    amountCents: cents(p.transaction_amount),
    currency: p.currency_id ?? '',
    externalReference: p.external_reference || null,
  };
}

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * With a notification_url on the preference MercadoPago sends both signed webhooks and the older,
 * unsigned IPN calls; `source_news=webhooks` keeps only the signed ones.
 */
function webhooksOnly(url: string): string {
  const u = new URL(url);
  u.searchParams.set('source_news', 'webhooks');
  return u.toString();
}

function unavailable(what: string, err: unknown): ProviderUnavailableError {
  const detail = err instanceof Error ? err.message : String(err);
  const code = (err as { status?: unknown } | null)?.status;
  // The SDK's connection errors (refused, timeout) carry status 0.
  const status = typeof code === 'number' && code > 0 ? ` (HTTP ${code})` : '';
  return new ProviderUnavailableError(`MercadoPago failed ${what}${status}: ${detail}`, { cause: err });
}

export interface SignatureInput {
  /** The request's headers: `x-signature` and `x-request-id` are read. */
  headers: Record<string, string | string[] | undefined>;
  /** The `data.id` query parameter of the notification. */
  dataId: string | string[] | undefined;
  secret: string;
  /** The app's clock (services.clock), as a Date or epoch milliseconds. */
  now: () => Date | number;
  /** When given, a refused signature is logged (warn) with its reason and the x-request-id. */
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
}

/**
 * Why a MercadoPago notification's signature is not valid, or null when it is: the HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret, at most 300 s from now.
 */
export function mercadoPagoSignatureProblem({ headers, dataId, secret, now }: SignatureInput): string | null {
  // MercadoPago signs alphanumeric ids lowercased.
  const id = Array.isArray(dataId) ? dataId[0] : dataId;
  try {
    WebhookSignatureValidator.validate({
      xSignature: headers['x-signature'],
      xRequestId: headers['x-request-id'],
      dataId: id?.toLowerCase(),
      secret,
      toleranceSeconds: SIGNATURE_TOLERANCE_SECONDS,
      now: () => Number(now()),
    });
    return null;
  } catch (err) {
    if (err instanceof InvalidWebhookSignatureError) return err.reason;
    throw err;
  }
}

/** True when the notification was signed by MercadoPago with our secret, within the last 300 s. */
export function verifyMercadoPagoSignature(input: SignatureInput): boolean {
  const problem = mercadoPagoSignatureProblem(input);
  if (problem !== null) {
    input.log?.warn({ reason: problem, requestId: input.headers['x-request-id'] }, 'MercadoPago notification refused: bad signature');
  }
  return problem === null;
}
