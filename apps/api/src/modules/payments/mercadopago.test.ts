import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import { MONTH_KEYS, PAYMENT_MSG, checkoutSchema, expenseSchema, paymentReturnPath, paymentSchema, type Expense } from '@consorcio/domain';
import { startTestServer, type HttpClient, type TestServer } from '../../test/harness.ts';
import { MercadoPagoStandIn, routeMercadoPagoTo, signatureHeaders } from '../../test/mercadopago-standin.ts';
import { buildAdmin, buildApartment, buildBuilding, buildResident } from '../../seed/factories.ts';
import { expenses, paymentEvents, payments } from '../../db/schema.ts';
import { externalReference } from './providers/provider.ts';
import { recheckPendingPayments } from './payments.service.ts';

const ACCESS_TOKEN = 'TEST-1234567890123456-112233-abcdef0123456789abcdef0123456789-123456789';
const SECRET = 'f3b1c0ffee5ecret0fthewebh00k';
const PUBLIC_URL = 'https://consorcio.example';
const BUILDING = 'Torre Cañada';

/**
 * Payments through MercadoPago (MP_ACCESS_TOKEN set): the official SDK talks to a local stand-in
 * of MercadoPago's API, reached by routing api.mercadopago.com at the network layer; the stand-in
 * plays the buyer (pay), MercadoPago's changes (setStatus) and its signed notifications (notify).
 */
