import {
  APARTMENT_MSG,
  type Apartment,
  type ApartmentState,
  type ListQuery,
  type ListResult,
  type createApartmentSchema,
  type updateApartmentSchema,
} from '@consorcio/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertBuildingVisible } from '../../lib/tenancy.ts';
import type { AdminPrincipal } from '../../plugins/auth.ts';
import * as repo from './apartments.repository.ts';

/** Postgres foreign_key_violation (23503) from node-postgres or PGlite, possibly wrapped by Drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  let cur = err as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 5; i++, cur = cur.cause as typeof cur) if (cur.code === '23503') return true;
  return false;
}

export function presentApartment(a: repo.ApartmentRow): Apartment {
  return {
    id: a.id,
    buildingId: a.buildingId,
    cata_apartment: a.cataApartment,
    number_apartment: a.numberApartment,
    mt2: Number(a.mt2),
    state: (a.state === 1 ? 1 : 0) as ApartmentState,
  };
}

type CreateData = z.output<typeof createApartmentSchema>;
type UpdateData = z.output<typeof updateApartmentSchema>;

const values = (d: UpdateData): repo.ApartmentValues => ({
  cataApartment: d.cata_apartment,
  numberApartment: d.number_apartment,
  mt2: d.mt2,
  state: d.state,
});

export async function listApartments(db: Db, principal: AdminPrincipal, buildingId: number, q: ListQuery): Promise<ListResult<Apartment>> {
  await assertBuildingVisible(db, principal, buildingId);
  const { items, total } = await repo.listApartments(db, principal, buildingId, q.page, q.pageSize);
  return { items: items.map(presentApartment), total };
}

export async function getApartment(db: Db, principal: AdminPrincipal, id: number): Promise<Apartment> {
  const row = await repo.findApartment(db, principal, id);
  if (!row) throw notFound();
  return presentApartment(row);
}

/** The partial unique index (building, number) among live apartments settles races between creators. */
export async function createApartment(db: Db, principal: AdminPrincipal, input: CreateData): Promise<Apartment> {
  await assertBuildingVisible(db, principal, input.building);
  try {
    return presentApartment(await repo.insertApartment(db, input.building, values(input)));
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(APARTMENT_MSG.createFailed);
    throw e;
  }
}

/** Renumbering needs a vacant apartment: nobody's address changes under them. */
export async function updateApartment(db: Db, principal: AdminPrincipal, id: number, input: UpdateData): Promise<Apartment> {
  try {
    return await db.transaction(async (tx) => {
      const current = await repo.findApartment(tx, principal, id, true);
      if (!current) throw notFound();
      if (current.numberApartment !== input.number_apartment) {
        const occupied = current.state === 1 || (await repo.countResidents(tx, id)) > 0;
        if (occupied) throw conflict(APARTMENT_MSG.editFailed);
      }
      return presentApartment(await repo.updateApartment(tx, id, values(input)));
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw conflict(APARTMENT_MSG.editFailed);
    throw e;
  }
}

/** Refused while residents live there; with money history (or other records) it is archived, not destroyed. */
export async function deleteApartment(db: Db, principal: AdminPrincipal, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.findApartment(tx, principal, id, true);
    if (!current) throw notFound();
    if ((await repo.countResidents(tx, id)) > 0) throw conflict(APARTMENT_MSG.deleteFailed);
    if (await repo.hasExpenses(tx, id)) return repo.archiveApartment(tx, id, now);
    try {
      // A savepoint: if complaints or bookings still point at it, keep the row archived instead.
      await tx.transaction((sp) => repo.destroyApartment(sp, id));
    } catch (e) {
      if (!isForeignKeyViolation(e)) throw e;
      await repo.archiveApartment(tx, id, now);
    }
  });
}
