import { createHmac, randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';

/** MercadoPago's payment statuses (a superset of ours: in_process, authorized... are "pending" to us). */
export type MercadoPagoStatus =
  'pending' | 'approved' | 'authorized' | 'in_process' | 'in_mediation' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';

export interface StoredPreference {
  id: string;
  init_point: string;
  sandbox_init_point: string;
  external_reference?: string;
  items: { id?: string; title: string; quantity: number; currency_id?: string; unit_price: number }[];
  metadata?: Record<string, unknown>;
  payer?: { email?: string };
  [key: string]: unknown;
}

export interface StoredPayment {
  id: number;
  status: MercadoPagoStatus;
  status_detail: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  currency_id: string;
  external_reference: string | null;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  [key: string]: unknown;
}

/** A request the stand-in received: what our side sent MercadoPago. */
export interface ReceivedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

const MP_API_ORIGIN = 'https://api.mercadopago.com';
const COLLECTOR_ID = 1234567890;

const STATUS_DETAIL: Record<MercadoPagoStatus, string> = {
  pending: 'pending_waiting_payment',
  approved: 'accredited',
  authorized: 'pending_capture',
  in_process: 'pending_contingency',
  in_mediation: 'in_mediation',
  rejected: 'cc_rejected_other_reason',
  cancelled: 'expired',
  refunded: 'refunded',
  charged_back: 'settled',
};

/**
 * A real HTTP server playing MercadoPago's API for the tests: Checkout Pro preferences, payments
 * (made by `pay`, as a buyer would), the payment search, and signed webhook notifications sent
 * with `notify`. Our code reaches it through the official SDK, routed here by routeMercadoPagoTo.
 */
export class MercadoPagoStandIn {
  readonly preferences: StoredPreference[] = [];
  readonly payments = new Map<number, StoredPayment>();
  /** Every API request, in order. */
  readonly requests: ReceivedRequest[] = [];
  /** While set, every API call answers this HTTP status (500, 503: MercadoPago is down). */
  failWith: number | null = null;
  private server?: http.Server;
  private nextPaymentId = 90_000_000_001;
  private nextNotificationId = 1;

  /** @param accessToken when given, calls without `Authorization: Bearer <accessToken>` answer 401, as MercadoPago does. */
  constructor(private readonly accessToken?: string) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    this.server = server;
    return this;
  }

  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  get origin(): string {
    const address = this.server?.address();
    if (!address || typeof address === 'string') throw new Error('MercadoPago stand-in not started');
    return `http://127.0.0.1:${address.port}`;
  }

  /** The preference bodies our side created, in order. */
  get preferenceRequests(): Record<string, unknown>[] {
    return this.requests
      .filter((r) => r.method === 'POST' && r.path.startsWith('/checkout/preferences'))
      .map((r) => r.body as Record<string, unknown>);
  }

  preference(idOrExternalReference: string): StoredPreference | undefined {
    return (
      this.preferences.find((p) => p.id === idOrExternalReference) ??
      this.preferences.findLast((p) => p.external_reference === idOrExternalReference)
    );
  }

  /**
   * A buyer pays a checkout (by preference id or external reference): the payment gets a numeric id.
   * amount (pesos), currency and externalReference default to the preference's; override them to forge a mismatch.
   */
  pay(
    preferenceIdOrExternalReference: string,
    o: { status?: MercadoPagoStatus; amount?: number; currency?: string; externalReference?: string | null } = {},
  ): StoredPayment {
    const pref = this.preference(preferenceIdOrExternalReference);
    if (!pref && (o.amount === undefined || o.externalReference === undefined)) {
      throw new Error(`MercadoPago stand-in: no preference ${preferenceIdOrExternalReference}`);
    }
    const item = pref?.items[0];
    const now = new Date().toISOString();
    const status = o.status ?? 'approved';
    const payment: StoredPayment = {
      id: this.nextPaymentId++,
      status,
      status_detail: STATUS_DETAIL[status],
      transaction_amount: o.amount ?? (item ? item.unit_price * item.quantity : 0),
      transaction_amount_refunded: 0,
      currency_id: o.currency ?? item?.currency_id ?? 'ARS',
      external_reference: o.externalReference !== undefined ? o.externalReference : (pref?.external_reference ?? null),
      description: item?.title ?? null,
      date_created: now,
      date_approved: status === 'approved' ? now : null,
      date_last_updated: now,
      money_release_date: null,
      operation_type: 'regular_payment',
      payment_method_id: 'account_money',
      payment_type_id: 'account_money',
      installments: 1,
      live_mode: false,
      collector_id: COLLECTOR_ID,
      payer: { id: '1122334455', email: pref?.payer?.email ?? 'test_user@testuser.com', type: 'registered' },
      metadata: pref?.metadata ?? {},
      order: { id: String(this.nextPaymentId), type: 'mercadopago' },
      notification_url: pref?.notification_url ?? null,
      transaction_details: {
        net_received_amount: 0,
        total_paid_amount: o.amount ?? item?.unit_price ?? 0,
        installment_amount: 0,
        overpaid_amount: 0,
      },
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  /** MercadoPago changes a payment (the money settles, it is refunded, charged back...). */
  setStatus(paymentId: number, status: MercadoPagoStatus): StoredPayment {
    const p = this.payments.get(paymentId);
    if (!p) throw new Error(`MercadoPago stand-in: no payment ${paymentId}`);
    const now = new Date().toISOString();
    p.status = status;
    p.status_detail = STATUS_DETAIL[status];
    p.date_last_updated = now;
    if (status === 'approved' && !p.date_approved) p.date_approved = now;
    if (status === 'refunded') p.transaction_amount_refunded = p.transaction_amount;
    return p;
  }

  /**
   * Sends the webhook notification MercadoPago sends when a payment is created or changes:
   * POST <app>/api/payment/webhook?data.id=<id>&type=payment, signed with the secret as MercadoPago signs
   * (x-signature `ts=<seconds>,v1=<HMAC-SHA256 hex of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">`).
   */
  async notify(
    appBaseUrl: string,
    paymentId: number | string,
    o: { secret: string; ts?: number; requestId?: string; badSignature?: boolean },
  ): Promise<{ status: number; body: unknown }> {
    const dataId = String(paymentId);
    const ts = o.ts ?? Math.floor(Date.now() / 1000);
    const requestId = o.requestId ?? randomUUID();
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'MercadoPago WebHook v1.0 payment',
      ...signatureHeaders({ dataId, requestId, ts, secret: o.badSignature ? `${o.secret}-not-it` : o.secret }),
    };
    const body = {
      action: 'payment.updated',
      api_version: 'v1',
      data: { id: dataId },
      date_created: new Date(ts * 1000).toISOString(),
      id: this.nextNotificationId++,
      live_mode: false,
      type: 'payment',
      user_id: String(COLLECTOR_ID),
    };
    const url = `${appBaseUrl}/api/payment/webhook?data.id=${encodeURIComponent(dataId)}&type=payment`;
    const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const raw = await readBody(req);
    let body: unknown = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return send(res, 400, { message: 'invalid json', error: 'bad_request', status: 400, cause: [] });
      }
    }
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, authorization: req.headers.authorization, body });

    if (this.failWith !== null) {
      return send(res, this.failWith, { message: 'internal_error', error: 'internal_error', status: this.failWith, cause: [] });
    }
    if (this.accessToken !== undefined && req.headers.authorization !== `Bearer ${this.accessToken}`) {
      return send(res, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
    }

    const path = url.pathname.replace(/\/+$/, '');
    if (req.method === 'POST' && path === '/checkout/preferences') return this.createPreference(res, body);
    if (req.method === 'GET' && path === '/v1/payments/search') return this.searchPayments(res, url.searchParams);
    const one = /^\/v1\/payments\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && one) {
      const payment = /^\d+$/.test(one[1]!) ? this.payments.get(Number(one[1])) : undefined;
      if (!payment)
        return send(res, 404, {
          message: 'Payment not found',
          error: 'not_found',
          status: 404,
          cause: [{ code: 2000, description: 'Payment not found' }],
        });
      return send(res, 200, payment);
    }
    send(res, 404, { message: 'resource not found', error: 'not_found', status: 404, cause: [] });
  }

  private createPreference(res: ServerResponse, body: unknown): void {
    const b = (body ?? {}) as Partial<StoredPreference>;
    const item = b.items?.[0];
    if (!item || typeof item.unit_price !== 'number' || !(item.quantity >= 1) || !item.title) {
      return send(res, 400, { message: 'items needed', error: 'invalid_items', status: 400, cause: [] });
    }
    // MercadoPago refuses auto_return without a back_urls.success, and non-https notification URLs.
    if (b.auto_return && !(b.back_urls as { success?: string } | undefined)?.success) {
      return send(res, 400, {
        message: 'auto_return invalid. back_url.success must be defined',
        error: 'invalid_auto_return',
        status: 400,
        cause: [],
      });
    }
    if (typeof b.notification_url === 'string' && !b.notification_url.startsWith('https://')) {
      return send(res, 400, { message: 'notification_url must be https', error: 'invalid_notification_url', status: 400, cause: [] });
    }
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const preference: StoredPreference = {
      ...b,
      items: b.items!,
      id,
      init_point: `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      sandbox_init_point: `https://sandbox.mercadopago.com.ar/checkout/v1/redirect?pref_id=${id}`,
      collector_id: COLLECTOR_ID,
      client_id: '6295877106812064',
      date_created: new Date().toISOString(),
      operation_type: 'regular_payment',
      site_id: 'MLA',
    };
    this.preferences.push(preference);
    send(res, 201, preference);
  }

  private searchPayments(res: ServerResponse, params: URLSearchParams): void {
    const ref = params.get('external_reference');
    const limit = Number(params.get('limit') ?? 30);
    const offset = Number(params.get('offset') ?? 0);
    let results = [...this.payments.values()];
    if (ref !== null) results = results.filter((p) => p.external_reference === ref);
    if (params.get('criteria') === 'desc') results.reverse();
    send(res, 200, { results: results.slice(offset, offset + limit), paging: { total: results.length, limit, offset } });
  }
}

