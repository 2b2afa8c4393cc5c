import { and, asc, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, buildings, expenses, paymentEvents, payments, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

export type PaymentRow = typeof payments.$inferSelect;

/** A resident reaches only their own apartment's expenses; an administrator, their buildings'. */
function expenseReach(db: DbOrTx, p: Principal) {
  return and(
    inVisibleBuildings(db, p, expenses.buildingId),
    p.role === 'resident' ? eq(expenses.apartmentId, p.apartmentId ?? -1) : undefined,
  );
}

const expenseWithPlace = {
  id: expenses.id,
  apartmentId: expenses.apartmentId,
  buildingId: expenses.buildingId,
  year: expenses.year,
  month: expenses.month,
  amountCents: expenses.amountCents,
  status: expenses.status,
  numberApartment: apartments.numberApartment,
  cataApartment: apartments.cataApartment,
  buildingName: buildings.name,
  buildingAddress: buildings.address,
  buildingCata: buildings.cata,
};
export type ExpenseWithPlace = NonNullable<Awaited<ReturnType<typeof findExpense>>>;

/**
 * The expense with its apartment and building, when the caller may reach it (null principal: the
 * provider's notification path, which has no caller). `lock` takes its row lock: every change of an
 * expense's payments runs under it, so a notification, a re-check and a toggle never interleave.
 */
export async function findExpense(db: DbOrTx, p: Principal | null, expenseId: number, lock = false) {
  const q = db
    .select(expenseWithPlace)
    .from(expenses)
    .innerJoin(apartments, eq(apartments.id, expenses.apartmentId))
    .innerJoin(buildings, eq(buildings.id, expenses.buildingId))
    .where(and(eq(expenses.id, expenseId), p ? expenseReach(db, p) : undefined));
  const [row] = lock ? await q.for('update', { of: expenses }) : await q;
  return row;
}

export async function lockPayment(tx: DbOrTx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function findPaymentRow(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The expense's open checkout or payment in process, if any (one at most: a partial unique index). */
export async function pendingPaymentOf(tx: DbOrTx, expenseId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.expenseId, expenseId), eq(payments.status, 'pending')));
  return row;
}

export async function approvedPaymentOf(tx: DbOrTx, expenseId: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.expenseId, expenseId), eq(payments.status, 'approved')));
  return row;
}

export async function insertPayment(tx: DbOrTx, v: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(v).returning();
  return row!;
}

export async function updatePayment(tx: DbOrTx, id: number, v: Partial<typeof payments.$inferInsert>): Promise<void> {
  await tx.update(payments).set(v).where(eq(payments.id, id));
}

export async function insertEvent(
  tx: DbOrTx,
  v: { paymentId: number; status: PaymentStatus; source: string; actorId?: number | null; providerPaymentId?: string | null; at: Date },
): Promise<void> {
  await tx.insert(paymentEvents).values({
    paymentId: v.paymentId,
    status: v.status,
    source: v.source,
    actorId: v.actorId ?? null,
    providerPaymentId: v.providerPaymentId ?? null,
    createdAt: v.at,
  });
}

/** Pagada exactly while an approved payment covers it: recomputed inside every payment change. */
export async function syncExpenseStatus(tx: DbOrTx, expenseId: number): Promise<void> {
  await tx
    .update(expenses)
    .set({
      status: sql`case when exists (select 1 from ${payments} where ${payments.expenseId} = ${expenses.id} and ${payments.status} = 'approved')
        then 'Pagada'::expense_status else 'Adeudada'::expense_status end`,
    })
    .where(eq(expenses.id, expenseId));
}

const recorder = alias(users, 'recorder');

const paymentView = {
  id: payments.id,
  expenseId: payments.expenseId,
  provider: payments.provider,
  providerPaymentId: payments.providerPaymentId,
  status: payments.status,
  amountCents: payments.amountCents,
  createdAt: payments.createdAt,
  updatedAt: payments.updatedAt,
  recordedById: payments.recordedBy,
  recordedByName: recorder.name,
};

