import { and, asc, eq, exists, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { prepared } from '../db/prepared.ts';
import { apartments, buildingAdmins, buildings, users } from '../db/schema.ts';
import type { Principal } from '../plugins/auth.ts';
import { notFound } from './errors.ts';

/**
 * Tenancy lives in the query: every repository call narrows by the buildings the caller may see.
 * Administrators see the live buildings they administer; residents see their own building.
 */
export function visibleBuildingIds(db: DbOrTx, principal: Principal) {
  return principal.role === 'admin'
    ? visibleBuildingIdsOf(db, 'admin', principal.id)
    : visibleBuildingIdsOf(db, 'resident', principal.buildingId ?? -1);
}

/**
 * The same, for a prepared statement: `who` is the administrator's user id, or the resident's building id, as a
 * value or as a placeholder.
 */
export function visibleBuildingIdsOf(db: DbOrTx, role: Principal['role'], who: number | Placeholder) {
  if (role === 'admin') {
    return db
      .select({ id: buildingAdmins.buildingId })
      .from(buildingAdmins)
      .innerJoin(buildings, eq(buildings.id, buildingAdmins.buildingId))
      .where(and(eq(buildingAdmins.userId, who), isNull(buildings.archivedAt)));
  }
  return db
    .select({ id: buildings.id })
    .from(buildings)
    .where(and(eq(buildings.id, who), isNull(buildings.archivedAt)));
}

/**
 * The same rule for a statement that reads its caller too (the session lookup's `users` and `apartments` joined,
 * so that the caller and what they read cost one round trip): whether the row of `buildings` in that statement is
 * live and the caller's: administered by the user, or the resident's own. Correlated (one primary-key probe for the
 * row), where `IN (visibleBuildingIdsOf …)` under an OR would list every building of an administrator.
 */
export function callerSeesBuilding(db: DbOrTx): SQL {
  return and(
    isNull(buildings.archivedAt),
    or(
      and(
        eq(users.role, 'admin'),
        exists(
          db
            .select({ one: sql`1` })
            .from(buildingAdmins)
            .where(and(eq(buildingAdmins.userId, users.id), eq(buildingAdmins.buildingId, buildings.id))),
        ),
      ),
      and(eq(users.role, 'resident'), eq(buildings.id, apartments.buildingId)),
    ),
  )!;
}

/** What fills `who` of visibleBuildingIdsOf for this caller. */
export const tenancyKey = (principal: Principal): number => (principal.role === 'admin' ? principal.id : (principal.buildingId ?? -1));

/** `column IN (the caller's buildings)`: put it in the WHERE of every scoped query. */
export function inVisibleBuildings(db: DbOrTx, principal: Principal, column: PgColumn): SQL {
  return inArray(column, visibleBuildingIds(db, principal));
}

/** Throws 404 unless the caller may see this building (as if it did not exist). */
export async function assertBuildingVisible(db: DbOrTx, principal: Principal, buildingId: number): Promise<void> {
  const role = principal.role;
  const rows = await prepared(db, `building_visible_${role}`, (name) =>
    db
      .select({ id: buildings.id })
      .from(buildings)
      .where(
        and(eq(buildings.id, sql.placeholder('buildingId')), inArray(buildings.id, visibleBuildingIdsOf(db, role, sql.placeholder('who')))),
      )
      .limit(1)
      .prepare(name),
  ).execute({ buildingId, who: tenancyKey(principal) });
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