/** The x-signature and x-request-id headers MercadoPago puts on a notification about `dataId`. */
export function signatureHeaders(o: { dataId: string; requestId: string; ts: number; secret: string }): Record<string, string> {
  const manifest = `id:${o.dataId.toLowerCase()};request-id:${o.requestId};ts:${o.ts};`;
  const v1 = createHmac('sha256', o.secret).update(manifest).digest('hex');
  return { 'x-signature': `ts=${o.ts},v1=${v1}`, 'x-request-id': o.requestId };
}

/**
 * Sends every request for https://api.mercadopago.com to the stand-in (plain http on loopback) and
 * every other request on unchanged, by replacing undici's global dispatcher, which Node's fetch
 * (and so the SDK) uses. Returns the function that puts the previous dispatcher back.
 */
export function routeMercadoPagoTo(standInOrigin: string): () => Promise<void> {
  const previous = getGlobalDispatcher();
  const agent = new Agent();
  const target = new URL(standInOrigin).origin;
  const routed = agent.compose(
    (dispatch: Dispatcher['dispatch']) => (opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandlers) =>
      dispatch(
        opts.origin !== undefined && new URL(String(opts.origin)).origin === MP_API_ORIGIN ? { ...opts, origin: target } : opts,
        handler,
      ),
  );
  setGlobalDispatcher(routed);
  return async () => {
    setGlobalDispatcher(previous);
    await agent.close();
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}
