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

/**
 * Pages that start within this many rows are read from the newest rows of each building; deeper ones from the day
 * that holds them.
 */
const SHALLOW_ROWS = 60;

/** One page, newest first, plus the count and the sum of every match. */
export async function listSpendings(db: DbOrTx, p: Principal, q: ListSpendingsQuery) {
  const offset = (q.page - 1) * q.pageSize;
  // The first pages (those most asked for) ask each building for a few pages' rows, beside the count.
  if (offset < SHALLOW_ROWS) {
    const [items, parts] = await Promise.all([
      pageByBuilding(db, p, q, { since: q.since, upTo: q.upTo, skip: offset }),
      countsByPart(db, p, q, false),
    ]);
    return { items: items as SpendingRow[], ...totalOf(parts) };
  }
  // A deeper page is found from the monthly counts (daily with a concept), which the total and the sum need anyway,
  // then from the daily counts of the month (or two) that holds it: only the day or two that hold the page are read,
  // whatever the page.
  const parts = await countsByPart(db, p, q, true);
  const totals = totalOf(parts);
  if (offset >= totals.total) return { items: [] as SpendingRow[], ...totals };
  const months = locate(parts, offset, q.pageSize);
  // Should the rows change between the counts, the month is read as located, or (failing that) the whole range.
  const at = months && ((await dayWindow(db, p, q, months)) ?? months);
  const items = await pageByBuilding(db, p, q, at ?? { since: q.since, upTo: q.upTo, skip: offset });
  return { items: items as SpendingRow[], ...totals };
}

/** Where a page lies among parts of a range that never overlap (newest first). */
interface Located {
  /** The first day of the part that holds the page's last row, and the last day of the one with its first row. */
  since?: string;
  upTo: string;
  /** Rows of those days before the page, and all their rows. */
  skip: number;
  total: number;
}

/**
 * The dates that hold rows `offset` to `offset + pageSize` (newest first) of a range cut into parts that never
 * overlap: the part of the first row to the part of the last. Undefined when the parts do not reach that far (the
 * rows changed between two counts).
 */
function locate(parts: Pick<Part, 'since' | 'upTo' | 'total'>[], offset: number, pageSize: number): Located | undefined {
  const newestFirstParts = [...parts].sort((a, b) => (a.upTo < b.upTo ? 1 : -1));
  const all = parts.reduce((s, r) => s + r.total, 0);
  if (offset < 0 || offset >= all) return undefined;
  const partOf = (row: number) => {
    let newer = 0;
    for (const part of newestFirstParts) {
      if (newer + part.total > row) return { part, newer };
      newer += part.total;
    }
    throw new Error('unreachable: the row is within the parts');
  };
  const first = partOf(offset);
  const last = partOf(Math.min(offset + pageSize, all) - 1);
  return {
    since: last.part.since,
    upTo: first.part.upTo,
    skip: offset - first.newer,
    total: last.newer + last.part.total - first.newer,
  };
}

const DAY_MS = 86_400_000;
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/**
 * The day (or few days) that hold a page within the month (or two) located for it, from daily counts taken from the
 * end nearer the page: the days expected to hold the rows up to the page if they were spread evenly, with a margin,
 * and the whole stretch only when those fall short. No page counts more than about half its month.
 */
async function dayWindow(db: DbOrTx, p: Principal, q: ListSpendingsQuery, at: Located): Promise<Located | undefined> {
  if (at.since === undefined || at.upTo === OPEN_END) return locate(await countsByDay(db, p, q, at), at.skip, q.pageSize);
  const days = (Date.parse(at.upTo) - Date.parse(at.since)) / DAY_MS + 1;
  const fromNewest = at.skip + q.pageSize <= at.total - at.skip;
  const need = fromNewest ? at.skip + q.pageSize : at.total - at.skip;
  const span = Math.min(days, Math.ceil((days * need * 1.25) / Math.max(1, at.total)) + 1);
  let counted = await countsByDay(
    db,
    p,
    q,
    fromNewest ? { since: plusDays(at.upTo, 1 - span), upTo: at.upTo } : { since: at.since, upTo: plusDays(at.since, span - 1) },
  );
  let sum = counted.reduce((s, r) => s + r.total, 0);
  if (sum < need && span < days) {
    counted = await countsByDay(db, p, q, at);
    sum = counted.reduce((s, r) => s + r.total, 0);
  }
  // Counted from the oldest end, the rows of the newer days not counted come before them.
  return locate(counted, at.skip - (fromNewest ? 0 : at.total - sum), q.pageSize);
}

/** The matches of a few dates counted per day (from the (building_id, date, …) index alone). */
async function countsByDay(db: DbOrTx, p: Principal, q: ListSpendingsQuery, range: { since?: string; upTo: string }) {
  const rows = await db
    .select({ date: spendings.date, total: sql<number>`count(*)::int`.mapWith(Number) })
    .from(spendings)
    .where(
      listWhere(db, p, {
        buildingId: q.buildingId,
        concept: q.concept,
        since: range.since,
        upTo: range.upTo === OPEN_END ? undefined : range.upTo,
      }),
    )
    .groupBy(spendings.date);
  return rows.map((r) => ({ since: r.date, upTo: r.date, total: r.total }));
}

