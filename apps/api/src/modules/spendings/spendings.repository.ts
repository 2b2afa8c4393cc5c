import { and, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { splitByWholeMonths, TOP_CONCEPTS, type ListSpendingsQuery } from '@consorcio/domain';
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
  return db
    .select(columns)
    .from(spendings)
    .innerJoin(buildings, eq(buildings.id, spendings.buildingId))
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
  return db
    .select(columns)
    .from(spendings)
    .innerJoin(buildings, eq(buildings.id, spendings.buildingId))
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

/** normalizeConcept() of @consorcio/domain, in SQL, so grouping happens in the database. */
const normalizedConcept = sql<string>`upper(left(lower(trim(${spendings.concept})), 1)) || substr(lower(trim(${spendings.concept})), 2)`;

/** Top concepts of a year (or one month of it) and the 12 monthly totals of the year, aggregated in SQL. */
export async function spendingStats(db: DbOrTx, p: Principal, buildingId: number, year: number, month?: number) {
  const scope = and(eq(spendings.buildingId, buildingId), inVisibleBuildings(db, p, spendings.buildingId));
  const yearStart = `${year}-01-01`;
  const nextYear = `${year + 1}-01-01`;
  const conceptRange =
    month === undefined
      ? and(gte(spendings.date, yearStart), lt(spendings.date, nextYear))
      : and(
          gte(spendings.date, `${year}-${String(month + 1).padStart(2, '0')}-01`),
          lt(spendings.date, month === 11 ? nextYear : `${year}-${String(month + 2).padStart(2, '0')}-01`),
        );
  const total = sql<number>`sum(${spendings.amountCents})`.mapWith(Number);
  const [byConcept, byMonth] = await Promise.all([
    db
      .select({ concept: normalizedConcept, totalCents: total })
      .from(spendings)
      .where(and(scope, conceptRange))
      .groupBy(normalizedConcept)
      .orderBy(desc(total), normalizedConcept)
      .limit(TOP_CONCEPTS),
    db
      .select({ month: sql<number>`(extract(month from ${spendings.date})::int - 1)`.mapWith(Number), totalCents: total })
      .from(spendings)
      .where(and(scope, gte(spendings.date, yearStart), lt(spendings.date, nextYear)))
      .groupBy(sql`1`),
  ]);
  return { byConcept, byMonth };
}

export async function findVisibleSpending(db: DbOrTx, p: Principal, id: number) {
  const [row] = await db
    .select(columns)
    .from(spendings)
    .innerJoin(buildings, eq(buildings.id, spendings.buildingId))
    .where(and(eq(spendings.id, id), inVisibleBuildings(db, p, spendings.buildingId)));
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
