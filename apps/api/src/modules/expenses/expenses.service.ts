import {
  centsToPesos,
  EXPENSE_MSG,
  isFutureMonth,
  monthKey,
  prorateByArea,
  totalsByConcept,
  type ApartmentExpenses,
  type Expense,
  type ListResult,
  type SettledMonth,
  type SettlementResult,
  type SettlementStatement,
} from '@consorcio/domain';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { expenses } from '../../db/schema.ts';
import { AppError, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import {
  findVisibleApartment,
  findVisibleSettlement,
  insertExpenses,
  insertSettlement,
  listApartmentExpenses,
  listApartmentsWithExpenses,
  listSettledMonths,
  liveApartmentAreas,
  monthSpendingTotalCents,
  setSettlementTotal,
  settlementDetail,
  findVisibleExpense,
} from './expenses.repository.ts';
import { lockBuildingMonths } from './month-lock.ts';
import { paymentStateOf, type PaymentState } from '../payments/payments.repository.ts';
import { presentExpensePayment, toggleManualPayment } from '../payments/payments.service.ts';

export function presentExpense(e: typeof expenses.$inferSelect, payment?: PaymentState): Expense {
  return {
    id: e.id,
    apartmentId: e.apartmentId,
    month: monthKey(e.month),
    year: e.year,
    amount: centsToPesos(e.amountCents),
    status: e.status,
    createdAt: e.createdAt.toISOString(),
    ...presentExpensePayment(payment),
  };
}

/** The expenses with how each is covered: one query for the payments of the whole list. */
async function presentExpenses(db: DbOrTx, rows: (typeof expenses.$inferSelect)[]): Promise<Expense[]> {
  const states = await paymentStateOf(
    db,
    rows.map((e) => e.id),
  );
  return rows.map((e) => presentExpense(e, states.get(e.id)));
}

/**
 * Settles a building's month in one transaction: the settlements row goes in first (its unique index
 * makes a second settlement, concurrent or not, a 409), then every live apartment gets its share of
 * the month's spendings by area, in exact cents.
 */
export async function settleMonth(db: Db, p: AdminPrincipal, buildingId: number, year: number, month: number): Promise<SettlementResult> {
  return db.transaction(async (tx) => {
    await assertBuildingVisible(tx, p, buildingId);
    // Its spendings are not all in yet: settling now would freeze an incomplete month.
    if (isFutureMonth(year, month)) throw new AppError('UNPROCESSABLE', EXPENSE_MSG.futureMonth);
    // The same lock spending writes take: nothing is added to the month while it is being settled.
    await lockBuildingMonths(tx, [{ buildingId, year, month }]);
    let settlement;
    try {
      settlement = await insertSettlement(tx, { buildingId, year, month, createdBy: p.id });
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(EXPENSE_MSG.alreadySettled);
      throw e;
    }
    const totalCents = await monthSpendingTotalCents(tx, p, buildingId, year, month);
    if (totalCents <= 0) throw new AppError('UNPROCESSABLE', EXPENSE_MSG.noSpendings);
    const apartments = await liveApartmentAreas(tx, p, buildingId);
    if (apartments.reduce((s, a) => s + a.mt2, 0) <= 0) throw new AppError('UNPROCESSABLE', EXPENSE_MSG.noArea);
    const shares = prorateByArea(totalCents, apartments);
    const areaById = new Map(apartments.map((a) => [a.id, a.mt2]));
    await insertExpenses(
      tx,
      { id: settlement.id, buildingId, year, month },
      shares.map((s) => ({ apartmentId: s.id, amountCents: s.amountCents, mt2: areaById.get(s.id)! })),
    );
    await setSettlementTotal(tx, settlement.id, totalCents);
    return {
      buildingId,
      month: monthKey(month),
      year,
      total: centsToPesos(totalCents),
      items: shares.map((s) => ({ apartmentId: s.id, amount: centsToPesos(s.amountCents) })),
    };
  });
}

export async function getExpensesByApartments(
  db: Db,
  p: AdminPrincipal,
  q: { buildingId?: number; number_apartment?: string; page: number; pageSize: number },
): Promise<ListResult<ApartmentExpenses>> {
  if (q.buildingId) await assertBuildingVisible(db, p, q.buildingId);
  const r = await listApartmentsWithExpenses(db, p, q);
  const byApartment = new Map<number, Expense[]>();
  for (const e of await presentExpenses(db, r.expenses)) {
    const list = byApartment.get(e.apartmentId) ?? [];
    list.push(e);
    byApartment.set(e.apartmentId, list);
  }
  return {
    items: r.apartments.map((a) => ({
      id: a.id,
      buildingId: a.buildingId,
      building: { id: a.buildingId, name: a.buildingName },
      cata_apartment: a.cataApartment,
      number_apartment: a.numberApartment,
      mt2: a.mt2,
      archived: a.archivedAt !== null,
      expenses: byApartment.get(a.id) ?? [],
    })),
    total: r.total,
  };
}

export async function getSettledMonths(
  db: Db,
  p: Principal,
  q: { buildingId?: number; page: number; pageSize: number },
): Promise<ListResult<SettledMonth>> {
  // A resident's are their own building's: the filter defaults to it, any other building is 404.
  const buildingId = p.role === 'resident' ? (q.buildingId ?? p.buildingId ?? 0) : q.buildingId;
  if (buildingId !== undefined) await assertBuildingVisible(db, p, buildingId);
  const r = await listSettledMonths(db, p, { ...q, buildingId });
  return {
    items: r.items.map((s) => ({ buildingId: s.buildingId, year: s.year, month: monthKey(s.month), total: centsToPesos(s.totalCents) })),
    total: r.total,
  };
}

export async function getApartmentExpenses(
  db: Db,
  p: Principal,
  apartmentId: number,
  page: number,
  pageSize: number,
): Promise<ListResult<Expense>> {
  if (!(await findVisibleApartment(db, p, apartmentId))) throw notFound();
  const r = await listApartmentExpenses(db, p, apartmentId, page, pageSize);
  return { items: await presentExpenses(db, r.items), total: r.total };
}

/** The status toggle: records (or voids) a manual payment; the expense follows its payments. */
export async function changeExpenseStatus(app: FastifyInstance, p: AdminPrincipal, id: number): Promise<Expense> {
  await toggleManualPayment(app, p, id);
  const row = await findVisibleExpense(app.db, p, id);
  if (!row) throw notFound();
  const [e] = await presentExpenses(app.db, [row]);
  return e!;
}

/** The month's statement: spendings grouped by concept and every apartment's share, with the areas it was settled on. */
export async function getSettlementStatement(
  db: Db,
  p: Principal,
  buildingId: number,
  year: number,
  month: number,
): Promise<SettlementStatement> {
  const s = await findVisibleSettlement(db, p, buildingId, year, month);
  if (!s) throw notFound(EXPENSE_MSG.notSettled);
  const d = await settlementDetail(db, p, s);
  // Areas as settled (expenses.mt2), in exact hundredths: a later edit of an apartment changes nothing here.
  const totalArea = d.shares.reduce((sum, a) => sum + Math.round(a.mt2 * 100), 0) / 100;
  return {
    buildingId: s.buildingId,
    building: { id: s.buildingId, name: s.buildingName, address: s.address, cata: s.cata },
    year: s.year,
    month: monthKey(s.month),
    total: centsToPesos(s.totalCents),
    settledAt: s.createdAt.toISOString(),
    // Grouped as the chart groups them (GET /spendings/stats): one definition of a concept's name.
    byConcept: totalsByConcept(d.spendings).map((c) => ({ concept: c.concept, total: centsToPesos(c.totalCents) })),
    spendings: d.spendings.map(({ amountCents, ...sp }) => ({ ...sp, amount: centsToPesos(amountCents) })),
    totalMt2: totalArea,
    items: d.shares.map((a) => ({
      apartmentId: a.apartmentId,
      number_apartment: a.numberApartment,
      cata_apartment: a.cataApartment,
      mt2: a.mt2,
      amount: centsToPesos(a.amountCents),
      // A neighbour's payment status is the administrator's business, not the other residents'.
      ...(p.role === 'admin' ? { status: a.status, expenseId: a.id } : {}),
    })),
  };
}
