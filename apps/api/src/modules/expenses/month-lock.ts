import { and, eq, sql } from 'drizzle-orm';
import { yearMonthOf } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { settlements } from '../../db/schema.ts';

export interface BuildingMonth {
  buildingId: number;
  year: number;
  /** 0..11 */
  month: number;
}

export function monthOfDate(buildingId: number, isoDate: string): BuildingMonth {
  return { buildingId, ...yearMonthOf(isoDate) };
}

/**
 * Serialises settling a month and writing that month's spendings, per building: both take this
 * transaction-scoped lock first, so a spending cannot slip into a month while it is being settled.
 * Several months are locked in one order, so two writers never wait on each other in a cycle.
 */
export async function lockBuildingMonths(tx: DbOrTx, months: BuildingMonth[]): Promise<void> {
  const keys = [...new Set(months.map((m) => `${m.buildingId}:${m.year * 12 + m.month}`))].sort();
  for (const key of keys) {
    const [b, ym] = key.split(':').map(Number);
    await tx.execute(sql`select pg_advisory_xact_lock(${b}::int, ${ym}::int)`);
  }
}

export async function isMonthSettled(tx: DbOrTx, m: BuildingMonth): Promise<boolean> {
  const rows = await tx
    .select({ id: settlements.id })
    .from(settlements)
    .where(and(eq(settlements.buildingId, m.buildingId), eq(settlements.year, m.year), eq(settlements.month, m.month)))
    .limit(1);
  return rows.length > 0;
}
