import {
  AMENITY_MSG,
  MSG,
  slotCount,
  type Booking,
  type BookingList,
  type BookingStatus,
  type createSlotsSchema,
  type ListQuery,
  localDateTimeIso,
} from '@consorcio/domain';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound, validation } from '../../lib/errors.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import { lockAmenity } from '../amenities/amenities.repository.ts';
import * as repo from './bookings.repository.ts';
import { enqueueMail, enqueueMailBatch } from '../mail/mail.outbox.ts';
import { hasStarted } from './booking-rules.ts';
import { bookedMail, cancelledMail } from './booking.mail.ts';
import { activeUsers, findSlot as findSlotForMail, shareLiveAmenity } from './take.repository.ts';

type SlotsInput = z.output<typeof createSlotsSchema>;

/**
 * Rows one generation may insert: a year of half-hour windows, all day, for 5 seats (87,840);
 * beyond that it is refused before it costs the database anything.
 */
export const SLOT_MAX_ROWS = 100_000;

/** Said when an administrator books without choosing whom for. */

/**
 * As the caller sees a slot: an administrator, as stored. A resident sees names only on their own
 * bookings, and a slot anyone can take (free or cancelled) as free.
 */
export function present(row: repo.SlotRow, p: Principal): Booking {
  const own = p.role === 'admin' || row.userId === p.id;
  const status: BookingStatus = p.role === 'admin' || row.status === 'booked' ? row.status : 'free';
  const mine = own && status !== 'free';
  return {
    id: row.id,
    amenityId: row.amenityId,
    start: row.start,
    finish: row.finish,
    status,
    userId: mine ? row.userId : null,
    user: mine && row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

const presentAll = (r: { items: repo.SlotRow[]; total: number }, p: Principal): BookingList => ({
  items: r.items.map((row) => present(row, p)),
  total: r.total,
});

// ---- generation --------------------------------------------------------------------------------

/**
 * POST /bookings: every window of every day, `capacity` seats each, in one statement. Refused
 * (409) when any window overlaps a slot the amenity already has. The amenity's row is locked
 * first, so two overlapping generations take turns and the second sees the first's slots.
 */
export async function createSlots(db: Db, p: AdminPrincipal, input: SlotsInput): Promise<{ created: number }> {
  return db.transaction(async (tx) => {
    const amenity = await lockAmenity(tx, p, input.idAmenity);
    if (!amenity) throw notFound();
    const planned = slotCount(input, amenity.capacity);
    if (planned.total === 0) throw validation(AMENITY_MSG.slotsNone, { timeEnd: AMENITY_MSG.slotsNone });
    if (planned.total > SLOT_MAX_ROWS) throw validation(AMENITY_MSG.slotsTooMany, { dateEnd: AMENITY_MSG.slotsTooMany });
    if (await repo.generationOverlaps(tx, amenity.id, input)) throw conflict(AMENITY_MSG.slotsOverlap);
    return { created: await repo.insertSlots(tx, amenity.id, amenity.capacity, input) };
  });
}

// ---- reading -----------------------------------------------------------------------------------

export async function listSlots(db: Db, p: Principal, q: repo.SlotFilter, now: Date): Promise<BookingList> {
  return presentAll(await repo.listSlots(db, p, q, localDateTimeIso(now)), p);
}

/** Every slot of one amenity (404 when it is not the caller's). */
export async function listAmenitySlots(db: Db, p: Principal, amenityId: number, q: ListQuery, now: Date): Promise<BookingList> {
  if ((await repo.amenityBuilding(db, p, amenityId)) === undefined) throw notFound();
  return listSlots(db, p, { ...q, amenityId }, now);
}

/** A resident's own bookings, or (administrator) those of a resident of their buildings. */
export async function listUserBookings(db: Db, p: Principal, userId: number, q: ListQuery, now: Date): Promise<BookingList> {
  if (p.role === 'resident' ? userId !== p.id : !(await repo.residentInReach(db, p, userId))) throw notFound();
  const page = presentAll(await repo.listUserBookings(db, p, userId, q, localDateTimeIso(now)), p);
  // Each booking names its amenity: the page's amenities are in the caller's reach (the list's own condition).
  const names = await repo.amenityNames(db, [...new Set(page.items.map((b) => b.amenityId))]);
  const byId = new Map(names.map((a) => [a.id, { id: a.id, amenity_type: a.amenityType, archived: a.archivedAt !== null }]));
  return { ...page, items: page.items.map((b) => ({ ...b, amenity: byId.get(b.amenityId) })) };
}

// ---- the administrator's changes ---------------------------------------------------------------

/** The resident to book for: given, or (re-booking a cancelled slot) the one who held it. */
async function residentFor(tx: DbOrTx, buildingId: number, userId: number | undefined): Promise<number> {
  if (userId === undefined) throw validation(AMENITY_MSG.chooseResident, { userId: AMENITY_MSG.chooseResident });
  if (!(await repo.isResidentOf(tx, userId, buildingId))) throw notFound();
  return userId;
}

async function bookFor(tx: DbOrTx, slotId: number, userId: number): Promise<void> {
  try {
    if ((await repo.bookSlotFor(tx, slotId, userId)) === 0) throw conflict(AMENITY_MSG.taken);
  } catch (e) {
    if (isUniqueViolation(e, 'bookings_one_per_user_window_uq')) throw conflict(AMENITY_MSG.onePerWindow);
    throw e;
  }
}

/** What the booking e-mails need besides the database. */
export interface SlotMailContext {
  now: Date;
  publicUrl: string;
}

/**
 * Tells each resident whose upcoming booking the administration took (freed or cancelled), in the
 * change's transaction. A booking that has started, or a banned booker, gets no e-mail.
 */
async function mailTaken(tx: DbOrTx, amenityId: number, taken: repo.TakenBooking[], ctx: SlotMailContext): Promise<void> {
  const upcoming = taken.filter((t) => !hasStarted(t.start, ctx.now));
  if (upcoming.length === 0) return;
  const label = await repo.amenityLabel(tx, amenityId);
  const active = await activeUsers(
    tx,
    upcoming.map((t) => t.userId),
  );
  const bookers = new Map(active.map((u) => [u.id, u]));
  await enqueueMailBatch(
    tx,
    upcoming.flatMap((t) => {
      const booker = bookers.get(t.userId);
      return booker
        ? [{ to: booker.email, mail: cancelledMail({ ...label, start: t.start, finish: t.finish }, booker, true, ctx.publicUrl) }]
        : [];
    }),
  );
}

/** Confirms to the resident a booking the administration made for them (not for a slot that has started). */
async function mailBookedFor(tx: DbOrTx, slotId: number, userId: number, p: AdminPrincipal, ctx: SlotMailContext): Promise<void> {
  const slot = await findSlotForMail(tx, p, slotId);
  if (!slot || hasStarted(slot.start, ctx.now)) return;
  const [resident] = await activeUsers(tx, [userId]);
  if (resident) await enqueueMail(tx, resident.email, bookedMail(slot, resident, true, ctx.publicUrl));
}

/**
 * PUT /bookings/{id}: free (the user is cleared), cancelled (the user stays, for the history) or
 * booked for a resident of the amenity's building (`userId`; without it, the one who held the
 * slot). Booking is refused when someone else holds the slot: free it first. The resident who
 * gains or loses an upcoming booking is e-mailed, in the same transaction.
 */
export async function setSlotStatus(
  db: Db,
  p: AdminPrincipal,
  id: number,
  body: { status: BookingStatus; userId?: number },
  ctx: SlotMailContext,
): Promise<Booking> {
  return db.transaction(async (tx) => {
    const current = await repo.findSlot(tx, p, id);
    const buildingId = current && (await repo.slotBuilding(tx, p, id));
    if (!current || buildingId === undefined) throw notFound();
    if (body.status === 'booked') {
      const userId = await residentFor(tx, buildingId, body.userId ?? current.userId ?? undefined);
      // Deleting the amenity at the same moment: one waits for the other (take.repository's shareLiveAmenity).
      if (!(await shareLiveAmenity(tx, current.amenityId))) throw notFound();
      await bookFor(tx, id, userId);
      // Booking it again for the one who holds it changes nothing to tell.
      if (!(current.status === 'booked' && current.userId === userId)) await mailBookedFor(tx, id, userId, p, ctx);
    } else {
      const { taken } = await repo.setStatus(tx, { id }, body.status);
      await mailTaken(tx, current.amenityId, taken, ctx);
    }
    return present((await repo.findSlot(tx, p, id))!, p);
  });
}

const LOCAL_MINUTE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** A real local date-time 'YYYY-MM-DDTHH:mm' (the schema checks only its shape). */
function assertLocalMinute(start: string): void {
  const m = LOCAL_MINUTE.exec(start);
  const valid =
    !!m &&
    Number(m[2]) < 24 &&
    Number(m[3]) < 60 &&
    new Date(`${m[1]}T00:00:00Z`).toISOString().startsWith(m[1]!) &&
    m[1]! >= '2000-01-01' &&
    m[1]! <= '2100-12-31';
  if (!valid) throw validation(MSG.invalidValue, { start: MSG.invalidValue });
}

/**
 * PUT /bookings/group: every seat of the amenity's window starting at `start`. Free and cancelled
 * apply to them all; booked gives the resident one seat of the window (a resident holds at most
 * one), the lowest not booked. 404 when the amenity has no slot then. Residents who gain or lose an
 * upcoming booking are e-mailed, as in setSlotStatus.
 */
export async function setGroupStatus(
  db: Db,
  p: AdminPrincipal,
  body: { amenityId: number; start: string; status: BookingStatus; userId?: number },
  ctx: SlotMailContext,
): Promise<{ updated: number }> {
  assertLocalMinute(body.start);
  return db.transaction(async (tx) => {
    const buildingId = await repo.amenityBuilding(tx, p, body.amenityId);
    if (buildingId === undefined || (await repo.windowSize(tx, body.amenityId, body.start)) === 0) throw notFound();
    if (body.status !== 'booked') {
      const { updated, taken } = await repo.setStatus(tx, { amenityId: body.amenityId, start: body.start }, body.status);
      await mailTaken(tx, body.amenityId, taken, ctx);
      return { updated };
    }
    const userId = await residentFor(tx, buildingId, body.userId);
    // As in setSlotStatus; before the seat's row, as the deletion locks the amenity before its bookings.
    if (!(await shareLiveAmenity(tx, body.amenityId))) throw notFound();
    const seat = await repo.freeSeatOfWindow(tx, body.amenityId, body.start);
    if (seat === undefined) throw conflict(AMENITY_MSG.taken);
    await bookFor(tx, seat, userId);
    await mailBookedFor(tx, seat, userId, p, ctx);
    return { updated: 1 };
  });
}
