import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { prepared } from '../../db/prepared.ts';
import { apartments, expenses, users } from '../../db/schema.ts';
import { inVisibleBuildings, tenancyKey, visibleBuildingIdsOf } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

export type ApartmentRow = typeof apartments.$inferSelect;
export type ApartmentValues = Pick<typeof apartments.$inferInsert, 'cataApartment' | 'numberApartment' | 'mt2' | 'state'>;

const live = isNull(apartments.archivedAt);
/**
 * Natural order: PB, 1, 2, 2A, 10 (leading digits as a number, then the text). A number without
 * leading digits counts as -1, before every other (leading digits are never negative): the same
 * order as the number's NULLS FIRST, with no NULL to place, so its reverse is the exact reverse.
 */
const naturalOrder: Order = [
  [sql`coalesce((substring(${apartments.numberApartment} from '^[0-9]+'))::numeric, -1)`, 'asc'],
  [apartments.numberApartment, 'asc'],
  [apartments.id, 'asc'],
];

/**
 * One page of a building's live apartments (the caller must see the building), as prepared statements (per role,
 * and per direction for the page).
 */
export async function listApartments(db: DbOrTx, principal: Principal, buildingId: number, page: number, pageSize: number) {
  const role = principal.role;
  const values = { buildingId, who: tenancyKey(principal) };
  const where = () =>
    and(
      eq(apartments.buildingId, sql.placeholder('buildingId')),
      live,
      inArray(apartments.buildingId, visibleBuildingIdsOf(db, role, sql.placeholder('who'))),
    );
  return pageOf(
    { page, pageSize },
    async () => {
      const count = prepared(db, `apartments_count_${role}`, (name) =>
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(apartments)
          .where(where())
          .prepare(name),
      );
      return (await count.execute(values))[0]?.n ?? 0;
    },
    (w) =>
      prepared(db, `apartments_page_${role}_${w.reversed ? 'reversed' : 'forward'}`, (name) =>
        db
          .select()
          .from(apartments)
          .where(where())
          .orderBy(...orderBy(naturalOrder, w.reversed))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare(name),
      ).execute({ ...values, limit: w.limit, offset: w.offset }),
  );
}

/** A live apartment in one of the caller's buildings; `lock` holds it until the transaction ends. */
export async function findApartment(db: DbOrTx, principal: Principal, id: number, lock = false): Promise<ApartmentRow | null> {
  const q = db
    .select()
    .from(apartments)
    .where(and(eq(apartments.id, id), live, inVisibleBuildings(db, principal, apartments.buildingId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: apartments }) : await q;
  return row ?? null;
}

export async function insertApartment(db: DbOrTx, buildingId: number, values: ApartmentValues): Promise<ApartmentRow> {
  const [row] = await db
    .insert(apartments)
    .values({ ...values, buildingId })
    .returning();
  return row!;
}

export async function updateApartment(db: DbOrTx, id: number, values: ApartmentValues): Promise<ApartmentRow> {
  const [row] = await db.update(apartments).set(values).where(eq(apartments.id, id)).returning();
  return row!;
}

export async function countResidents(db: DbOrTx, apartmentId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.apartmentId, apartmentId));
  return row?.n ?? 0;
}

export async function hasExpenses(db: DbOrTx, apartmentId: number): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(expenses)
    .where(eq(expenses.apartmentId, apartmentId))
    .limit(1);
  return rows.length > 0;
}

export async function archiveApartment(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(apartments).set({ archivedAt: at }).where(eq(apartments.id, id));
}

export async function destroyApartment(db: DbOrTx, id: number): Promise<void> {
  await db.delete(apartments).where(eq(apartments.id, id));
}
