import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { and, eq } from 'drizzle-orm';
import {
  MONTH_KEYS,
  PAYMENT_MSG,
  checkoutSchema,
  expenseSchema,
  paymentReturnPath,
  paymentSchema,
  receiptSchema,
  sandboxCheckoutSchema,
  type Expense,
  type Payment,
} from '@consorcio/domain';
import { startTestServer, type HttpClient, type HttpResponse, type TestServer } from '../../test/harness.ts';
import { twoTenants } from '../../test/fixtures.ts';
import { buildApartment, buildResident } from '../../seed/factories.ts';
import { expenses, paymentEvents, payments } from '../../db/schema.ts';

/**
 * Payments through the built-in sandbox provider (no MP_ACCESS_TOKEN), driven over HTTP as the
 * resident, the sandbox page and the administrator drive them (API.md §Payments).
 */
describe('payments (sandbox provider)', () => {
  let t: TestServer;
  let w: Awaited<ReturnType<typeof twoTenants>>;
  /** Another apartment of tenant A's building, with its own resident. */
  let neighbour: { apartmentId: number; client: HttpClient };

  before(async () => {
    t = await startTestServer();
    w = await twoTenants(t);
    const apartment = await buildApartment(t.database.db, w.a.building.id, { numberApartment: '2A', mt2: 30, state: 1 });
    const resident = await buildResident(t.database.db, apartment.id, { name: 'Vecina 2A' });
    const client = t.client();
    await client.login(resident.email, resident.password);
    neighbour = { apartmentId: apartment.id, client };
  });
  after(() => t.close());

  let monthsUsed = 0;
  /** Settles a month not settled yet (2024 backwards) in tenant A's building: an Adeudada expense per apartment. */
  async function settleMonth(): Promise<{ mine: Expense; neighbours: Expense }> {
    const i = monthsUsed++;
    const year = 2024 - Math.floor(i / 12);
    const month = i % 12;
    const spent = await w.a.adminClient.post('/api/spendings/add', {
      building: w.a.building.id,
      date: `${year}-${String(month + 1).padStart(2, '0')}-10`,
      concept: 'Limpieza',
      supplier: 'Brillo Córdoba SRL',
      details: 'Limpieza del mes',
      amount: Math.round((1000 + i * 12.34) * 100) / 100,
    });
    assert.equal(spent.status, 201, spent.text);
    const settled = await w.a.adminClient.post(`/api/expenses/add/${month}/${year}`, { buildingId: w.a.building.id });
    assert.equal(settled.status, 201, settled.text);
    const mine = await expenseOf(w.a.apartment.id, year, month);
    const neighbours = await expenseOf(neighbour.apartmentId, year, month);
    assert.equal(mine.status, 'Adeudada');
    return { mine, neighbours };
  }

  /** The expense as the administrator's list of the apartment answers it. */
  async function expenseOf(apartmentId: number, year: number, month: number | string): Promise<Expense> {
    const key = typeof month === 'number' ? MONTH_KEYS[month] : month;
    const res = await w.a.adminClient.get(`/api/expenses/${apartmentId}?pageSize=500`);
    assert.equal(res.status, 200, res.text);
    const found = (res.body.items as Expense[]).find((e) => e.year === year && e.month === key);
    assert.ok(found, `expense ${year}-${key} of apartment ${apartmentId}`);
    return expenseSchema.parse(found);
  }

  const reload = (e: Expense) => expenseOf(e.apartmentId, e.year, e.month);
  const pay = (client: HttpClient, expenseId: number | string) => client.post(`/api/payment/expense/${expenseId}`);
  const decide = (client: HttpClient, paymentId: number | string, decision: string) =>
    client.post(`/api/payment/sandbox/${paymentId}/${decision}`);
  const history = (client: HttpClient, expenseId: number | string) => client.get(`/api/payment/expense/${expenseId}`);

  /** The resident presses Pagar: a sandbox checkout. */
  async function checkout(e: Expense): Promise<{ paymentId: number; url: string }> {
    const res = await pay(w.a.residentClient, e.id);
    assert.equal(res.status, 201, res.text);
    return checkoutSchema.parse(res.body);
  }

  /** Pagar, then Aprobar on the sandbox page. */
  async function paidOnline(e: Expense): Promise<number> {
    const { paymentId } = await checkout(e);
    const approved = await decide(w.a.residentClient, paymentId, 'approve');
    assert.equal(approved.status, 200, approved.text);
    return paymentId;
  }

  /** The payment rows of an expense, straight from the database. */
  const rowsOf = (expenseId: number) => t.database.db.select().from(payments).where(eq(payments.expenseId, expenseId));

  /** Pagada exactly while one approved payment covers it. */
  async function assertCovered(expenseId: number): Promise<'Pagada' | 'Adeudada'> {
    const [e] = await t.database.db.select().from(expenses).where(eq(expenses.id, expenseId));
    const approved = (await rowsOf(expenseId)).filter((p) => p.status === 'approved');
    assert.ok(approved.length <= 1, `expense ${expenseId}: ${approved.length} approved payments`);
    assert.equal(e!.status, approved.length === 1 ? 'Pagada' : 'Adeudada', `expense ${expenseId} status vs its approved payments`);
    return e!.status;
  }

  function assertError(res: HttpResponse, status: number, code: string, message?: string) {
    assert.equal(res.status, status, `${status} expected: ${res.status} ${res.text}`);
    assert.equal(res.body?.error?.code, code, res.text);
    if (message !== undefined) assert.equal(res.body.error.message, message);
  }

  test('Pagar: the apartment’s resident gets a sandbox checkout for the amount the server reads; pressing again reuses it', async () => {
    const { mine } = await settleMonth();
    const first = await pay(w.a.residentClient, mine.id);
    assert.equal(first.status, 201, first.text);
    const { paymentId, url } = checkoutSchema.parse(first.body);
    assert.ok(url.endsWith(`/pago-simulado/${paymentId}`), url);

    const again = await pay(w.a.residentClient, mine.id);
    assert.equal(again.status, 201, again.text);
    assert.deepEqual(again.body, { paymentId, url });
    const together = await Promise.all(Array.from({ length: 5 }, () => pay(w.a.residentClient, mine.id)));
    assert.deepEqual(
      together.map((r) => [r.status, r.body.paymentId]),
      Array.from({ length: 5 }, () => [201, paymentId]),
    );

    const rows = await rowsOf(mine.id);
    assert.equal(rows.length, 1, 'one checkout, reused');
    assert.equal(rows[0]!.amountCents, Math.round(mine.amount * 100), 'the amount is the expense’s');
    const list = await history(w.a.residentClient, mine.id);
    assert.equal(list.status, 200, list.text);
    assert.equal(list.body.total, 1);
    const p = paymentSchema.parse(list.body.items[0]);
    assert.deepEqual(
      { id: p.id, expenseId: p.expenseId, provider: p.provider, status: p.status, amount: p.amount, recordedBy: p.recordedBy },
      { id: paymentId, expenseId: mine.id, provider: 'sandbox', status: 'pending', amount: mine.amount, recordedBy: null },
    );
    assert.equal(p.providerPaymentId, null, 'nobody paid yet');

    // An open checkout nobody paid yet does not cover the expense, nor hide Pagar.
    const still = await reload(mine);
    assert.equal(still.status, 'Adeudada');
    assert.equal(still.payment, null);
    assert.equal(still.paymentInProcess, false);
  });

  test('who may press Pagar: only that apartment’s resident; a neighbour or another tenant 404, administrators 403, no session 401', async () => {
    const { mine, neighbours } = await settleMonth();
    assertError(await pay(neighbour.client, mine.id), 404, 'NOT_FOUND');
    assertError(await pay(w.a.residentClient, neighbours.id), 404, 'NOT_FOUND');
    assertError(await pay(w.b.residentClient, mine.id), 404, 'NOT_FOUND');
    assertError(await pay(w.a.adminClient, mine.id), 403, 'FORBIDDEN');
    assertError(await pay(w.b.adminClient, mine.id), 403, 'FORBIDDEN');
    assertError(await pay(t.client(), mine.id), 401, 'UNAUTHENTICATED');
    for (const id of ['999999', '2147483647', '2147483648', '99999999999999999999', '0', '-1', 'abc'])
      assertError(await pay(w.a.residentClient, id), 404, 'NOT_FOUND');
    assert.equal((await rowsOf(mine.id)).length, 0, 'no checkout was opened');
    assert.equal((await rowsOf(neighbours.id)).length, 0);
  });

  test('the sandbox page: the expense, its amount, building, depto and the way back; only for its payer', async () => {
    const { mine } = await settleMonth();
    const { paymentId } = await checkout(mine);
    const res = await w.a.residentClient.get(`/api/payment/sandbox/${paymentId}`);
    assert.equal(res.status, 200, res.text);
    const page = sandboxCheckoutSchema.parse(res.body);
    assert.deepEqual(
      { ...page, returnUrl: undefined },
      {
        paymentId,
        expenseId: mine.id,
        status: 'pending',
        amount: mine.amount,
        month: mine.month,
        year: mine.year,
        building: { id: w.a.building.id, name: 'Edificio A' },
        apartment: { id: w.a.apartment.id, number_apartment: '1A' },
        returnUrl: undefined,
      },
    );
    assert.ok(page.returnUrl.includes(`?expensa=${mine.id}&pago=${paymentId}`), page.returnUrl);
    assert.ok(page.returnUrl.endsWith(paymentReturnPath('1A', 'Edificio A', mine.id, paymentId)), page.returnUrl);

    assertError(await neighbour.client.get(`/api/payment/sandbox/${paymentId}`), 404, 'NOT_FOUND');
    assertError(await w.b.residentClient.get(`/api/payment/sandbox/${paymentId}`), 404, 'NOT_FOUND');
    assertError(await t.client().get(`/api/payment/sandbox/${paymentId}`), 401, 'UNAUTHENTICATED');
    assertError(await w.a.residentClient.get('/api/payment/sandbox/999999'), 404, 'NOT_FOUND');

    // Nobody else decides for the payer; an unknown decision names nothing.
    assertError(await decide(neighbour.client, paymentId, 'approve'), 404, 'NOT_FOUND');
    assertError(await decide(w.b.residentClient, paymentId, 'approve'), 404, 'NOT_FOUND');
    assertError(await decide(t.client(), paymentId, 'approve'), 401, 'UNAUTHENTICATED');
    assertError(await decide(w.a.residentClient, 999999, 'approve'), 404, 'NOT_FOUND');
    const odd = await decide(w.a.residentClient, paymentId, 'maybe');
    assert.ok(odd.status === 400 || odd.status === 404, `${odd.status} ${odd.text}`);
    assert.equal((await w.a.residentClient.get(`/api/payment/sandbox/${paymentId}`)).body.status, 'pending');
    assert.equal((await reload(mine)).status, 'Adeudada');
  });

  test('Aprobar: the expense is Pagada, covered by the sandbox payment; approving again or a new Pagar is 409', async () => {
    const { mine } = await settleMonth();
    const { paymentId } = await checkout(mine);
    const approved = await decide(w.a.residentClient, paymentId, 'approve');
    assert.equal(approved.status, 200, approved.text);
    assert.equal(sandboxCheckoutSchema.parse(approved.body).status, 'approved');

    const own = await w.a.residentClient.get(`/api/expenses/${w.a.apartment.id}?pageSize=500`);
    const paid = expenseSchema.parse(own.body.items.find((e: Expense) => e.id === mine.id));
    assert.equal(paid.status, 'Pagada');
    assert.equal(paid.paymentInProcess, false);
    assert.ok(paid.payment && !Number.isNaN(Date.parse(paid.payment.paidAt)), JSON.stringify(paid.payment));
    assert.deepEqual({ ...paid.payment, paidAt: undefined }, { paymentId, provider: 'sandbox', recordedBy: null, paidAt: undefined });

    const table = await w.a.adminClient.get(`/api/expenses/allByApartments?buildingId=${w.a.building.id}`);
    assert.equal(table.status, 200, table.text);
    const row = table.body.items.find((a: { id: number }) => a.id === w.a.apartment.id);
    const inTable = expenseSchema.parse(row.expenses.find((e: Expense) => e.id === mine.id));
    assert.deepEqual(inTable.payment, paid.payment);
    assert.equal(inTable.status, 'Pagada');

    assertError(await decide(w.a.residentClient, paymentId, 'approve'), 409, 'CONFLICT', PAYMENT_MSG.alreadyDecided);
    assertError(await decide(w.a.residentClient, paymentId, 'reject'), 409, 'CONFLICT', PAYMENT_MSG.alreadyDecided);
    assertError(await pay(w.a.residentClient, mine.id), 409, 'CONFLICT', PAYMENT_MSG.alreadyPaid);

    const list = await history(w.a.residentClient, mine.id);
    assert.equal(list.body.total, 1);
    const p = paymentSchema.parse(list.body.items[0]);
    assert.equal(p.status, 'approved');
    assert.ok(p.providerPaymentId, 'the sandbox’s payment id is kept');
    assert.equal((await w.a.residentClient.get(`/api/payment/sandbox/${paymentId}`)).body.status, 'approved');
    const events = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
    assert.equal(events.filter((e) => e.status === 'approved').length, 1, 'its history records the approval once');
    assert.equal(await assertCovered(mine.id), 'Pagada');
  });

  test('twenty approvals at once: exactly one 200, the rest 409, one approved payment', async () => {
    const { mine } = await settleMonth();
    const { paymentId } = await checkout(mine);
    const results = await Promise.all(Array.from({ length: 20 }, () => decide(w.a.residentClient, paymentId, 'approve')));
    assert.deepEqual(
      results.map((r) => r.status).sort(),
      [200, ...Array.from({ length: 19 }, () => 409)],
      results.map((r) => `${r.status} ${r.text}`).join('\n'),
    );
    for (const r of results.filter((x) => x.status === 409)) assertError(r, 409, 'CONFLICT', PAYMENT_MSG.alreadyDecided);
    const rows = await rowsOf(mine.id);
    assert.equal(rows.filter((p) => p.status === 'approved').length, 1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, paymentId), eq(paymentEvents.status, 'approved')));
    assert.equal(events.length, 1);
    assert.equal(await assertCovered(mine.id), 'Pagada');
  });

  test('Rechazar: the payment is rejected, the expense stays Adeudada, and Pagar opens a new checkout', async () => {
    const { mine } = await settleMonth();
    const first = await checkout(mine);
    const rejected = await decide(w.a.residentClient, first.paymentId, 'reject');
    assert.equal(rejected.status, 200, rejected.text);
    assert.equal(rejected.body.status, 'rejected');
    const after = await reload(mine);
    assert.equal(after.status, 'Adeudada');
    assert.equal(after.payment, null);
    assert.equal(after.paymentInProcess, false);
    assertError(await decide(w.a.residentClient, first.paymentId, 'approve'), 409, 'CONFLICT', PAYMENT_MSG.alreadyDecided);

    const second = await checkout(mine);
    assert.notEqual(second.paymentId, first.paymentId);
    assert.ok(second.url.endsWith(`/pago-simulado/${second.paymentId}`));
    const list = await history(w.a.residentClient, mine.id);
    assert.deepEqual(
      list.body.items.map((p: Payment) => [p.id, p.status]),
      [
        [second.paymentId, 'pending'],
        [first.paymentId, 'rejected'],
      ],
    );
    assert.equal(await assertCovered(mine.id), 'Adeudada');
  });

  test('an expense’s payments: newest first, to its resident and the building’s administrators only', async () => {
    const { mine, neighbours } = await settleMonth();
    const rejected = await checkout(mine);
    assert.equal((await decide(w.a.residentClient, rejected.paymentId, 'reject')).status, 200);
    const approved = await paidOnline(mine);

    for (const client of [w.a.residentClient, w.a.adminClient]) {
      const res = await history(client, mine.id);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.total, 2);
      const items = res.body.items.map((p: unknown) => paymentSchema.parse(p));
      assert.deepEqual(
        items.map((p: Payment) => [p.id, p.status, p.provider, p.expenseId, p.amount]),
        [
          [approved, 'approved', 'sandbox', mine.id, mine.amount],
          [rejected.paymentId, 'rejected', 'sandbox', mine.id, mine.amount],
        ],
      );
      assert.ok(Date.parse(items[0].createdAt) >= Date.parse(items[1].createdAt));
    }
    assertError(await history(neighbour.client, mine.id), 404, 'NOT_FOUND');
    assertError(await history(w.a.residentClient, neighbours.id), 404, 'NOT_FOUND');
    assertError(await history(w.b.adminClient, mine.id), 404, 'NOT_FOUND');
    assertError(await history(w.b.residentClient, mine.id), 404, 'NOT_FOUND');
    assertError(await history(t.client(), mine.id), 401, 'UNAUTHENTICATED');
    assertError(await history(w.a.adminClient, 999999), 404, 'NOT_FOUND');
    // An expense nobody tried to pay: an empty history.
    assert.deepEqual((await history(w.a.adminClient, neighbours.id)).body, { items: [], total: 0 });
  });

  test('the receipt of an approved payment; none for a pending or rejected one; out of reach 404', async () => {
    const { mine } = await settleMonth();
    const rejected = await checkout(mine);
    assert.equal((await decide(w.a.residentClient, rejected.paymentId, 'reject')).status, 200);
    assertError(await w.a.residentClient.get(`/api/payment/${rejected.paymentId}/receipt`), 409, 'CONFLICT', PAYMENT_MSG.notApproved);
    const pending = await checkout(mine);
    assertError(await w.a.residentClient.get(`/api/payment/${pending.paymentId}/receipt`), 409, 'CONFLICT', PAYMENT_MSG.notApproved);
    assert.equal((await decide(w.a.residentClient, pending.paymentId, 'approve')).status, 200);

    const res = await w.a.residentClient.get(`/api/payment/${pending.paymentId}/receipt`);
    assert.equal(res.status, 200, res.text);
    const r = receiptSchema.parse(res.body);
    assert.equal(r.paymentId, pending.paymentId);
    assert.equal(r.expenseId, mine.id);
    assert.deepEqual(r.building, {
      id: w.a.building.id,
      name: 'Edificio A',
      address: w.a.building.address,
      cata: w.a.building.cata,
    });
    assert.deepEqual(r.apartment, { id: w.a.apartment.id, number_apartment: '1A', cata_apartment: w.a.apartment.cataApartment });
    assert.equal(r.month, mine.month);
    assert.equal(r.year, mine.year);
    assert.equal(r.amount, mine.amount);
    assert.ok(!Number.isNaN(Date.parse(r.paidAt)), r.paidAt);
    assert.equal(r.provider, 'sandbox');
    assert.ok(r.providerPaymentId);
    assert.deepEqual(r.payer, { id: w.a.resident.id, name: 'Vecino A' });
    assert.equal(r.recordedBy, null);
    assert.ok(r.number.trim().length > 0);

    const asAdmin = await w.a.adminClient.get(`/api/payment/${pending.paymentId}/receipt`);
    assert.equal(asAdmin.status, 200, asAdmin.text);
    assert.deepEqual(asAdmin.body, res.body);
    for (const client of [neighbour.client, w.b.adminClient, w.b.residentClient])
      assertError(await client.get(`/api/payment/${pending.paymentId}/receipt`), 404, 'NOT_FOUND');
    assertError(await t.client().get(`/api/payment/${pending.paymentId}/receipt`), 401, 'UNAUTHENTICATED');
    assertError(await w.a.adminClient.get('/api/payment/999999/receipt'), 404, 'NOT_FOUND');
  });

  test('the administrator’s toggle records a manual payment with who did it, and voids it going back', async () => {
    const { mine } = await settleMonth();
    const paid = await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`);
    assert.equal(paid.status, 200, paid.text);
    const asPaid = expenseSchema.parse(paid.body);
    assert.equal(asPaid.status, 'Pagada');
    assert.equal(asPaid.payment?.provider, 'manual');
    assert.deepEqual(asPaid.payment?.recordedBy, { id: w.a.admin.id, name: 'Admin A' });

    for (const client of [w.a.adminClient, w.a.residentClient]) {
      const list = await history(client, mine.id);
      assert.equal(list.body.total, 1);
      const p = paymentSchema.parse(list.body.items[0]);
      assert.deepEqual(
        [p.id, p.provider, p.status, p.amount, p.recordedBy],
        [asPaid.payment!.paymentId, 'manual', 'approved', mine.amount, { id: w.a.admin.id, name: 'Admin A' }],
      );
    }
    const receipt = await w.a.residentClient.get(`/api/payment/${asPaid.payment!.paymentId}/receipt`);
    assert.equal(receipt.status, 200, receipt.text);
    assert.equal(receipt.body.provider, 'manual');
    assert.deepEqual(receipt.body.recordedBy, { id: w.a.admin.id, name: 'Admin A' });
    assert.equal(receipt.body.payer, null);
    assertError(await pay(w.a.residentClient, mine.id), 409, 'CONFLICT', PAYMENT_MSG.alreadyPaid);

    const back = await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`);
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.status, 'Adeudada');
    assert.equal(back.body.payment, null);
    const voided = await history(w.a.adminClient, mine.id);
    assert.deepEqual(
      voided.body.items.map((p: Payment) => [p.id, p.status]),
      [[asPaid.payment!.paymentId, 'cancelled']],
    );
    assertError(await w.a.adminClient.get(`/api/payment/${asPaid.payment!.paymentId}/receipt`), 409, 'CONFLICT', PAYMENT_MSG.notApproved);

    // Marked paid again: a new manual payment; the voided one stays in the history.
    const again = await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`);
    assert.equal(again.body.status, 'Pagada');
    assert.notEqual(again.body.payment.paymentId, asPaid.payment!.paymentId);
    assert.equal((await history(w.a.adminClient, mine.id)).body.total, 2);
    assert.equal(await assertCovered(mine.id), 'Pagada');
    // And the resident may pay online once the administrator voids it.
    assert.equal((await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`)).body.status, 'Adeudada');
    await paidOnline(mine);
    assert.equal(await assertCovered(mine.id), 'Pagada');
  });

  test('an expense paid online cannot be toggled by hand: 409, nothing changes', async () => {
    const { mine } = await settleMonth();
    const paymentId = await paidOnline(mine);
    const before = await reload(mine);
    const rowsBefore = await rowsOf(mine.id);
    assertError(await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`), 409, 'CONFLICT', PAYMENT_MSG.onlinePaymentToggle);
    const after = await reload(mine);
    assert.deepEqual(after, before);
    assert.equal(after.payment?.paymentId, paymentId);
    assert.deepEqual(await rowsOf(mine.id), rowsBefore);
    // Another tenant's administrator cannot even see it.
    assertError(await w.b.adminClient.put(`/api/expenses/changeStatus/${mine.id}`), 404, 'NOT_FOUND');
  });

  test('toggles at once each flip once and never leave two approved payments', async () => {
    const { mine } = await settleMonth();
    const six = await Promise.all(Array.from({ length: 6 }, () => w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`)));
    assert.deepEqual(
      six.map((r) => r.status),
      [200, 200, 200, 200, 200, 200],
      six.map((r) => r.text).join('\n'),
    );
    assert.deepEqual(six.map((r) => r.body.status).sort(), ['Adeudada', 'Adeudada', 'Adeudada', 'Pagada', 'Pagada', 'Pagada']);
    assert.equal(await assertCovered(mine.id), 'Adeudada');
    const rows = await rowsOf(mine.id);
    assert.equal(rows.length, 3, 'three manual payments, each voided');
    assert.ok(rows.every((p) => p.provider === 'manual' && p.status === 'cancelled'));

    const five = await Promise.all(Array.from({ length: 5 }, () => w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`)));
    assert.ok(five.every((r) => r.status === 200));
    assert.equal(await assertCovered(mine.id), 'Pagada');
  });

  test('a checkout left open while the administrator records the payment by hand never makes a second approved payment', async () => {
    const { mine } = await settleMonth();
    const { paymentId } = await checkout(mine);
    const manual = await w.a.adminClient.put(`/api/expenses/changeStatus/${mine.id}`);
    assert.ok(manual.status < 500, manual.text);
    const approve = await decide(w.a.residentClient, paymentId, 'approve');
    assert.ok(approve.status < 500, approve.text);
    assert.equal(await assertCovered(mine.id), 'Pagada');
    // Both racing, on a fresh expense.
    const other = (await settleMonth()).mine;
    const open = await checkout(other);
    const raced = await Promise.all([
      w.a.adminClient.put(`/api/expenses/changeStatus/${other.id}`),
      decide(w.a.residentClient, open.paymentId, 'approve'),
    ]);
    for (const r of raced) assert.ok(r.status < 500, `${r.status} ${r.text}`);
    assert.equal(await assertCovered(other.id), 'Pagada');
  });

  test('the MercadoPago webhook does not exist in sandbox mode', async () => {
    const res = await t.client().request(
      'POST',
      '/api/payment/webhook?data.id=123&type=payment',
      { action: 'payment.updated', type: 'payment', data: { id: '123' } },
      {
        'x-signature': 'ts=1700000000,v1=00',
        'x-request-id': 'abc',
      },
    );
    assertError(res, 404, 'NOT_FOUND');
  });

  test('after all of it: every Pagada expense has exactly one approved payment, and every approved payment covers a Pagada expense', async () => {
    const all = await t.database.db.select().from(expenses).where(eq(expenses.buildingId, w.a.building.id));
    assert.ok(all.length >= 20);
    for (const e of all) await assertCovered(e.id);
    const approved = await t.database.db.select().from(payments).where(eq(payments.status, 'approved'));
    for (const p of approved) assert.equal(all.find((e) => e.id === p.expenseId)?.status ?? 'Pagada', 'Pagada');
  });
});