describe('payments (MercadoPago)', () => {
  let t: TestServer;
  let mp: MercadoPagoStandIn;
  let unroute: () => Promise<void>;
  let admin: HttpClient;
  let resident: HttpClient;
  let buildingId: number;
  let apartmentId: number;
  let neighbourApartmentId: number;

  /** The server's clock, fixed: signatures are dated by it, so no margin depends on how busy the machine is. */
  const NOW = new Date();
  const nowSeconds = Math.floor(NOW.getTime() / 1000);

  before(async () => {
    mp = await new MercadoPagoStandIn(ACCESS_TOKEN).start();
    unroute = routeMercadoPagoTo(mp.origin);
    t = await startTestServer({
      env: { MP_ACCESS_TOKEN: ACCESS_TOKEN, MP_WEBHOOK_SECRET: SECRET, PUBLIC_URL },
      services: { clock: () => NOW },
      captureLogs: true,
    });
    const db = t.database.db;
    const a = await buildAdmin(db, { name: 'Admin MP' });
    const building = await buildBuilding(db, a.id, { name: BUILDING });
    const apartment = await buildApartment(db, building.id, { numberApartment: '3B', mt2: 62.5, state: 1 });
    const neighbour = await buildApartment(db, building.id, { numberApartment: '4C', mt2: 37.5, state: 1 });
    const r = await buildResident(db, apartment.id, { name: 'Vecina 3B' });
    admin = t.client();
    await admin.login(a.email, a.password);
    resident = t.client();
    await resident.login(r.email, r.password);
    buildingId = building.id;
    apartmentId = apartment.id;
    neighbourApartmentId = neighbour.id;
  });
  after(async () => {
    await t?.close();
    await unroute?.();
    await mp?.stop();
  });

  let monthsUsed = 0;
  /** Settles a month not settled yet (2024 backwards) through the API: an Adeudada expense for 3B (and one for 4C). */
  async function settleMonth(): Promise<{ mine: Expense; neighbours: Expense }> {
    const i = monthsUsed++;
    const year = 2024 - Math.floor(i / 12);
    const month = i % 12;
    const spent = await admin.post('/api/spendings/add', {
      building: buildingId,
      date: `${year}-${String(month + 1).padStart(2, '0')}-10`,
      concept: 'Limpieza',
      supplier: 'Brillo Córdoba SRL',
      details: 'Limpieza del mes',
      // 3B has 62.5% of the area: 10000·(i+1) + 123.45 pesos, cents that must travel exactly.
      amount: 16000 * (i + 1) + 197.52,
    });
    assert.equal(spent.status, 201, spent.text);
    const settled = await admin.post(`/api/expenses/add/${month}/${year}`, { buildingId });
    assert.equal(settled.status, 201, settled.text);
    const mine = await expenseOf(apartmentId, year, month);
    assert.equal(mine.status, 'Adeudada');
    assert.equal(mine.amount, 10000 * (i + 1) + 123.45);
    return { mine, neighbours: await expenseOf(neighbourApartmentId, year, month) };
  }

  async function expenseOf(apartment: number, year: number, month: number): Promise<Expense> {
    const res = await admin.get(`/api/expenses/${apartment}?pageSize=500`);
    assert.equal(res.status, 200, res.text);
    const found = (res.body.items as Expense[]).find((e) => e.year === year && e.month === MONTH_KEYS[month]);
    assert.ok(found, `expense ${year}-${month} of apartment ${apartment}`);
    return expenseSchema.parse(found);
  }
  const reload = (e: Expense) => expenseOf(e.apartmentId, e.year, MONTH_KEYS.indexOf(e.month));

  /** The resident presses Pagar: a MercadoPago checkout (a preference in the stand-in). */
  async function checkout(e: Expense): Promise<{ paymentId: number; url: string; preferenceId: string; reference: string }> {
    const res = await resident.post(`/api/payment/expense/${e.id}`);
    assert.equal(res.status, 201, res.text);
    const { paymentId, url } = checkoutSchema.parse(res.body);
    const reference = externalReference(e.id, paymentId);
    const preference = mp.preference(reference);
    assert.ok(preference, `a preference with external_reference ${reference}`);
    return { paymentId, url, preferenceId: preference.id, reference };
  }

  const notify = (paymentId: number | string, o: { ts?: number; badSignature?: boolean } = {}) =>
    mp.notify(t.baseUrl, paymentId, { secret: SECRET, ts: nowSeconds, ...o });

  /** What a change would touch: the expense, its payment rows and their history. */
  async function snapshot(expenseId: number) {
    const [expense] = await t.database.db.select().from(expenses).where(eq(expenses.id, expenseId));
    const rows = await t.database.db.select().from(payments).where(eq(payments.expenseId, expenseId)).orderBy(asc(payments.id));
    const events = rows.length
      ? await t.database.db
          .select()
          .from(paymentEvents)
          .where(
            inArray(
              paymentEvents.paymentId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(asc(paymentEvents.id))
      : [];
    return { status: expense!.status, rows, events };
  }

  const eventsOf = async (paymentId: number) =>
    t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));

  test('Pagar: a Checkout Pro preference for the amount read on the server, in ARS, referencing the expense and our payment', async () => {
    const { mine } = await settleMonth();
    const before = mp.preferenceRequests.length;
    const { paymentId, url, preferenceId, reference } = await checkout(mine);
    assert.equal(url, `https://www.mercadopago.com.ar/checkout/v1/redirect?pref_id=${preferenceId}`);
    assert.equal(reference, `expensa-${mine.id}-pago-${paymentId}`);

    assert.equal(mp.preferenceRequests.length, before + 1, 'one preference created');
    const sent = mp.preferenceRequests.at(-1) as Record<string, any>;
    assert.equal(sent.items.length, 1);
    assert.equal(sent.items[0].quantity, 1);
    assert.equal(sent.items[0].currency_id, 'ARS');
    assert.equal(sent.items[0].unit_price, mine.amount, 'the expense’s amount, read on the server');
    assert.match(sent.items[0].title, /3B/);
    assert.equal(sent.external_reference, reference);
    const back = PUBLIC_URL + paymentReturnPath('3B', BUILDING, mine.id, paymentId);
    assert.deepEqual(sent.back_urls, { success: back, failure: back, pending: back });
    assert.equal(sent.auto_return, 'approved', 'the return URL is https');
    const notification = new URL(sent.notification_url);
    assert.equal(notification.origin + notification.pathname, `${PUBLIC_URL}/api/payment/webhook`);
    assert.equal(sent.expires, true);
    assert.ok(Date.parse(sent.expiration_date_to) > NOW.getTime(), 'the checkout expires in the future');
    assert.deepEqual(sent.metadata, { payment_id: paymentId, expense_id: mine.id });
    assert.ok(sent.payer.email.includes('@'));
    assert.equal(mp.requests.at(-1)!.authorization, `Bearer ${ACCESS_TOKEN}`);

    // Pressing Pagar again while nobody paid reuses the checkout: no second preference.
    const again = await resident.post(`/api/payment/expense/${mine.id}`);
    assert.equal(again.status, 201, again.text);
    assert.deepEqual(again.body, { paymentId, url });
    assert.equal(mp.preferenceRequests.length, before + 1);
    const list = await resident.get(`/api/payment/expense/${mine.id}`);
    const p = paymentSchema.parse(list.body.items[0]);
    assert.deepEqual([p.provider, p.status, p.amount, p.providerPaymentId], ['mercadopago', 'pending', mine.amount, null]);
  });

  test('a notification with a bad signature, or a stale one (10 minutes old), is refused: 401, nothing changes', async () => {
    const { mine } = await settleMonth();
    const { preferenceId } = await checkout(mine);
    const paid = mp.pay(preferenceId, { status: 'approved' });
    const before = await snapshot(mine.id);

    const forged = await notify(paid.id, { badSignature: true });
    assert.equal(forged.status, 401, JSON.stringify(forged.body));
    const stale = await notify(paid.id, { ts: nowSeconds - 600 });
    assert.equal(stale.status, 401, JSON.stringify(stale.body));
    const unsigned = await t.client().request('POST', `/api/payment/webhook?data.id=${paid.id}&type=payment`, {
      action: 'payment.updated',
      type: 'payment',
      data: { id: String(paid.id) },
    });
    assert.equal(unsigned.status, 401, unsigned.text);
    // A genuine signature, but for another payment than the one the query names.
    const borrowed = signatureHeaders({
      dataId: String(paid.id + 1),
      requestId: randomUUID(),
      ts: nowSeconds,
      secret: SECRET,
    });
    const replayed = await t
      .client()
      .request(
        'POST',
        `/api/payment/webhook?data.id=${paid.id}&type=payment`,
        { type: 'payment', data: { id: String(paid.id) } },
        borrowed,
      );
    assert.equal(replayed.status, 401, replayed.text);

    assert.deepEqual(await snapshot(mine.id), before);
    assert.equal((await reload(mine)).status, 'Adeudada');
    assert.ok(!mp.requests.some((r) => r.path === `/v1/payments/${paid.id}`), 'an unverified notification is not even looked up');

    // The genuine notification, signed now, is taken.
    const genuine = await notify(paid.id);
    assert.equal(genuine.status, 200, JSON.stringify(genuine.body));
    assert.deepEqual(genuine.body, { received: true });
    assert.equal((await reload(mine)).status, 'Pagada');
  });

  test('the same valid notification twenty times at once: one approved payment, the expense Pagada, one approved event', async () => {
    const { mine } = await settleMonth();
    const { paymentId, preferenceId } = await checkout(mine);
    const paid = mp.pay(preferenceId, { status: 'approved' });
    const results = await Promise.all(Array.from({ length: 20 }, () => notify(paid.id)));
    assert.deepEqual(
      results.map((r) => r.status),
      Array.from({ length: 20 }, () => 200),
      results.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n'),
    );

    const { status, rows } = await snapshot(mine.id);
    assert.equal(status, 'Pagada');
    assert.deepEqual(
      rows.map((r) => [r.id, r.status, r.providerPaymentId, r.amountCents]),
      [[paymentId, 'approved', String(paid.id), Math.round(mine.amount * 100)]],
    );
    const approvedEvents = (await eventsOf(paymentId)).filter((e) => e.status === 'approved');
    assert.equal(approvedEvents.length, 1, 'exactly one approved event');
    assert.equal(approvedEvents[0]!.source, 'webhook');

    const now = await reload(mine);
    assert.equal(now.payment?.paymentId, paymentId);
    assert.equal(now.payment?.provider, 'mercadopago');
    assert.equal(now.paymentInProcess, false);
    const receipt = await resident.get(`/api/payment/${paymentId}/receipt`);
    assert.equal(receipt.status, 200, receipt.text);
    assert.equal(receipt.body.providerPaymentId, String(paid.id));
    assert.equal(receipt.body.amount, mine.amount);

    // Paid: Pagar answers 409, and a later duplicate changes nothing.
    const payAgain = await resident.post(`/api/payment/expense/${mine.id}`);
    assert.equal(payAgain.status, 409, payAgain.text);
    assert.equal(payAgain.body.error.message, PAYMENT_MSG.alreadyPaid);
    const before = await snapshot(mine.id);
    assert.equal((await notify(paid.id)).status, 200);
    assert.deepEqual(await snapshot(mine.id), before);
  });

  test('a payment whose amount, currency or reference does not match is refused: nothing changes, and it is logged', async () => {
    const { mine, neighbours } = await settleMonth();
    const { paymentId, preferenceId } = await checkout(mine);
    const before = await snapshot(mine.id);
    const neighboursBefore = await snapshot(neighbours.id);

    const forged = [
      mp.pay(preferenceId, { amount: Math.round((mine.amount - 0.01) * 100) / 100 }),
      mp.pay(preferenceId, { amount: 1 }),
      mp.pay(preferenceId, { currency: 'USD' }),
      // Points at the neighbour's expense with our payment id: the checkout is not that expense's.
      mp.pay(preferenceId, { externalReference: externalReference(neighbours.id, paymentId) }),
      mp.pay(preferenceId, { externalReference: 'garbage; drop table payments' }),
      mp.pay(preferenceId, { externalReference: null }),
      mp.pay(preferenceId, { externalReference: externalReference(mine.id, 2 ** 31 - 2) }),
    ];
    for (const p of forged) {
      const logsBefore = t.logs.length;
      const res = await notify(p.id);
      assert.equal(res.status, 200, `answered 200 so MercadoPago stops retrying: ${JSON.stringify(res.body)}`);
      const logged = t.logs.slice(logsBefore).join('\n');
      assert.match(
        logged,
        /payment refused/,
        `payment ${p.id} (${p.transaction_amount} ${p.currency_id} ${p.external_reference}) refused in the log`,
      );
    }
    // A payment MercadoPago does not know.
    assert.equal((await notify(99_999_999_999)).status, 200);

    assert.deepEqual(await snapshot(mine.id), before);
    assert.deepEqual(await snapshot(neighbours.id), neighboursBefore);
    const e = await reload(mine);
    assert.equal(e.status, 'Adeudada');
    assert.equal(e.payment, null);
  });

  test('a refund reopens the expense: Adeudada, the payment refunded', async () => {
    const { mine } = await settleMonth();
    const { paymentId, preferenceId } = await checkout(mine);
    const paid = mp.pay(preferenceId, { status: 'approved' });
    assert.equal((await notify(paid.id)).status, 200);
    assert.equal((await reload(mine)).status, 'Pagada');

    mp.setStatus(paid.id, 'refunded');
    assert.equal((await notify(paid.id)).status, 200);
    const { status, rows } = await snapshot(mine.id);
    assert.equal(status, 'Adeudada');
    assert.deepEqual(
      rows.map((r) => [r.id, r.status]),
      [[paymentId, 'refunded']],
    );
    assert.deepEqual(
      (await eventsOf(paymentId)).map((e) => e.status),
      ['pending', 'approved', 'refunded'],
    );
    const e = await reload(mine);
    assert.equal(e.payment, null);
    assert.equal((await resident.get(`/api/payment/${paymentId}/receipt`)).status, 409, 'no receipt for a refunded payment');
    // It can be paid again: a new checkout.
    const again = await checkout(mine);
    assert.notEqual(again.paymentId, paymentId);
  });

  test('a payment whose notification never comes is settled by the re-check job (found by its reference, or asked by its id)', async () => {
    const { mine } = await settleMonth();
    const { paymentId, preferenceId } = await checkout(mine);
    // The buyer pays; MercadoPago's notification is lost.
    const paid = mp.pay(preferenceId, { status: 'approved' });
    assert.equal((await reload(mine)).status, 'Adeudada');
    await recheckPendingPayments(t.app, { now: new Date(NOW.getTime() + 10 * 60_000) });
    const settled = await snapshot(mine.id);
    assert.equal(settled.status, 'Pagada');
    assert.deepEqual(
      settled.rows.map((r) => [r.id, r.status, r.providerPaymentId]),
      [[paymentId, 'approved', String(paid.id)]],
    );
    assert.equal(settled.events.filter((e) => e.status === 'approved' && e.source === 'recheck').length, 1);

    // In process (notified), then accredited without a notification: the job asks for it by its id.
    const second = (await settleMonth()).mine;
    const c = await checkout(second);
    const inProcess = mp.pay(c.preferenceId, { status: 'in_process' });
    assert.equal((await notify(inProcess.id)).status, 200);
    const waiting = await reload(second);
    assert.equal(waiting.status, 'Adeudada');
    assert.equal(waiting.paymentInProcess, true);
    const blocked = await resident.post(`/api/payment/expense/${second.id}`);
    assert.equal(blocked.status, 409, blocked.text);
    assert.equal(blocked.body.error.message, PAYMENT_MSG.alreadyInProcess);

    mp.setStatus(inProcess.id, 'approved');
    await recheckPendingPayments(t.app, { now: new Date(NOW.getTime() + 20 * 60_000) });
    const done = await reload(second);
    assert.equal(done.status, 'Pagada');
    assert.equal(done.payment?.paymentId, c.paymentId);
    assert.equal(done.paymentInProcess, false);
  });

  test('MercadoPago down: Pagar answers 503 and leaves nothing open; a notification answers 503 so MercadoPago retries', async () => {
    const { mine } = await settleMonth();
    mp.failWith = 503;
    try {
      const res = await resident.post(`/api/payment/expense/${mine.id}`);
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.error.message, PAYMENT_MSG.providerDown);
    } finally {
      mp.failWith = null;
    }
    const { preferenceId } = await checkout(mine);
    const paid = mp.pay(preferenceId, { status: 'approved' });
    mp.failWith = 500;
    try {
      const res = await notify(paid.id);
      assert.equal(res.status, 503, JSON.stringify(res.body));
    } finally {
      mp.failWith = null;
    }
    assert.equal((await reload(mine)).status, 'Adeudada');
    assert.equal((await notify(paid.id)).status, 200);
    assert.equal((await reload(mine)).status, 'Pagada');
  });
});
