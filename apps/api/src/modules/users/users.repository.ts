import { and, count, eq, type SQL } from 'drizzle-orm';
import type { ListResult, User } from '@consorcio/domain';
import type { DbOrTx } from '../../db/client.ts';
import { orderBy, pageOf, type Order } from '../../db/paging.ts';
import { apartments, buildings, users } from '../../db/schema.ts';
import { inVisibleBuildings } from '../../lib/tenancy.ts';
import type { Principal } from '../../plugins/auth.ts';

/** The columns a user may be shown with: never the password hash. */
const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  contact: users.contact,
  isDeleted: users.isDeleted,
  role: users.role,
  first_logging: users.firstLogging,
  apartmentId: users.apartmentId,
  apartment: { id: apartments.id, number_apartment: apartments.numberApartment, buildingId: apartments.buildingId },
  building: { id: buildings.id, name: buildings.name },
};

export interface UserFilter {
  buildingId?: number;
  apartmentId?: number;
  /** A resident reads only themself. */
  userId?: number;
}

/** Residents in the caller's buildings, narrowed by the filter; tenancy is part of the WHERE. */
function scopedWhere(db: DbOrTx, principal: Principal, f: UserFilter): SQL {
  const conds: SQL[] = [eq(users.role, 'resident'), inVisibleBuildings(db, principal, apartments.buildingId)];
  if (f.buildingId) conds.push(eq(apartments.buildingId, f.buildingId));
  if (f.apartmentId) conds.push(eq(users.apartmentId, f.apartmentId));
  if (f.userId) conds.push(eq(users.id, f.userId));
  return and(...conds)!;
}

const byName: Order = [
  [users.name, 'asc'],
  [users.id, 'asc'],
];

export async function listUsers(
  db: DbOrTx,
  principal: Principal,
  f: UserFilter,
  page: number,
  pageSize: number,
): Promise<ListResult<User>> {
  const where = scopedWhere(db, principal, f);
  return pageOf(
    { page, pageSize },
    async () =>
      (await db.select({ n: count() }).from(users).innerJoin(apartments, eq(apartments.id, users.apartmentId)).where(where))[0]?.n ?? 0,
    (w) =>
      db
        .select(userColumns)
        .from(users)
        .innerJoin(apartments, eq(apartments.id, users.apartmentId))
        .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
        .where(where)
        .orderBy(...orderBy(byName, w.reversed))
        .limit(w.limit)
        .offset(w.offset),
  );
}

export async function findVisibleUser(db: DbOrTx, principal: Principal, id: number, lock = false): Promise<User | null> {
  const q = db
    .select(userColumns)
    .from(users)
    .innerJoin(apartments, eq(apartments.id, users.apartmentId))
    .innerJoin(buildings, eq(buildings.id, apartments.buildingId))
    .where(and(eq(users.id, id), scopedWhere(db, principal, {})))
    .limit(1);
  const [row] = lock ? await q.for('update', { of: users }) : await q;
  return row ?? null;
}

/** A live apartment of the given building, in the caller's buildings (else null: 404). */
export async function findVisibleApartment(db: DbOrTx, principal: Principal, buildingId: number, apartmentId: number) {
  const [row] = await db
    .select({ id: apartments.id, archivedAt: apartments.archivedAt })
    .from(apartments)
    .where(
      and(eq(apartments.id, apartmentId), eq(apartments.buildingId, buildingId), inVisibleBuildings(db, principal, apartments.buildingId)),
    )
    .limit(1)
    .for('update', { of: apartments });
  return row && !row.archivedAt ? row : null;
}

export async function isApartmentVisible(db: DbOrTx, principal: Principal, apartmentId: number): Promise<boolean> {
  const rows = await db
    .select({ id: apartments.id })
    .from(apartments)
    .where(and(eq(apartments.id, apartmentId), inVisibleBuildings(db, principal, apartments.buildingId)))
    .limit(1);
  return rows.length > 0;
}

export interface NewResident {
  name: string;
  email: string;
  passwordHash: string;
  contact: string;
  isDeleted: boolean;
  apartmentId: number;
}

/** A resident created by an administrator must choose their own password first (first_logging). */
export async function insertResident(db: DbOrTx, v: NewResident): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...v, role: 'resident', firstLogging: true })
    .returning({ id: users.id });
  return row!.id;
}

export async function markApartmentOccupied(db: DbOrTx, apartmentId: number): Promise<void> {
  await db.update(apartments).set({ state: 1 }).where(eq(apartments.id, apartmentId));
}

export async function updateUserRow(
  db: DbOrTx,
  id: number,
  v: { name: string; email: string; contact: string; isDeleted: boolean },
): Promise<void> {
  await db.update(users).set(v).where(eq(users.id, id));
}
