import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { monthRange, splitByWholeMonths, TOP_CONCEPTS, totalsByConcept, type ListSpendingsQuery } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { buildings, spendingMonthTotals, spendings } from '../../db/schema.ts';
import { inVisibleBuildings, visibleBuildingIds } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

export type SpendingRow = typeof spendings.$inferSelect & { buildingName: string };

const columns = {
  id: spendings.id,
  buildingId: spendings.buildingId,
  date: spendings.date,
  concept: spendings.concept,
  supplier: spendings.supplier,
  details: spendings.details,
  amountCents: spendings.amountCents,
  createdAt: spendings.createdAt,
  buildingName: buildings.name,
};

/** Spendings with their building's name, as the API answers them. */
const withBuilding = (db: DbOrTx) => db.select(columns).from(spendings).innerJoin(buildings, eq(buildings.id, spendings.buildingId));

function listWhere(db: DbOrTx, p: Principal, q: Omit<ListSpendingsQuery, 'page' | 'pageSize'>): SQL | undefined {
  return and(
    inVisibleBuildings(db, p, spendings.buildingId),
    q.buildingId ? eq(spendings.buildingId, q.buildingId) : undefined,
    q.since ? gte(spendings.date, q.since) : undefined,
    q.upTo ? lte(spendings.date, q.upTo) : undefined,
    q.concept ? eq(spendings.concept, q.concept) : undefined,
  );
}

/** One page, newest first, plus the count and the sum of every match. */
export async function listSpendings(db: DbOrTx, p: Principal, q: ListSpendingsQuery) {
  const [items, agg] = await Promise.all(
    q.concept ? [pageByFilter(db, p, q), sumByFilter(db, p, q)] : [pageByBuilding(db, p, q), sumByMonth(db, p, q)],
  );
  return { items: items as SpendingRow[], total: agg.total, sumCents: agg.sumCents };
}

const newestFirst = [desc(spendings.date), desc(spendings.id)];

/** The page among every match: the plan is left to the database (a concept narrows by its own index). */
function pageByFilter(db: DbOrTx, p: Principal, q: ListSpendingsQuery) {
  return withBuilding(db)
    .where(listWhere(db, p, q))
    .orderBy(...newestFirst)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
}

/**
 * The page over all the caller's buildings without reading them all: each building gives its newest
 * page-end rows from the (building_id, date, id) index (index-only), the few hundred candidates are
 * sorted, and only the page's rows are fetched. One statement, however many buildings.
 */
