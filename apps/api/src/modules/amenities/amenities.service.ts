import { localDateTimeIso, type Amenity, type AmenityRules, type ListResult, type createAmenitySchema } from '@consorcio/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal, Principal } from '../../plugins/auth.ts';
import { enqueueMailBatch } from '../mail/mail.outbox.ts';
import { withdrawnMail } from '../bookings/booking.mail.ts';
import * as repo from './amenities.repository.ts';

type AmenityInput = z.output<typeof createAmenitySchema>;

export function present(row: repo.AmenityRow): Amenity {
  return {
    id: row.id,
    amenity_type: row.amenityType,
    quantity: row.quantity,
    capacity: row.capacity,
    amenity_detail: row.amenityDetail,
    buildingId: row.buildingId,
    building: { id: row.buildingId, name: row.buildingName },
    rules: row.rules as AmenityRules,
    freeSlots: row.freeSlots,
  };
}

function values(input: AmenityInput): repo.AmenityValues {
  return {
    buildingId: input.building,
    amenityType: input.amenity_type,
    quantity: input.quantity,
    capacity: input.capacity,
    amenityDetail: input.amenity_detail,
    rules: input.rules,
  };
}

export async function listAmenities(
  db: Db,
  p: Principal,
  q: { buildingId?: number; page: number; pageSize: number },
  now: Date,
): Promise<ListResult<Amenity>> {
  const r = await repo.listAmenities(db, p, q, localDateTimeIso(now));
  return { items: r.items.map(present), total: r.total };
}

export async function getAmenity(db: Db, p: Principal, id: number, now: Date): Promise<Amenity> {
  const row = await repo.findAmenity(db, p, id, localDateTimeIso(now));
  if (!row) throw notFound();
  return present(row);
}

export async function createAmenity(db: Db, p: AdminPrincipal, input: AmenityInput, now: Date): Promise<Amenity> {
  return db.transaction(async (tx) => {
    await assertBuildingVisible(tx, p, input.building);
    const id = await repo.insertAmenity(tx, values(input));
    return present((await repo.findAmenity(tx, p, id, localDateTimeIso(now)))!);
  });
}

/**
 * Slots already generated keep their seats: a new capacity applies to the next generation.
 * Moving it to another building needs that building to be the administrator's too.
 */
export async function updateAmenity(db: Db, p: AdminPrincipal, id: number, input: AmenityInput, now: Date): Promise<Amenity> {
  return db.transaction(async (tx) => {
    await assertBuildingVisible(tx, p, input.building);
    if (!(await repo.updateAmenity(tx, p, id, values(input)))) throw notFound();
    return present((await repo.findAmenity(tx, p, id, localDateTimeIso(now)))!);
  });
}

/**
 * Archives it: its free slots stop being offered and past bookings stay in the history. Its upcoming bookings are
 * cancelled and each booker is e-mailed, in the same transaction; a booking taken at the same moment either commits
 * first (and is cancelled here) or waits on the amenity's row and finds it archived (take.service).
 */
export async function deleteAmenity(db: Db, p: AdminPrincipal, id: number, now: Date, ctx: { publicUrl: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const archived = await repo.archiveAmenity(tx, p, id, now);
    if (!archived) throw notFound();
    const cancelled = await repo.cancelUpcomingBookings(tx, id, localDateTimeIso(now));
    await enqueueMailBatch(
      tx,
      cancelled.map((c) => ({
        to: c.booker.email,
        mail: withdrawnMail({ ...archived, start: c.start, finish: c.finish }, c.booker, ctx.publicUrl),
      })),
    );
  });
}