const newestFirst: Order = [
  [payments.createdAt, 'desc'],
  [payments.id, 'desc'],
];

export async function listExpensePayments(db: DbOrTx, expenseId: number, page: number, pageSize: number) {
  const where = eq(payments.expenseId, expenseId);
  return pageOf(
    { page, pageSize },
    async () => (await db.select({ n: count() }).from(payments).where(where))[0]?.n ?? 0,
    (w) =>
      db
        .select(paymentView)
        .from(payments)
        .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
        .where(where)
        .orderBy(...orderBy(newestFirst, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

const payer = alias(users, 'payer');

/** A payment with everything its receipt prints, when the caller may reach its expense. */
export async function findReceipt(db: DbOrTx, p: Principal, paymentId: number) {
  const [row] = await db
    .select({
      ...expenseWithPlace,
      paymentId: payments.id,
      paymentStatus: payments.status,
      paymentAmountCents: payments.amountCents,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      approvedAt: payments.approvedAt,
      updatedAt: payments.updatedAt,
      payerId: payer.id,
      payerName: payer.name,
      recordedById: recorder.id,
      recordedByName: recorder.name,
    })
    .from(payments)
    .innerJoin(expenses, eq(expenses.id, payments.expenseId))
    .innerJoin(apartments, eq(apartments.id, expenses.apartmentId))
    .innerJoin(buildings, eq(buildings.id, expenses.buildingId))
    .leftJoin(payer, eq(payer.id, payments.userId))
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(and(eq(payments.id, paymentId), expenseReach(db, p)));
  return row;
}

/** Checkouts the provider may still settle, oldest check first: the re-check job's batch. */
export async function pendingToRecheck(db: DbOrTx, provider: string, checkedBefore: Date, limit: number) {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, 'pending'),
        eq(payments.provider, provider),
        isNotNull(payments.providerRef),
        or(isNull(payments.checkedAt), lt(payments.checkedAt, checkedBefore)),
      ),
    )
    .orderBy(sql`${payments.checkedAt} asc nulls first`, asc(payments.id))
    .limit(limit);
}

/**
 * How each expense is covered, for the expense lists: the approved payment (with who recorded it)
 * and whether the provider has one in process. One query for the whole page of expenses.
 */
export async function paymentStateOf(db: DbOrTx, expenseIds: number[]) {
  if (expenseIds.length === 0) return new Map<number, PaymentState>();
  const ids = `{${expenseIds.map((id) => Math.trunc(id)).join(',')}}`;
  const rows = await db
    .select({
      expenseId: payments.expenseId,
      id: payments.id,
      status: payments.status,
      provider: payments.provider,
      providerPaymentId: payments.providerPaymentId,
      approvedAt: payments.approvedAt,
      updatedAt: payments.updatedAt,
      recordedById: payments.recordedBy,
      recordedByName: recorder.name,
    })
    .from(payments)
    .leftJoin(recorder, eq(recorder.id, payments.recordedBy))
    .where(
      and(
        sql`${payments.expenseId} = any(${ids}::int[])`,
        or(eq(payments.status, 'approved'), and(eq(payments.status, 'pending'), isNotNull(payments.providerPaymentId))),
      ),
    );
  const map = new Map<number, PaymentState>();
  for (const r of rows) {
    const s = map.get(r.expenseId) ?? { approved: null, inProcess: false };
    if (r.status === 'approved') s.approved = r;
    else s.inProcess = true;
    map.set(r.expenseId, s);
  }
  return map;
}

export interface PaymentState {
  approved: {
    id: number;
    provider: string;
    approvedAt: Date | null;
    updatedAt: Date;
    recordedById: number | null;
    recordedByName: string | null;
  } | null;
  inProcess: boolean;
}

export type PaymentView = Awaited<ReturnType<typeof listExpensePayments>>['items'][number];