const newestFirst = [desc(spendings.date), desc(spendings.id)];

/**
 * A page over all the caller's buildings without reading them all: each building gives its newest `skip` +
 * page-size rows between `since` and `upTo` from the (building_id, date, id) index, or the (building_id, concept,
 * date, id) one for a concept (index-only), the candidates
 * are sorted, `skip` of them passed over, and only the page's rows are fetched. One statement, however many
 * buildings.
 */
function pageByBuilding(db: DbOrTx, p: Principal, q: ListSpendingsQuery, from: { since?: string; upTo?: string; skip: number }) {
  const visible = visibleBuildingIds(db, p).as('visible');
  const newest = db
    .select({ id: spendings.id, date: spendings.date })
    .from(spendings)
    .where(
      and(
        eq(spendings.buildingId, visible.id),
        q.concept ? eq(spendings.concept, q.concept) : undefined,
        from.since ? gte(spendings.date, from.since) : undefined,
        from.upTo ? lte(spendings.date, from.upTo) : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(from.skip + q.pageSize)
    .as('newest');
  const pageIds = db
    .select({ id: newest.id })
    .from(visible)
    .crossJoinLateral(newest)
    .where(q.buildingId ? eq(visible.id, q.buildingId) : undefined)
    .orderBy(desc(newest.date), desc(newest.id))
    .limit(q.pageSize)
    .offset(from.skip);
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

/** A stretch of the range (a whole month, or the loose days at one end) with its count and sum. */
interface Part {
  /** Its first day (undefined for an open start). */
  since?: string;
  /** Its last day ('9999-12-31' for an open end): the parts never overlap, so it orders them. */
  upTo: string;
  total: number;
  sumCents: number;
}

const totalOf = (parts: Part[]) => ({
  total: parts.reduce((s, r) => s + r.total, 0),
  sumCents: parts.reduce((s, r) => s + r.sumCents, 0),
});

/**
 * Count and sum without a concept, per whole month from spending_month_totals (kept by triggers), and for the
 * loose days at the ends of the range from spendings. Years of spendings over hundreds of buildings cost a row
 * per building and month.
 */
async function countsByPart(
  db: DbOrTx,
  p: Principal,
  q: Omit<ListSpendingsQuery, 'page' | 'pageSize'>,
  perMonth: boolean,
): Promise<Part[]> {
  if (q.concept) return conceptParts(db, p, q, perMonth);
  const split = splitByWholeMonths(q.since, q.upTo);
  const t = spendingMonthTotals;
  const looseDays = split.days.map(async (d): Promise<Part[]> => {
    const rows = await db
      .select(countAndSum)
      .from(spendings)
      .where(listWhere(db, p, { buildingId: q.buildingId, ...d }));
    return rows.map((r) => ({ since: d.since, upTo: d.upTo ?? OPEN_END, ...r }));
  });
  const sums = {
    total: sql<number>`coalesce(sum(${t.count}), 0)::int`.mapWith(Number),
    sumCents: sql<number>`coalesce(sum(${t.sumCents}), 0)`.mapWith(Number),
  };
  const monthsWhere = (m: { from?: string; until?: string }) =>
    and(
      inVisibleBuildings(db, p, t.buildingId),
      q.buildingId ? eq(t.buildingId, q.buildingId) : undefined,
      m.from ? gte(t.month, m.from) : undefined,
      m.until ? lt(t.month, m.until) : undefined,
    );
  const m = split.months;
  // Summed per month only when a deep page must be placed; otherwise the whole months are one part.
  const months: Promise<Part[]> = !m
    ? Promise.resolve([])
    : perMonth
      ? db
          .select({ month: t.month, ...sums })
          .from(t)
          .where(monthsWhere(m))
          .groupBy(t.month)
          .then((rows) => rows.map((r) => ({ since: r.month, upTo: lastDayOf(r.month), total: r.total, sumCents: r.sumCents })))
      : db
          .select(sums)
          .from(t)
          .where(monthsWhere(m))
          .then((rows) => rows.map((r) => ({ since: m.from, upTo: OPEN_END, ...r })));
  return (await Promise.all([...looseDays, months])).flat();
}

/**
 * With a concept (spending_month_totals has none): the matches counted and summed from the (building_id, concept,
 * date, id, amount_cents) index alone, per day when a deep page must be placed.
 */
async function conceptParts(db: DbOrTx, p: Principal, q: Omit<ListSpendingsQuery, 'page' | 'pageSize'>, perDay: boolean): Promise<Part[]> {
  if (!perDay) return [{ since: q.since, upTo: OPEN_END, ...(await sumByFilter(db, p, q)) }];
  const rows = await db
    .select({ date: spendings.date, ...countAndSum })
    .from(spendings)
    .where(listWhere(db, p, q))
    .groupBy(spendings.date);
  return rows.map((r) => ({ since: r.date, upTo: r.date, total: r.total, sumCents: r.sumCents }));
}

const OPEN_END = '9999-12-31';

/** 'YYYY-MM-01' → the last day of that month. */
function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
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
