import { and, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { NO_RULES, type AmenityRules, type BookingStatus } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { amenities, apartments, bookings, buildings, expenses, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

/** Local wall-clock text of a timestamp without time zone, the same on both engines and drivers. */
export const localText = (column: typeof bookings.start | typeof bookings.finish) =>
  sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS')`;

export interface SlotRow {
  id: number;
  amenityId: number;
  /** 'YYYY-MM-DDTHH:mm:ss', Argentina. */
  start: string;
  finish: string;
  status: BookingStatus;
  userId: number | null;
  userName: string | null;
  createdAt: Date;
  amenityType: string;
  amenityArchived: boolean;
  rules: AmenityRules;
  buildingId: number;
  buildingName: string;
}

/**
 * One slot within the caller's reach (the amenities of the buildings they may see), with what the
 * rules and the e-mails need. `lock`: row-locked for a change of its status.
 */
export async function findSlot(db: DbOrTx, p: Principal, id: number, lock = false): Promise<SlotRow | undefined> {
  const q = db
    .select({
      id: bookings.id,
      amenityId: bookings.amenityId,
      start: localText(bookings.start),
      finish: localText(bookings.finish),
      status: bookings.status,
      userId: bookings.userId,
      userName: users.name,
      createdAt: bookings.createdAt,
      amenityType: amenities.amenityType,
      amenityArchivedAt: amenities.archivedAt,
      rules: amenities.rules,
      buildingId: amenities.buildingId,
      buildingName: buildings.name,
    })
    .from(bookings)
    .innerJoin(amenities, eq(amenities.id, bookings.amenityId))
    .innerJoin(buildings, eq(buildings.id, amenities.buildingId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.id, id), inVisibleBuildings(db, p, amenities.buildingId)))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: bookings }) : await q;
  if (!row) return undefined;
  const { amenityArchivedAt, rules, ...rest } = row;
  // Rows written before a rule existed lack its key: a missing rule is no rule.
  return { ...rest, amenityArchived: amenityArchivedAt !== null, rules: { ...NO_RULES, ...rules } };
}

export interface BookingResident {
  id: number;
  name: string;
  email: string;
  apartmentId: number;
  buildingId: number;
}

/** A live resident of one of the caller's buildings (a resident caller reaches only their own building). */
export async function findResident(db: DbOrTx, p: Principal, userId: number): Promise<BookingResident | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, apartmentId: apartments.id, buildingId: apartments.buildingId })
    .from(users)
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .where(
      and(eq(users.id, userId), eq(users.role, 'resident'), eq(users.isDeleted, false), inVisibleBuildings(db, p, apartments.buildingId)),
    )
    .limit(1);
  return row;
}

/** These bookers, except the banned (nobody writes to them). One statement. */
export async function activeUsers(db: DbOrTx, userIds: number[]): Promise<{ id: number; name: string; email: string }[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.isDeleted, false)));
}

/** The booker, unless banned (then nobody is written to). */
export async function activeUser(db: DbOrTx, userId: number): Promise<{ id: number; name: string; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isDeleted, false)));
  return row;
}

/**
 * Serializes one apartment's bookings, so the per-week and per-month counts that follow see every
 * booking committed before. NO KEY UPDATE: it excludes other bookers of the apartment but not the
 * key-share locks of foreign keys (an expense inserted for the apartment meanwhile does not wait).
 */
export async function lockApartment(tx: DbOrTx, apartmentId: number): Promise<void> {
  await tx.select({ id: apartments.id }).from(apartments).where(eq(apartments.id, apartmentId)).for('no key update');
}

/**
 * Whether the amenity is live, holding a share lock on its row until the transaction ends: deleting (archiving) the
 * amenity waits for this booking to commit and then cancels it; a booking that comes second waits for the deletion
 * and finds the amenity archived. Taken before the slot's row, as the deletion does (amenity, then its bookings).
 */
export async function shareLiveAmenity(tx: DbOrTx, amenityId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: amenities.id })
    .from(amenities)
    .where(and(eq(amenities.id, amenityId), isNull(amenities.archivedAt)))
    .for('share');
  return rows.length > 0;
}

/** Active bookings of one amenity held by the residents of one apartment, starting in [from, to). */
export async function countApartmentBookings(
  tx: DbOrTx,
  amenityId: number,
  apartmentId: number,
  range: { from: string; to: string },
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.amenityId, amenityId),
        eq(bookings.status, 'booked'),
        eq(users.apartmentId, apartmentId),
        gte(bookings.start, range.from),
        lt(bookings.start, range.to),
      ),
    );
  return row?.n ?? 0;
}

/** Whether the apartment owes an expense of a month before the given one (year, month 0..11). */
export async function owesEarlierExpense(tx: DbOrTx, apartmentId: number, current: { year: number; month: number }): Promise<boolean> {
  const rows = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(
        eq(expenses.apartmentId, apartmentId),
        eq(expenses.status, 'Adeudada'),
        sql`${expenses.year} * 12 + ${expenses.month} < ${current.year * 12 + current.month}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Takes a slot for a user: one conditional update, so of two callers at once exactly one changes
 * the row (the other re-reads it booked and changes nothing). Only a slot that is not booked,
 * starts after `nowLocal`, and belongs to a live amenity of the user's building. The id, or
 * undefined when nothing changed. The partial unique index (one booked seat per user and window)
 * may raise a unique violation.
 */
export async function takeSlot(
  tx: DbOrTx,
  input: { id: number; userId: number; buildingId: number; nowLocal: string },
): Promise<number | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: 'booked', userId: input.userId })
    .where(
      and(
        eq(bookings.id, input.id),
        sql`${bookings.status} <> 'booked'`,
        sql`${bookings.start} > ${input.nowLocal}::timestamp`,
        inArray(
          bookings.amenityId,
          tx
            .select({ id: amenities.id })
            .from(amenities)
            .where(and(eq(amenities.buildingId, input.buildingId), isNull(amenities.archivedAt))),
        ),
      ),
    )
    .returning({ id: bookings.id });
  return row?.id;
}

/** Cancels a slot (already row-locked by the caller); the booker stays for the history. */
export async function cancelSlot(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, id));
}
