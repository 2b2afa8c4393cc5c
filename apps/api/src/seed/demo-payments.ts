import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { expenses, paymentEvents, payments, sandboxPayments, users } from '../db/schema.ts';
import { externalReference } from '../modules/payments/providers/provider.ts';
import type { DemoWorld } from './demo.ts';

const DAY_MS = 24 * 3600_000;
const ANA = 'ana.gomez@demo.com.ar';
const BRUNO = 'bruno.diaz@demo.com.ar';

type ExpenseRow = typeof expenses.$inferSelect;

/**
 * When the demo's expense of (year, month) was paid: some days into the next month, at a believable
 * hour, never after the seeding moment.
 */
function paidAt(e: ExpenseRow, now: Date): Date {
  const at = Date.UTC(e.year, e.month + 1, 3 + (e.id % 17), 13 + (e.id % 8), (e.id * 7) % 60);
  return new Date(Math.min(at, now.getTime() - DAY_MS));
}

/**
 * Demo data: payments. Every Pagada expense demo-money wrote is covered by an approved payment,
 * as the app keeps it (API.md §Payments): the administrator's manual ones, except in Torre Cañada,
 * where Ana paid her latest paid month through the payment sandbox and Bruno's history has an
 * online payment that was refunded (its month back to Adeudada). Runs inside the demo's transaction.
 */
export async function seedDemoPayments(db: Db, world: DemoWorld, now: Date): Promise<void> {
  const buildingIds = world.buildings.map((b) => b.id);
  if (!buildingIds.length) return;
  const all = await db
    .select()
    .from(expenses)
    .where(inArray(expenses.buildingId, buildingIds))
    .orderBy(asc(expenses.year), asc(expenses.month), asc(expenses.id));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [ANA, BRUNO]));
  const idOf = (email: string) => people.find((p) => p.email === email)?.id;
  const torre = world.buildings.find((b) => b.name === 'Torre Cañada');
  const apartmentOf = (residentId: number | undefined) =>
    torre?.apartments.find((a) => residentId !== undefined && a.residentId === residentId);
  const ana = idOf(ANA);
  const bruno = idOf(BRUNO);
  const anaApartment = apartmentOf(ana);
  const brunoApartment = apartmentOf(bruno);

  // Ana's latest paid month was paid online; her unpaid months stay to pay.
  const anaPaid = anaApartment && all.filter((e) => e.apartmentId === anaApartment.id && e.status === 'Pagada').at(-1);
  // Bruno's oldest unpaid month: he paid it online and the payment was refunded.
  const brunoRefunded = brunoApartment && all.find((e) => e.apartmentId === brunoApartment.id && e.status === 'Adeudada');

  const manual = all.filter((e) => e.status === 'Pagada' && e.id !== anaPaid?.id);
  if (manual.length) {
    const rows = await db
      .insert(payments)
      .values(
        manual.map((e) => {
          const at = paidAt(e, now);
          return {
            buildingId: e.buildingId,
            expenseId: e.id,
            provider: 'manual',
            status: 'approved' as const,
            amountCents: e.amountCents,
            recordedBy: world.admin.id,
            approvedAt: at,
            createdAt: at,
            updatedAt: at,
          };
        }),
      )
      .returning({ id: payments.id, at: payments.approvedAt });
    await db
      .insert(paymentEvents)
      .values(
        rows.map((r) => ({ paymentId: r.id, status: 'approved' as const, source: 'manual', actorId: world.admin.id, createdAt: r.at! })),
      );
  }

  if (anaPaid && ana !== undefined) await onlinePayment(db, anaPaid, ana, paidAt(anaPaid, now), 'approved');
  if (brunoRefunded && bruno !== undefined) {
    const at = paidAt(brunoRefunded, now);
    const refundedAt = new Date(Math.min(at.getTime() + 6 * DAY_MS, now.getTime() - 3600_000));
    await onlinePayment(db, brunoRefunded, bruno, at, 'refunded', refundedAt);
  }
}

/**
 * A payment through the sandbox, as the app records one: the checkout (pending), the sandbox's own
 * payment, and the approval (and, for a refund, the refund) in its history.
 */
async function onlinePayment(
  db: Db,
  e: ExpenseRow,
  payerId: number,
  approvedAt: Date,
  status: 'approved' | 'refunded',
  refundedAt?: Date,
): Promise<void> {
  const openedAt = new Date(approvedAt.getTime() - 4 * 60_000);
  const updatedAt = refundedAt ?? approvedAt;
  const [payment] = await db
    .insert(payments)
    .values({
      buildingId: e.buildingId,
      expenseId: e.id,
      userId: payerId,
      provider: 'sandbox',
      status,
      amountCents: e.amountCents,
      approvedAt,
      createdAt: openedAt,
      updatedAt,
    })
    .returning({ id: payments.id });
  const checkoutId = `sandbox-checkout-${payment!.id}`;
  const [taken] = await db
    .insert(sandboxPayments)
    .values({
      checkoutId,
      externalReference: externalReference(e.id, payment!.id),
      amountCents: e.amountCents,
      status,
      createdAt: approvedAt,
      updatedAt,
    })
    .returning({ id: sandboxPayments.id });
  const providerPaymentId = String(taken!.id);
  await db
    .update(payments)
    .set({ providerRef: checkoutId, providerPaymentId, url: `/pago-simulado/${payment!.id}` })
    .where(eq(payments.id, payment!.id));
  await db
    .insert(paymentEvents)
    .values([
      { paymentId: payment!.id, status: 'pending' as const, source: 'checkout', actorId: payerId, createdAt: openedAt },
      { paymentId: payment!.id, status: 'approved' as const, source: 'sandbox', providerPaymentId, createdAt: approvedAt },
      ...(refundedAt
        ? [{ paymentId: payment!.id, status: 'refunded' as const, source: 'sandbox', providerPaymentId, createdAt: refundedAt }]
        : []),
    ]);
}
