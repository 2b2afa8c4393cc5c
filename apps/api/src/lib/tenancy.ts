import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { buildingAdmins, buildings, users } from '../db/schema.ts';
import type { Principal } from '../plugins/auth.ts';
import { notFound } from './errors.ts';

/**
 * Tenancy lives in the query: every repository call narrows by the buildings the caller may see.
 * Administrators see the live buildings they administer; residents see their own building.
 */
export function visibleBuildingIds(db: DbOrTx, principal: Principal) {
  if (principal.role === 'admin') {
    return db
      .select({ id: buildingAdmins.buildingId })
      .from(buildingAdmins)
      .innerJoin(buildings, eq(buildings.id, buildingAdmins.buildingId))
      .where(and(eq(buildingAdmins.userId, principal.id), isNull(buildings.archivedAt)));
  }
  return db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, principal.buildingId ?? -1), isNull(buildings.archivedAt)));
}

/** `column IN (the caller's buildings)`: put it in the WHERE of every scoped query. */
export function inVisibleBuildings(db: DbOrTx, principal: Principal, column: PgColumn): SQL {
  return inArray(column, visibleBuildingIds(db, principal));
}

/** Throws 404 unless the caller may see this building (as if it did not exist). */
export async function assertBuildingVisible(db: DbOrTx, principal: Principal, buildingId: number): Promise<void> {
  const visible =
    principal.role === 'admin'
      ? db
          .select({ id: buildingAdmins.buildingId })
          .from(buildingAdmins)
          .innerJoin(buildings, eq(buildings.id, buildingAdmins.buildingId))
          .where(and(eq(buildingAdmins.userId, principal.id), eq(buildingAdmins.buildingId, buildingId), isNull(buildings.archivedAt)))
      : db
          .select({ id: buildings.id })
          .from(buildings)
          .where(and(eq(buildings.id, buildingId), eq(buildings.id, principal.buildingId ?? -1), isNull(buildings.archivedAt)));
  const rows = await visible.limit(1);
  if (rows.length === 0) throw notFound();
}

export interface Person {
  id: number;
  name: string;
  email: string;
}

/** Who hears about a building's complaints and service proposals: its administrators, banned ones aside. */
export async function buildingAdminsOf(db: DbOrTx, buildingId: number): Promise<Person[]> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(buildingAdmins)
    .innerJoin(users, eq(users.id, buildingAdmins.userId))
    .where(and(eq(buildingAdmins.buildingId, buildingId), eq(users.isDeleted, false)))
    .orderBy(asc(users.id));
}
