import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AmenityRules } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { amenities, bookings, buildings } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import { activeUsers, localText } from '../bookings/take.repository.ts';
import type { Principal } from '../../plugins/auth.ts';

export interface AmenityRow {
  id: number;
  buildingId: number;
  amenityType: string;
  quantity: number;
  capacity: number;
  amenityDetail: string;
  rules: AmenityRules;
  buildingName: string;
  freeSlots: number;
}

export interface AmenityValues {
  buildingId: number;
  amenityType: string;
  quantity: number;
  capacity: number;
  amenityDetail: string;
  rules: AmenityRules;
}

/**
 * "Turnos disponibles": the slots that can still be taken (not booked, starting after `localNow`,
 * the Argentine wall-clock time the slots are stored in). Counted on the (amenity_id, start) index.
 */
const freeSlots = (localNow: string) =>
  sql<number>`(select count(*) from bookings b
    where b.amenity_id = ${amenities.id} and b.status <> 'booked' and b.start > ${localNow}::timestamp)`.mapWith(Number);

const withBuilding = (db: DbOrTx, localNow: string) =>
  db
    .select({
      id: amenities.id,
      buildingId: amenities.buildingId,
      amenityType: amenities.amenityType,
      quantity: amenities.quantity,
      capacity: amenities.capacity,
      amenityDetail: amenities.amenityDetail,
      rules: amenities.rules,
      buildingName: buildings.name,
      freeSlots: freeSlots(localNow),
    })
    .from(amenities)
    .innerJoin(buildings, eq(buildings.id, amenities.buildingId));

/** The live (not archived) amenities of the caller's buildings. */
export function inReach(db: DbOrTx, p: Principal): SQL {
  return and(isNull(amenities.archivedAt), inVisibleBuildings(db, p, amenities.buildingId))!;
}

/** By building, then by type. */
const byBuildingAndType: Order = [
  [buildings.name, 'asc'],
  [amenities.amenityType, 'asc'],
  [amenities.id, 'asc'],
];

export async function listAmenities(
  db: DbOrTx,
  p: Principal,
  q: { buildingId?: number; page: number; pageSize: number },
  localNow: string,
): Promise<{ items: AmenityRow[]; total: number }> {
  const where = and(inReach(db, p), q.buildingId ? eq(amenities.buildingId, q.buildingId) : undefined);
  return pageOf(
    q,
    async () => (await db.select({ n: count() }).from(amenities).where(where))[0]?.n ?? 0,
    (w) =>
      withBuilding(db, localNow)
        .where(where)
        .orderBy(...orderBy(byBuildingAndType, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

export async function findAmenity(db: DbOrTx, p: Principal, id: number, localNow: string): Promise<AmenityRow | undefined> {
  const [row] = await withBuilding(db, localNow).where(and(eq(amenities.id, id), inReach(db, p)));
  return row;
}

/**
 * The caller's live amenity, row-locked: slot generations of one amenity take turns on it, so
 * two overlapping ones cannot both pass the overlap check.
 */
export async function lockAmenity(tx: DbOrTx, p: Principal, id: number) {
  const [row] = await tx
    .select({ id: amenities.id, buildingId: amenities.buildingId, capacity: amenities.capacity })
    .from(amenities)
    .where(and(eq(amenities.id, id), inReach(tx, p)))
    .for('update', { of: amenities });
  return row;
}

export async function insertAmenity(tx: DbOrTx, v: AmenityValues): Promise<number> {
  const [row] = await tx.insert(amenities).values(v).returning({ id: amenities.id });
  return row!.id;
}

export async function updateAmenity(tx: DbOrTx, p: Principal, id: number, v: AmenityValues): Promise<boolean> {
  const rows = await tx
    .update(amenities)
    .set(v)
    .where(and(eq(amenities.id, id), inReach(tx, p)))
    .returning({ id: amenities.id });
  return rows.length > 0;
}

/**
 * Archives a live amenity (the history of its bookings stays): its type and building's name, or undefined when there
 * was no live amenity in reach to archive. The amenity's row lock (taken by this update) is what a booking waits on.
 */
export async function archiveAmenity(
  tx: DbOrTx,
  p: Principal,
  id: number,
  at: Date,
): Promise<{ amenityType: string; buildingName: string } | undefined> {
  const [row] = await tx
    .update(amenities)
    .set({ archivedAt: at })
    .from(buildings)
    .where(and(eq(amenities.id, id), eq(buildings.id, amenities.buildingId), inReach(tx, p)))
    .returning({ amenityType: amenities.amenityType, buildingName: buildings.name });
  return row;
}

/**
 * Cancels the amenity's booked slots that start after `nowLocal` (the booker stays, for the history) and says, for
 * each, who is to be told: the booker unless banned. Two statements whatever the number of bookings.
 */
export async function cancelUpcomingBookings(tx: DbOrTx, amenityId: number, nowLocal: string) {
  const cancelled = await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.amenityId, amenityId), eq(bookings.status, 'booked'), sql`${bookings.start} > ${nowLocal}::timestamp`))
    .returning({ id: bookings.id, start: localText(bookings.start), finish: localText(bookings.finish), userId: bookings.userId });
  const bookers = await activeUsers(
    tx,
    cancelled.flatMap((c) => (c.userId === null ? [] : [c.userId])),
  );
  const byId = new Map(bookers.map((b) => [b.id, b]));
  return cancelled.flatMap((c) => {
    const booker = c.userId === null ? undefined : byId.get(c.userId);
    return booker ? [{ start: c.start, finish: c.finish, booker }] : [];
  });
}
