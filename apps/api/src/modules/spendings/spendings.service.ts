import {
  centsToPesos,
  MSG,
  pesosToCents,
  SPENDING_MSG,
  todayIso,
  type CreateSpendingInput,
  type ListSpendingsQuery,
  type Spending,
  type SpendingList,
  type SpendingStats,
  type UpdateSpendingInput,
} from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, conflict, forbidden, notFound, validation } from '../../lib/errors.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import { isMonthSettled, lockBuildingMonths, monthOfDate, type BuildingMonth } from '../expenses/month-lock.ts';
import {
  deleteSpendingRow,
  findVisibleSpending,
  findVisibleSpendingForUpdate,
  insertSpending,
  listConcepts,
  listSpendings,
  spendingExists,
  spendingStats,
  updateSpendingRow,
  visibleBuildingName,
  type SpendingValues,
} from './spendings.repository.ts';

function present(
  row: { id: number; buildingId: number; date: string; concept: string; supplier: string; details: string; amountCents: number },
  name: string,
): Spending {
  return {
    id: row.id,
    buildingId: row.buildingId,
    building: { id: row.buildingId, name },
    date: row.date,
    concept: row.concept,
    supplier: row.supplier,
    details: row.details,
    amount: centsToPesos(row.amountCents),
  };
}

/**
 * The building a read is narrowed to, checked: a missing or foreign building is 404, as if it did not
 * exist. An administrator's filter stays as given; a resident reads only their own building's, which
 * the filter defaults to.
 */
async function readableBuilding(db: Db, p: Principal, buildingId: number | undefined): Promise<number | undefined> {
  const scope = p.role === 'admin' ? buildingId : (buildingId ?? p.buildingId ?? 0);
  if (scope !== undefined) await assertBuildingVisible(db, p, scope);
  return scope;
}

export async function getSpendings(db: Db, p: Principal, q: ListSpendingsQuery): Promise<SpendingList> {
  // An administrator filtering by a building not theirs gets an empty list, as always; the query keeps it to theirs.
  const buildingId = p.role === 'admin' ? q.buildingId : await readableBuilding(db, p, q.buildingId);
  const r = await listSpendings(db, p, { ...q, buildingId });
  return { items: r.items.map((s) => present(s, s.buildingName)), total: r.total, sum: centsToPesos(r.sumCents) };
}

export async function getSpending(db: Db, p: Principal, id: number): Promise<Spending> {
  const row = await findVisibleSpending(db, p, id);
  if (!row) throw notFound();
  return present(row, row.buildingName);
}

export async function getConcepts(db: Db, p: Principal, buildingId?: number) {
  return { items: await listConcepts(db, p, await readableBuilding(db, p, buildingId)) };
}

export async function getStats(db: Db, p: Principal, q: { buildingId?: number; year?: number; month?: number }): Promise<SpendingStats> {
  // Required of an administrator (a resident's defaults to their building), as the route schema used to say.
  if (p.role === 'admin' && q.buildingId === undefined) throw validation(MSG.required, { buildingId: MSG.required });
  const buildingId = (await readableBuilding(db, p, q.buildingId))!;
  const year = q.year ?? Number(todayIso().slice(0, 4));
  const r = await spendingStats(db, p, buildingId, year, q.month);
  const byMonth = Array.from({ length: 12 }, (_, month) => ({ month, total: 0 }));
  for (const m of r.byMonth) byMonth[m.month]!.total = centsToPesos(m.totalCents);
  return {
    year,
    month: q.month ?? null,
    byConcept: r.byConcept.map((c) => ({ concept: c.concept, total: centsToPesos(c.totalCents) })),
    byMonth,
  };
}

function values(input: CreateSpendingInput): SpendingValues {
  return {
    buildingId: input.building,
    date: input.date,
    concept: input.concept,
    supplier: input.supplier,
    details: input.details,
    amountCents: pesosToCents(input.amount),
  };
}

/** Takes the month locks, then refuses if any of the months is settled (the lock keeps it so until commit). */
async function assertMonthsOpen(tx: DbOrTx, months: BuildingMonth[]): Promise<void> {
  await lockBuildingMonths(tx, months);
  for (const m of months) if (await isMonthSettled(tx, m)) throw conflict(SPENDING_MSG.settledMonth);
}

export async function createSpending(db: Db, p: AdminPrincipal, input: CreateSpendingInput): Promise<Spending> {
  return db.transaction(async (tx) => {
    await assertBuildingVisible(tx, p, input.building);
    await assertMonthsOpen(tx, [monthOfDate(input.building, input.date)]);
    const row = await insertSpending(tx, values(input));
    return present(row, await visibleBuildingName(tx, p, row.buildingId));
  });
}

export async function updateSpending(db: Db, p: AdminPrincipal, input: UpdateSpendingInput): Promise<Spending> {
  return db.transaction(async (tx) => {
    const current = await findVisibleSpendingForUpdate(tx, p, input.id);
    if (!current) throw (await spendingExists(tx, input.id)) ? forbidden(MSG.forbidden) : notFound();
    try {
      await assertBuildingVisible(tx, p, input.building);
    } catch (e) {
      // Moving a spending to a building one does not administer is a permission matter (API.md PUT /add).
      if (e instanceof AppError && e.code === 'NOT_FOUND') throw forbidden(MSG.forbidden);
      throw e;
    }
    // Settled months are closed both ways: nothing moves into one, nothing leaves one.
    await assertMonthsOpen(tx, [monthOfDate(current.buildingId, current.date), monthOfDate(input.building, input.date)]);
    const row = await updateSpendingRow(tx, p, input.id, values(input));
    if (!row) throw notFound();
    return present(row, await visibleBuildingName(tx, p, row.buildingId));
  });
}

export async function deleteSpending(db: Db, p: AdminPrincipal, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await findVisibleSpendingForUpdate(tx, p, id);
    if (!current) throw notFound();
    await assertMonthsOpen(tx, [monthOfDate(current.buildingId, current.date)]);
    await deleteSpendingRow(tx, p, id);
  });
}
