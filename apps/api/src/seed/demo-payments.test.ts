import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import { receiptSchema, type Expense, type Payment } from '@consorcio/domain';
import type { TestServer } from '../test/harness.ts';
import { startDemoServer } from '../test/fixtures.ts';
import { apartments, expenses, paymentEvents, payments, sandboxPayments, users } from '../db/schema.ts';
import { DEMO_ADMIN, DEMO_RESIDENT_PASSWORD } from './demo.ts';

const NOW = new Date('2026-03-10T15:00:00Z');

describe('demo data: payments', () => {
  let t: TestServer;
  before(async () => {
    t = await startDemoServer(NOW);
  });
  after(async () => {
    await t.close();
  });

  test('every Pagada expense has exactly one approved payment, and every approved payment covers a Pagada expense', async () => {
    const { db } = t.database;
    const all = await db.select().from(expenses);
    const rows = await db.select().from(payments);
    const events = await db.select().from(paymentEvents);
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
    assert.ok(all.some((e) => e.status === 'Pagada') && all.some((e) => e.status === 'Adeudada'));
    for (const e of all) {
      const approved = rows.filter((p) => p.expenseId === e.id && p.status === 'approved');
      assert.equal(approved.length, e.status === 'Pagada' ? 1 : 0, `expense ${e.id} (${e.status}): ${approved.length} approved`);
    }
    for (const p of rows) {
      const e = all.find((x) => x.id === p.expenseId)!;
      assert.equal(p.buildingId, e.buildingId);
      assert.equal(p.amountCents, e.amountCents);
      assert.ok(p.createdAt <= NOW && (p.approvedAt ?? p.createdAt) <= NOW, `payment ${p.id} is not in the future`);
      const mine = events.filter((ev) => ev.paymentId === p.id);
      assert.ok(mine.length >= 1, `payment ${p.id} has its history`);
      assert.equal(mine.at(-1)!.status, p.status, `payment ${p.id}: its last event is its status`);
      if (p.provider === 'manual') {
        assert.equal(p.recordedBy, admin!.id);
        assert.equal(p.status, 'approved');
      } else {
        assert.equal(p.provider, 'sandbox');
        const [taken] = await db
          .select()
          .from(sandboxPayments)
          .where(eq(sandboxPayments.id, Number(p.providerPaymentId)));
        assert.ok(taken, `payment ${p.id}: the sandbox has its payment`);
        assert.equal(taken.externalReference, `expensa-${p.expenseId}-pago-${p.id}`);
        assert.equal(taken.amountCents, p.amountCents);
        assert.equal(taken.status, p.status);
      }
    }
  });

  test('Ana has a receipt of a payment through the sandbox and months left to pay; Bruno’s history has a refund', async () => {
    const { db } = t.database;
    const ana = t.client();
    await ana.login('ana.gomez@demo.com.ar', DEMO_RESIDENT_PASSWORD);
    const [anaRow] = await db
      .select({ id: users.id, apartmentId: users.apartmentId, number: apartments.numberApartment })
      .from(users)
      .innerJoin(apartments, eq(users.apartmentId, apartments.id))
      .where(eq(users.email, 'ana.gomez@demo.com.ar'));
    const own = await ana.get(`/api/expenses/${anaRow!.apartmentId}?pageSize=500`);
    assert.equal(own.status, 200, own.text);
    const list = own.body.items as Expense[];
    const online = list.filter((e) => e.payment?.provider === 'sandbox');
    assert.equal(online.length, 1, 'one month paid through the sandbox');
    const receipt = await ana.get(`/api/payment/${online[0]!.payment!.paymentId}/receipt`);
    assert.equal(receipt.status, 200, receipt.text);
    const r = receiptSchema.parse(receipt.body);
    assert.equal(r.provider, 'sandbox');
    assert.equal(r.building.name, 'Torre Cañada');
    assert.equal(r.apartment.number_apartment, anaRow!.number);
    assert.deepEqual(r.payer, { id: anaRow!.id, name: 'Ana Gómez' });
    assert.ok(r.providerPaymentId);
    const toPay = list.filter((e) => e.status === 'Adeudada' && !e.paymentInProcess);
    assert.ok(toPay.length >= 2, `Ana has ${toPay.length} months to pay`);
    const pay = await ana.post(`/api/payment/expense/${toPay[0]!.id}`);
    assert.equal(pay.status, 201, pay.text);

    const admin = t.client();
    await admin.login(DEMO_ADMIN.email, DEMO_ADMIN.password);
    const manual = list.find((e) => e.payment?.provider === 'manual');
    assert.ok(manual, 'Ana’s other paid months were recorded by the administrator');
    assert.equal(manual.payment!.recordedBy?.name, 'Marta Fernández');

    const [bruno] = await db.select().from(users).where(eq(users.email, 'bruno.diaz@demo.com.ar'));
    const brunos = (await admin.get(`/api/expenses/${bruno!.apartmentId}?pageSize=500`)).body.items as Expense[];
    const histories = await Promise.all(brunos.map((e) => admin.get(`/api/payment/expense/${e.id}`)));
    const refunded = histories.flatMap((h, i) =>
      (h.body.items as Payment[]).filter((p) => p.status === 'refunded').map((p) => ({ p, e: brunos[i]! })),
    );
    assert.equal(refunded.length, 1, 'one refunded payment in Bruno’s history');
    assert.equal(refunded[0]!.e.status, 'Adeudada', 'a refund reopens the month');
    assert.equal(refunded[0]!.p.provider, 'sandbox');
  });
});
