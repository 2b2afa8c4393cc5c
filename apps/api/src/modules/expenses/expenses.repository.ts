import { and, asc, desc, eq, exists, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, buildings, expenses, settlements, spendings } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';
import { monthRange } from '@consorcio/domain';

/** Inserted first: the unique index on (building, year, month) decides who settles a month. */
export async function insertSettlement(tx: DbOrTx, v: { buildingId: number; year: number; month: number; createdBy: number }) {
  const [row] = await tx
    .insert(settlements)
    .values({ ...v, totalCents: 0 })
    .returning();
  return row!;
}

export async function setSettlementTotal(tx: DbOrTx, id: number, totalCents: number): Promise<void> {
  await tx.update(settlements).set({ totalCents }).where(eq(settlements.id, id));
}

export async function monthSpendingTotalCents(tx: DbOrTx, p: Principal, buildingId: number, year: number, month: number): Promise<number> {
  const { since, upTo } = monthRange(year, month);
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${spendings.amountCents}), 0)`.mapWith(Number) })
    .from(spendings)
    .where(
      and(
        eq(spendings.buildingId, buildingId),
        inVisibleBuildings(tx, p, spendings.buildingId),
        gte(spendings.date, since),
        lte(spendings.date, upTo),
      ),
    );
  return row?.cents ?? 0;
}

/** The live (not archived) apartments that share the building's expenses. */
export async function liveApartmentAreas(tx: DbOrTx, p: Principal, buildingId: number) {
  return tx
    .select({ id: apartments.id, mt2: apartments.mt2 })
    .from(apartments)
    .where(and(eq(apartments.buildingId, buildingId), isNull(apartments.archivedAt), inVisibleBuildings(tx, p, apartments.buildingId)))
    .orderBy(asc(apartments.id));
}

/**
 * One statement for the whole building: the shares travel as two integer arrays and are unnested by
 * the database (several times faster than a multi-row VALUES for a 1,000-apartment building).
 */
export async function insertExpenses(
  tx: DbOrTx,
  settlement: { id: number; buildingId: number; year: number; month: number },
  shares: { apartmentId: number; amountCents: number; mt2: number }[],
): Promise<void> {
  const ids = `{${shares.map((s) => Math.trunc(s.apartmentId)).join(',')}}`;
  const cents = `{${shares.map((s) => Math.trunc(s.amountCents)).join(',')}}`;
  const areas = `{${shares.map((s) => s.mt2.toFixed(2)).join(',')}}`;
  await tx.execute(sql`
    insert into ${expenses} (apartment_id, building_id, settlement_id, year, month, amount_cents, mt2)
    select u.apartment_id, ${settlement.buildingId}, ${settlement.id}, ${settlement.year}, ${settlement.month}, u.amount_cents, u.mt2
    from unnest(${ids}::int[], ${cents}::bigint[], ${areas}::numeric[]) as u(apartment_id, amount_cents, mt2)`);
}

/** How many rows of a list match: its `total`. */
async function countRows(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

/** By building name, then apartment number; the id makes it unique. */
const apartmentOrder: Order = [
  [buildings.name, 'asc'],
  [apartments.numberApartment, 'asc'],
  [apartments.id, 'asc'],
];

export async function listApartmentsWithExpenses(
  db: DbOrTx,
  p: Principal,
  q: { buildingId?: number; number_apartment?: string; page: number; pageSize: number },
) {
  // Archived apartments stay listed while they have expenses: their unpaid history must stay reachable.
  const where = and(
    inVisibleBuildings(db, p, apartments.buildingId),
    or(
      isNull(apartments.archivedAt),
      exists(
        db
          .select({ one: sql`1` })
          .from(expenses)
          .where(eq(expenses.apartmentId, apartments.id)),
      ),
    ),
    q.buildingId ? eq(apartments.buildingId, q.buildingId) : undefined,
    q.number_apartment ? eq(apartments.numberApartment, q.number_apartment) : undefined,
  );
  const { items: apts, total } = await pageOf(
    q,
    () => countRows(db, apartments, where),
    (w) =>
      db
        .select({
          id: apartments.id,
          buildingId: apartments.buildingId,
          buildingName: buildings.name,
          cataApartment: apartments.cataApartment,
          numberApartment: apartments.numberApartment,
          mt2: apartments.mt2,
          archivedAt: apartments.archivedAt,
        })
        .from(apartments)
        .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
        .where(where)
        .orderBy(...orderBy(apartmentOrder, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
  const ids = apts.map((a) => a.id);
  const exps = ids.length
    ? await db
        .select()
        .from(expenses)
        .where(and(inArray(expenses.apartmentId, ids), inVisibleBuildings(db, p, expenses.buildingId)))
        .orderBy(desc(expenses.year), desc(expenses.month))
    : [];
  return { apartments: apts, expenses: exps, total };
}

/** Latest month first; unique by `settlements_building_month_uq`. */
const settledMonthOrder: Order = [
  [settlements.year, 'desc'],
  [settlements.month, 'desc'],
  [settlements.buildingId, 'asc'],
];

export async function listSettledMonths(db: DbOrTx, p: Principal, q: { buildingId?: number; page: number; pageSize: number }) {
  const where = and(inVisibleBuildings(db, p, settlements.buildingId), q.buildingId ? eq(settlements.buildingId, q.buildingId) : undefined);
  return pageOf(
    q,
    () => countRows(db, settlements, where),
    (w) =>
      db
        .select({
          buildingId: settlements.buildingId,
          year: settlements.year,
          month: settlements.month,
          totalCents: settlements.totalCents,
        })
        .from(settlements)
        .where(where)
        .orderBy(...orderBy(settledMonthOrder, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

/** An apartment the caller may see: an administrator's building's, or a resident's own. */
export async function findVisibleApartment(db: DbOrTx, p: Principal, apartmentId: number) {
  if (p.role === 'resident' && p.apartmentId !== apartmentId) return undefined;
  const [row] = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.id, apartmentId), inVisibleBuildings(db, p, apartments.buildingId)));
  return row;
}

/** Latest month first: one apartment's, so unique by `expenses_apartment_month_uq`. */
const apartmentExpenseOrder: Order = [
  [expenses.year, 'desc'],
  [expenses.month, 'desc'],
];

export async function listApartmentExpenses(db: DbOrTx, p: Principal, apartmentId: number, page: number, pageSize: number) {
  const where = and(eq(expenses.apartmentId, apartmentId), inVisibleBuildings(db, p, expenses.buildingId));
  return pageOf(
    { page, pageSize },
    () => countRows(db, expenses, where),
    (w) =>
      db
        .select()
        .from(expenses)
        .where(where)
        .orderBy(...orderBy(apartmentExpenseOrder, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

export async function findVisibleExpense(db: DbOrTx, p: Principal, id: number) {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), inVisibleBuildings(db, p, expenses.buildingId)));
  return row;
}

export async function findVisibleSettlement(db: DbOrTx, p: Principal, buildingId: number, year: number, month: number) {
  const [row] = await db
    .select({
      id: settlements.id,
      buildingId: settlements.buildingId,
      year: settlements.year,
      month: settlements.month,
      totalCents: settlements.totalCents,
      createdAt: settlements.createdAt,
      buildingName: buildings.name,
      address: buildings.address,
      cata: buildings.cata,
    })
    .from(settlements)
    .innerJoin(buildings, eq(buildings.id, settlements.buildingId))
    .where(
      and(
        eq(settlements.buildingId, buildingId),
        eq(settlements.year, year),
        eq(settlements.month, month),
        inVisibleBuildings(db, p, settlements.buildingId),
      ),
    );
  return row;
}

export async function settlementDetail(db: DbOrTx, p: Principal, s: { id: number; buildingId: number; year: number; month: number }) {
  const { since, upTo } = monthRange(s.year, s.month);
  const [spendingRows, shares] = await Promise.all([
    db
      .select({
        id: spendings.id,
        date: spendings.date,
        concept: spendings.concept,
        supplier: spendings.supplier,
        details: spendings.details,
        amountCents: spendings.amountCents,
      })
      .from(spendings)
      .where(
        and(
          eq(spendings.buildingId, s.buildingId),
          inVisibleBuildings(db, p, spendings.buildingId),
          gte(spendings.date, since),
          lte(spendings.date, upTo),
        ),
      )
      .orderBy(asc(spendings.concept), asc(spendings.date), asc(spendings.id)),
    db
      .select({
        id: expenses.id,
        apartmentId: expenses.apartmentId,
        amountCents: expenses.amountCents,
        status: expenses.status,
        numberApartment: apartments.numberApartment,
        cataApartment: apartments.cataApartment,
        // The area the share was computed with, not the apartment's area today.
        mt2: expenses.mt2,
      })
      .from(expenses)
      .innerJoin(apartments, eq(apartments.id, expenses.apartmentId))
      .where(and(eq(expenses.settlementId, s.id), inVisibleBuildings(db, p, expenses.buildingId)))
      .orderBy(asc(apartments.numberApartment), asc(apartments.id)),
  ]);
  return { spendings: spendingRows, shares };
}
