import { AMENITY_MSG, currentMonth, localDateTimeIso, RULE_MSG, type Booking } from '@consorcio/domain';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import type { Principal } from '../../plugins/auth.ts';
import { enqueueMail } from '../mail/mail.outbox.ts';
import { cancelRuleRefusal, hasStarted, monthOf, timeRuleRefusal, weekOf } from './booking-rules.ts';
import { bookedMail, cancelledMail } from './booking.mail.ts';
import * as repo from './take.repository.ts';

/** What the e-mails need besides the database: the address their links point at. */
export interface MailContext {
  publicUrl: string;
}

export function presentSlot(row: repo.SlotRow): Booking {
  return {
    id: row.id,
    amenityId: row.amenityId,
    start: row.start.slice(0, 16),
    finish: row.finish.slice(0, 16),
    status: row.status,
    userId: row.userId,
    user: row.userId !== null && row.userName !== null ? { id: row.userId, name: row.userName } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The amenity's rules for a resident booking for themself, checked inside the booking's
 * transaction after the apartment's row lock, so two bookings of one apartment count in turn.
 */
async function refuseByRules(tx: DbOrTx, slot: repo.SlotRow, apartmentId: number, now: Date): Promise<void> {
  const { rules, amenityType: name } = slot;
  const timeRefusal = timeRuleRefusal(rules, name, slot.start, now);
  if (timeRefusal) throw conflict(timeRefusal);
  if (rules.blockDebtors && (await repo.owesEarlierExpense(tx, apartmentId, currentMonth(now)))) {
    throw conflict(RULE_MSG.blockDebtors(name));
  }
  if (
    rules.maxPerWeek !== null &&
    (await repo.countApartmentBookings(tx, slot.amenityId, apartmentId, weekOf(slot.start))) >= rules.maxPerWeek
  ) {
    throw conflict(RULE_MSG.maxPerWeek(rules.maxPerWeek, name));
  }
  if (
    rules.maxPerMonth !== null &&
    (await repo.countApartmentBookings(tx, slot.amenityId, apartmentId, monthOf(slot.start))) >= rules.maxPerMonth
  ) {
    throw conflict(RULE_MSG.maxPerMonth(rules.maxPerMonth, name));
  }
}

/**
 * PUT /bookings/takeBooking/{bookingId}/{userId}: a resident books for themself (within the
 * amenity's rules); an administrator books for a resident of the slot's building (rules
 * overridden). The slot changes in one conditional update, so of many at once exactly one wins;
 * the resident is e-mailed in the same transaction.
 */
export async function takeBooking(db: Db, p: Principal, bookingId: number, userId: number, now: Date, ctx: MailContext): Promise<Booking> {
  // A resident books only for themself: another user's id names nothing they can reach.
  if (p.role === 'resident' && userId !== p.id) throw notFound();
  const byResident = p.role === 'resident';
  try {
    return await db.transaction(async (tx) => {
      const resident = await repo.findResident(tx, p, userId);
      if (!resident) throw notFound();
      if (byResident) await repo.lockApartment(tx, resident.apartmentId);
      const slot = await repo.findSlot(tx, p, bookingId);
      if (!slot || slot.amenityArchived || slot.buildingId !== resident.buildingId) throw notFound();
      if (!(await repo.shareLiveAmenity(tx, slot.amenityId))) throw notFound();
      if (slot.status === 'booked') throw conflict(AMENITY_MSG.taken);
      if (hasStarted(slot.start, now)) throw conflict(AMENITY_MSG.past);
      if (byResident) await refuseByRules(tx, slot, resident.apartmentId, now);

      const taken = await repo.takeSlot(tx, { id: bookingId, userId, buildingId: resident.buildingId, nowLocal: localDateTimeIso(now) });
      const after = await repo.findSlot(tx, p, bookingId);
      if (!taken || !after) {
        // Someone else changed it between the read and the update: say what it is now.
        if (!after || after.amenityArchived) throw notFound();
        if (hasStarted(after.start, now)) throw conflict(AMENITY_MSG.past);
        throw conflict(AMENITY_MSG.taken);
      }
      await enqueueMail(tx, resident.email, bookedMail(after, resident, !byResident, ctx.publicUrl));
      return presentSlot(after);
    });
  } catch (e) {
    // The partial unique index: this user already holds a seat of the same window.
    if (isUniqueViolation(e, 'bookings_one_per_user_window_uq')) throw conflict(AMENITY_MSG.onePerWindow);
    throw e;
  }
}

/**
 * PUT /bookings/cancelBooking/{bookingId}: the booker (within the cancellation deadline, before
 * the start) or an administrator of the building. The booker stays on the slot for the history;
 * the resident's list hides cancelled ones, and an administrator can free the slot again. The
 * booker is e-mailed in the same transaction. Cancelling a cancelled slot again changes nothing.
 */
export async function cancelBooking(db: Db, p: Principal, bookingId: number, now: Date, ctx: MailContext): Promise<Booking> {
  return db.transaction(async (tx) => {
    const slot = await repo.findSlot(tx, p, bookingId, true);
    if (!slot) throw notFound();
    if (p.role === 'resident') {
      // Only their own booking; a slot freed or taken by someone else since is not theirs.
      if (slot.userId !== p.id || slot.status === 'free') throw notFound();
      if (slot.status === 'cancelled') return presentSlot(slot);
      if (hasStarted(slot.start, now)) throw conflict(AMENITY_MSG.past);
      const refusal = cancelRuleRefusal(slot.rules, slot.amenityType, slot.start, now);
      if (refusal) throw conflict(refusal);
    } else if (slot.status === 'cancelled') {
      return presentSlot(slot);
    }
    await repo.cancelSlot(tx, slot.id);
    if (slot.status === 'booked' && slot.userId !== null) {
      const booker = await repo.activeUser(tx, slot.userId);
      if (booker) await enqueueMail(tx, booker.email, cancelledMail(slot, booker, p.role === 'admin', ctx.publicUrl));
    }
    return presentSlot({ ...slot, status: 'cancelled' });
  });
}