function pageByBuilding(db: DbOrTx, p: Principal, q: ListSpendingsQuery) {
  const visible = visibleBuildingIds(db, p).as('visible');
  const newest = db
    .select({ id: spendings.id, date: spendings.date })
    .from(spendings)
    .where(
      and(
        eq(spendings.buildingId, visible.id),
        q.since ? gte(spendings.date, q.since) : undefined,
        q.upTo ? lte(spendings.date, q.upTo) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(q.page * q.pageSize)
    .as('newest');
  const pageIds = db
    .select({ id: newest.id })
    .from(visible)
    .crossJoinLateral(newest)
    .where(q.buildingId ? eq(visible.id, q.buildingId) : undefined)
    .orderBy(desc(newest.date), desc(newest.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  return withBuilding(db)
    .where(inArray(spendings.id, pageIds))
    .orderBy(...newestFirst);
}

const countAndSum = {
  total: sql<number>`count(*)::int`.mapWith(Number),
  sumCents: sql<number>`coalesce(sum(${spendings.amountCents}), 0)`.mapWith(Number),
};

async function sumByFilter(db: DbOrTx, p: Principal, q: Omit<ListSpendingsQuery, 'page' | 'pageSize'>) {
  const [row] = await db
    .select(countAndSum)
    .from(spendings)
    .where(listWhere(db, p, q));
  return { total: row?.total ?? 0, sumCents: row?.sumCents ?? 0 };
}

/**
 * Count and sum without a concept: whole months come from spending_month_totals (kept by triggers),
 * only the loose days at the ends of the range are read from spendings. Years of spendings over
 * hundreds of buildings cost a row per building and month.
 */
async function sumByMonth(db: DbOrTx, p: Principal, q: Omit<ListSpendingsQuery, 'page' | 'pageSize' | 'concept'>) {
  const split = splitByWholeMonths(q.since, q.upTo);
  const t = spendingMonthTotals;
  const parts = [
    ...split.days.map((d) =>
      db
        .select(countAndSum)
        .from(spendings)
        .where(listWhere(db, p, { buildingId: q.buildingId, ...d })),
    ),
    ...(split.months
      ? [
          db
            .select({
              total: sql<number>`coalesce(sum(${t.count}), 0)::int`.mapWith(Number),
              sumCents: sql<number>`coalesce(sum(${t.sumCents}), 0)`.mapWith(Number),
            })
            .from(t)
            .where(
              and(
                inVisibleBuildings(db, p, t.buildingId),
                q.buildingId ? eq(t.buildingId, q.buildingId) : undefined,
                split.months.from ? gte(t.month, split.months.from) : undefined,
                split.months.until ? lt(t.month, split.months.until) : undefined,
              ),
            ),
        ]
      : []),
  ];
  const rows = (await Promise.all(parts)).flat();
  return { total: rows.reduce((s, r) => s + r.total, 0), sumCents: rows.reduce((s, r) => s + r.sumCents, 0) };
}

export async function listConcepts(db: DbOrTx, p: Principal, buildingId?: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ concept: spendings.concept })
    .from(spendings)
    .where(and(inVisibleBuildings(db, p, spendings.buildingId), buildingId ? eq(spendings.buildingId, buildingId) : undefined))
    .orderBy(spendings.concept)
    .limit(500);
  return rows.map((r) => r.concept);
}

/**
 * Top concepts of a year (or one month of it) and the 12 monthly totals of the year, aggregated in SQL.
 * The database sums per stored concept (a row per spelling, never per spending); totalsByConcept of
 * @consorcio/domain merges the spellings under the name the statement uses and ranks them. SQL's
 * upper/lower follow the database's locale (upper('á') is 'á' under C), so they must not decide
 * which concepts are the same.
 */
export async function spendingStats(db: DbOrTx, p: Principal, buildingId: number, year: number, month?: number) {
  const scope = and(eq(spendings.buildingId, buildingId), inVisibleBuildings(db, p, spendings.buildingId));
  const yearStart = `${year}-01-01`;
  const nextYear = `${year + 1}-01-01`;
  const days = month === undefined ? { since: yearStart, upTo: `${year}-12-31` } : monthRange(year, month);
  const total = sql<number>`sum(${spendings.amountCents})`.mapWith(Number);
  const [perConcept, byMonth] = await Promise.all([
    db
      .select({ concept: spendings.concept, amountCents: total })
      .from(spendings)
      .where(and(scope, gte(spendings.date, days.since), lte(spendings.date, days.upTo)))
      .groupBy(spendings.concept),
    db
      .select({ month: sql<number>`(extract(month from ${spendings.date})::int - 1)`.mapWith(Number), totalCents: total })
      .from(spendings)
      .where(and(scope, gte(spendings.date, yearStart), lt(spendings.date, nextYear)))
      .groupBy(sql`1`),
  ]);
  return { byConcept: totalsByConcept(perConcept).slice(0, TOP_CONCEPTS), byMonth };
}

export async function findVisibleSpending(db: DbOrTx, p: Principal, id: number) {
  const [row] = await withBuilding(db).where(and(eq(spendings.id, id), inVisibleBuildings(db, p, spendings.buildingId)));
  return row;
}

/** The caller's spending, row-locked for a change. */
export async function findVisibleSpendingForUpdate(tx: DbOrTx, p: Principal, id: number) {
  const [row] = await tx
    .select()
    .from(spendings)
    .where(and(eq(spendings.id, id), inVisibleBuildings(tx, p, spendings.buildingId)))
    .for('update', { of: spendings });
  return row;
}

/** Whether the id exists at all: only to tell "not yours" (403, API.md PUT /add) from "no such spending" (404). */
export async function spendingExists(tx: DbOrTx, id: number): Promise<boolean> {
  const rows = await tx.select({ id: spendings.id }).from(spendings).where(eq(spendings.id, id)).limit(1);
  return rows.length > 0;
}

export interface SpendingValues {
  buildingId: number;
  date: string;
  concept: string;
  supplier: string;
  details: string;
  amountCents: number;
}

export async function insertSpending(tx: DbOrTx, v: SpendingValues) {
  const [row] = await tx.insert(spendings).values(v).returning();
  return row!;
}

export async function updateSpendingRow(tx: DbOrTx, p: Principal, id: number, v: SpendingValues) {
  const [row] = await tx
    .update(spendings)
    .set(v)
    .where(and(eq(spendings.id, id), inVisibleBuildings(tx, p, spendings.buildingId)))
    .returning();
  return row;
}

export async function deleteSpendingRow(tx: DbOrTx, p: Principal, id: number): Promise<void> {
  await tx.delete(spendings).where(and(eq(spendings.id, id), inVisibleBuildings(tx, p, spendings.buildingId)));
}

export async function visibleBuildingName(tx: DbOrTx, p: Principal, id: number): Promise<string> {
  const [row] = await tx
    .select({ name: buildings.name })
    .from(buildings)
    .where(and(eq(buildings.id, id), inVisibleBuildings(tx, p, buildings.id)));
  return row?.name ?? '';
}
